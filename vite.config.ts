import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Fastify server (src/server/main.ts) the dev server forwards API, socket and upload calls to.
 * The Host header is kept (no changeOrigin) so the API sees the same origin as the page (its same-origin check).
 */
const apiTarget = 'http://localhost:5000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: the server reads it to preload each page's own chunks (src/server/pages/client-assets.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads, in one file rather than one per shared module (fewer requests
            // before the first paint).
            { name: 'app', tags: ['$initial'] },
            // Small modules that several pages share (icons, query hooks, UI bits), in one file: a page
            // loads its own chunk and this one, rather than a dozen tiny files.
            { name: 'common', minShareCount: 2, maxModuleSize: 2048, test: /lucide-react|[\\/]src[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      '/uploads': { target: apiTarget },
    },
  },
});
