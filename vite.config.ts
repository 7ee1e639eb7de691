import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Vite build of the React-Admin back-office (src/). In development, /api is proxied to the API server on port 3000. */
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
