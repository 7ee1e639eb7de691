/**
 * The server as one JavaScript file for `npm start` (docs/decisions/embedded-start.md, embedded start ≤ 3 s): esbuild bundles server/main.ts,
 * the project's modules (server/, common/) and the packages they use into dist-server/main.mjs. Node then loads one
 * file instead of resolving and transpiling ~150 TypeScript modules through tsx (about 1.4 s of a 4.5 s start,
 * bench/README.md "Embedded start") and instead of resolving, reading and wrapping ~500 CommonJS files of
 * node_modules one by one (about 0.25 s more). Tests, `npm run dev:server` and the scripts keep running the sources
 * through tsx.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * Packages left in node_modules, loaded from there at run time: native code (argon2, pg-native), packages that read
 * files beside their own code (PGlite's WebAssembly and file-system bundle, swagger-ui's static folder), and the ones
 * the server imports only when needed (exceljs for an export, nodemailer for the first mail, smpp for the first SMS bind,
 * prom-client when METRICS_PORT is set), so that their code is
 * not even read at start.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'argon2',
  'pg-native',
  '@fastify/swagger-ui',
  'exceljs',
  'nodemailer',
  'smpp',
  'prom-client',
];

/** npm's record of the installed packages. */
const INSTALLED = path.join(root, 'node_modules', '.package-lock.json');

/** Path of the bundle. */
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.mjs');

/** Newest modification time (ms) of the files under a folder. */
export function newestUnder(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestUnder(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Builds dist-server/main.mjs when it is missing or older than a file of server/ or common/, the installed packages
 * (node_modules/.package-lock.json, which npm rewrites at every install) or this script.
 * @returns whether it was built
 */
export async function buildServerIfStale() {
  const built = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  const sources = Math.max(
    newestUnder(path.join(root, 'server')),
    newestUnder(path.join(root, 'common')),
    existsSync(INSTALLED) ? statSync(INSTALLED).mtimeMs : Infinity,
    statSync(new URL(import.meta.url)).mtimeMs,
  );
  if (built >= sources) return false;
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // The CommonJS packages bundled call require() for Node's own modules: an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return true;
}
