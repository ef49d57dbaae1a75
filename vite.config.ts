/** Vite config of the browser app (frontend/); the build lands in dist/site for the gateway and CDK. */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Standalone `vite` dev forwards the API and preview images to a running local gateway.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'frontend',
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    // scripts/bench/bundle.ts reads the manifest to measure what the landing page loads.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/previews': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
});
