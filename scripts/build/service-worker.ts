/**
 * The last step of `vite build` (vite.config.ts), after the prerendered pages are written: bundles
 * the service worker (frontend/src/pwa/sw.ts) into dist/site/sw.js and fills in its precache list,
 * every file of the finished site that a page needs to open offline, each with a revision (hashed
 * assets carry theirs in the name). Not precached: the HEIC decoder's libheif (1.5 MB, fetched when
 * a HEIC photo is picked, which needs the network anyway), the build manifest and the worker itself.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const SERVICE_WORKER_FILE = 'sw.js';
const SOURCE = resolve(import.meta.dirname, '../../frontend/src/pwa/sw.ts');

/** What the precache holds, as globs relative to the site folder (workbox-build's globPatterns). */
const PRECACHE_GLOBS = ['**/*.{html,js,css,svg,png,webp,woff2,webmanifest}'];
const PRECACHE_IGNORES = [SERVICE_WORKER_FILE, '.vite/**', 'assets/heic-libheif-*', '**/*.map'];

export async function buildServiceWorker(opts: {
  siteDir: string;
}): Promise<{ count: number; size: number }> {
  const bundled = join(opts.siteDir, '.vite/sw.source.js');
  await build({
    entryPoints: [SOURCE],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    // Workbox drops its development logging in a production build.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  try {
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: join(opts.siteDir, SERVICE_WORKER_FILE),
      globDirectory: opts.siteDir,
      globPatterns: PRECACHE_GLOBS,
      globIgnores: PRECACHE_IGNORES,
      // Vite's hashed file names are their revision.
      dontCacheBustURLsMatching: /^assets\//,
    });
    if (warnings.length > 0) throw new Error(`Service worker precache: ${warnings.join('; ')}`);
    return { count, size };
  } finally {
    rmSync(bundled, { force: true });
  }
}
