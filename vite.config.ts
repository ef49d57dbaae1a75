/**
 * Vite config of the browser app (frontend/); the build lands in dist/site for the gateway and CDK.
 * `vite build` builds the client, then a server build of the app (dist/prerender) that writes the
 * pages of shared/site-pages.ts as ready-to-paint HTML (scripts/build/prerender.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PRERENDERED_ENTRY, prerenderPages } from './scripts/build/prerender.js';
import { buildServiceWorker } from './scripts/build/service-worker.js';

// Standalone `vite` dev forwards the API and preview images to a running local gateway.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const frontend = resolve(import.meta.dirname, 'frontend');
const siteDir = resolve(import.meta.dirname, 'dist/site');
const prerenderDir = resolve(import.meta.dirname, 'dist/prerender');

// The app shell's entry (index.html, main.tsx) and the one the prerendered pages load after painting.
const inputs = { index: resolve(frontend, 'index.html'), prerendered: resolve(frontend, PRERENDERED_ENTRY) };

// Entries run when their chunk does, and the prerendered pages' loader must stay small
// (scripts/build/prerender.ts checks): neither goes into the `app` chunk. The loader is app/boot and
// the stored sign-in check it makes before it loads the app, and the service worker's registration.
const ENTRIES = /[\\/]src[\\/]main[\w-]*\.tsx$/;
const BOOT =
  /[\\/]src[\\/](app[\\/]boot[\\/]|lib[\\/]auth[\\/]stored-session\.ts$|lib[\\/]browser-storage\.ts$|pwa[\\/](register-service-worker|share-target)\.ts$)/;
// The chunk of the `prerendered` input.
const PRERENDERED_CHUNK = /(^|\/)prerendered-[\w-]+\.js$/;

/**
 * The HEIC decoder (lib/heic-worker.ts) loads libheif's own files, which are LGPL-3.0: they keep the
 * names heic-libheif-*.js and heic-libheif-*.wasm, and the licence that came with them is published
 * beside them as assets/heic-libheif.LICENSE.txt.
 */
const LIBHEIF_FILE = /^libheif\.(js|wasm)$/;
function heicDecoderLicence(): Plugin {
  const licence = createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/LICENSE');
  return {
    name: 'heic-decoder-licence',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'assets/heic-libheif.LICENSE.txt',
        source: `libheif (libheif-js, LGPL-3.0): assets/heic-libheif-*.js and assets/heic-libheif-*.wasm, loaded by the HEIC decoder's worker (assets/heic-worker-*.js) as the npm package ships them; another build of libheif-js can replace them.\n\n${readFileSync(licence, 'utf8')}`,
      });
    },
  };
}

export default defineConfig({
  root: 'frontend',
  plugins: [react(), tailwindcss(), heicDecoderLicence()],
  resolve: { tsconfigPaths: true },
  worker: {
    // Classic workers: the HEIC decoder's worker runs libheif's script with importScripts.
    format: 'iife',
  },
  build: {
    outDir: siteDir,
    emptyOutDir: true,
    // scripts/build/prerender.ts and scripts/bench/bundle.ts read the manifest.
    manifest: true,
    modulePreload: {
      // The prerendered pages' loader lets the browser find the app's chunks by itself: adding a
      // modulepreload link per chunk costs the main thread a few ms each, just as the page comes alive.
      resolveDependencies: (_file, deps, { hostId }) => (PRERENDERED_CHUNK.test(hostId) ? [] : deps),
    },
    rolldownOptions: {
      input: inputs,
      output: {
        assetFileNames: ({ names }) =>
          LIBHEIF_FILE.test(names[0] ?? '')
            ? 'assets/heic-[name]-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
        // Chunks named for what they hold: libraries that change less often than the app, the
        // prerendered pages' small loader (boot), and the app's own start-up modules.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie)[\\/]/,
              priority: 1,
            },
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, priority: 1 },
            { name: 'boot', test: (id) => BOOT.test(id) || /vite[\\/]preload-helper/.test(id), priority: 3 },
            {
              name: 'app',
              test: (id) =>
                /[\\/](frontend[\\/]src|shared)[\\/]/.test(id) && !ENTRIES.test(id) && !BOOT.test(id),
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      build: {
        outDir: prerenderDir,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: { input: resolve(frontend, 'src/entry-server.tsx') },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.ssr);
      // The client's folder: dist/site, or the one `vite build --outDir` names.
      const { root, build } = builder.environments.client.config;
      const builtSite = resolve(root, build.outDir);
      await prerenderPages({ siteDir: builtSite, serverEntry: resolve(prerenderDir, 'entry-server.js') });
      // Last: the worker precaches the finished pages (frontend/src/pwa/sw.ts).
      await buildServiceWorker({ siteDir: builtSite });
    },
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
