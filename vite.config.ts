import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

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
      input: { main: 'index.html', suivi: 'suivi.html' },
      // Everything the back-office entry imports statically is loaded at once anyway: one chunk rather than a dozen
      // shared pieces (each response costs ~1 KB of headers, and one file compresses better), issue 12 §5. React, which
      // the tracking page shares, is a chunk of its own and the tracking page's modules stay out, so /suivi never loads react-admin.
      // So are the amount formatters both entries share (common/format.ts and what it imports: Intl only, a few kB).
      output: {
        codeSplitting: {
          groups: [
            { name: 'format', test: /[\\/]common[\\/](format|devises|money)\.ts$/, priority: 3 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite\/modulepreload-polyfill/, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id: string) => !/suivi/.test(id), priority: 1 },
          ],
        },
      },
    },
  },
});
