import { defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/** The sign-in entry's root, which src/main.tsx loads for a signed-out browser (docs/decisions/screen-bundles.md). */
const SIGN_IN_ROOT = fileURLToPath(new URL('./src/auth/PublicApp.tsx', import.meta.url));

/** What the sign-in entry must not import: react-admin, react-router, MUI's index (which imports every component). */
const NOT_FOR_SIGN_IN =
  /node_modules[\\/](react-admin|ra-core|ra-ui-materialui|react-router|react-router-dom)[\\/]|@mui[\\/]material[\\/]index\.m?js$/;

let signInModules: Set<string> | undefined;

/**
 * The modules the sign-in entry imports statically, directly or not, read from rolldown's module graph. The graph
 * lists every module an index re-exports, hence the rule that the entry imports MUI's components by their own paths.
 * @throws Error when the entry reaches a module of NOT_FOR_SIGN_IN (its download would grow by react-admin's)
 */
function signInClosure(ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const stack: [string, string][] = [[SIGN_IN_ROOT, SIGN_IN_ROOT]];
  while (stack.length) {
    const [id, from] = stack.pop()!;
    if (seen.has(id)) continue;
    if (NOT_FOR_SIGN_IN.test(id)) throw new Error(`L'entrée de connexion importe ${id} (depuis ${from})`);
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push([next, id]);
  }
  return seen;
}

/**
 * Vite build of the React-Admin back-office (src/, entry index.html) and of the public tracking page (issue 14 §1,
 * entry suivi.html → src/suivi/, a small bundle of its own served at /suivi by server/plugins/static.ts). In
 * development, /api is proxied to the API server on port 3000, or to API_PROXY_TARGET when set (`npm run dev:mock`
 * points it at the mock API of mock-api/, issue 14 §5).
 * Every text asset is also written precompressed (.br and .gz) so the server sends them without compressing per
 * request (server/plugins/static.ts, issue 12 §5). `object.entries` (a polyfill node-polyglot requires) is replaced by
 * the browser's own Object.entries (src/shims/object-entries.cjs).
 */
export default defineConfig({
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) } },
  server: {
    proxy: {
      '/api': process.env.API_PROXY_TARGET || 'http://127.0.0.1:3000',
      '/app-config.js': process.env.API_PROXY_TARGET || 'http://127.0.0.1:3000',
    },
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // src/App.tsx is an input so that what it imports statically is tagged '$initial' (the 'app' group below);
      // src/main.tsx loads it with import() (docs/decisions/screen-bundles.md "The sign-in entry").
      input: { main: 'index.html', app: 'src/App.tsx', suivi: 'suivi.html' },
      // An index's re-exports nobody imports are not compiled: the sign-in closure below lists fewer of MUI's modules.
      experimental: { lazyBarrel: true },
      // What src/main.tsx's two screens import at once is loaded at once anyway: one chunk each rather than a dozen
      // shared pieces (each response costs ~1 KB of headers, and one file compresses better), issue 12 §5:
      // - 'signin': what the sign-in entry imports (the app imports it too); main.tsx's own chunk imports it;
      // - 'app': the rest of what the app imports statically (not main.tsx, nor the HTML module, which would bring
      //   main.tsx with it);
      // - React, which the tracking page shares, is a chunk of its own, as are the amount formatters both entries
      //   share (common/format.ts and what it imports: Intl only, a few kB); the tracking page's modules stay out, so
      //   /suivi never loads react-admin.
      output: {
        codeSplitting: {
          groups: [
            { name: 'format', test: /[\\/]common[\\/](format|devises|money)\.ts$/, priority: 3 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite\/modulepreload-polyfill/, priority: 2 },
            {
              debugName: 'signin',
              name: (id, ctx) => ((signInModules ??= signInClosure(ctx)).has(id) ? 'signin' : null),
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], test: (id: string) => !/suivi|\.html|src[\\/]main\.tsx$/.test(id), priority: 1 },
          ],
        },
      },
    },
  },
});
