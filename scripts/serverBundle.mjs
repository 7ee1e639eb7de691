/**
 * The server as one JavaScript file for `npm start` (issue 12 §6, embedded start ≤ 3 s): esbuild bundles server/main.ts
 * and the project's modules (server/, common/) into dist-server/main.mjs, packages left to node_modules. Node then
 * loads one file instead of resolving and transpiling ~150 TypeScript modules through tsx at every start (about
 * 1.4 s of a 4.5 s start, bench/README.md "Embedded start"). Tests, `npm run dev:server` and the scripts keep running
 * the sources through tsx.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

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
 * Builds dist-server/main.mjs when it is missing or older than a file of server/ or common/.
 * @returns whether it was built
 */
export async function buildServerIfStale() {
  const built = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  const sources = Math.max(newestUnder(path.join(root, 'server')), newestUnder(path.join(root, 'common')));
  if (built >= sources) return false;
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return true;
}
