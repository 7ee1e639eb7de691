import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/**
 * Vite build of the React-Admin back-office (src/). In development, /api is proxied to the API server on port 3000.
 * Every text asset is also written precompressed (.br and .gz) so the server sends them without compressing per
 * request (server/plugins/static.ts, issue 12 §5). `object.entries` (a polyfill node-polyglot requires) is replaced by
 * the browser's own Object.entries (src/shims/object-entries.cjs).
 */
export default defineConfig({
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Everything the entry imports statically is loaded at once anyway: one chunk rather than a dozen shared pieces
    // (each response costs ~1 KB of headers, and one file compresses better), issue 12 §5.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
