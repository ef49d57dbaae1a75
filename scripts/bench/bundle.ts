/**
 * Prints the gzip size of the JavaScript the pages load, from dist/site/.vite/manifest.json:
 * - a prerendered page (shared/site-pages.ts) paints with HTML and CSS; before that first paint its
 *   HTML fetches only the small entry that loads the app once the page is used (main-prerendered.tsx),
 *   then the app and the page's own module — that total is held to the 120 kB budget;
 * - the app shell (every other route) paints once its entry and static imports have run;
 * - lazy route chunks, for information.
 * Run after `vite build` (npm run bench:bundle does both).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, type PrerenderedPath } from '@shared/site-pages';
import { PRERENDERED_ENTRY } from '../build/prerender';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

const BUDGET_KB = 120;
// The page modules main-prerendered.tsx imports with the app; all else it imports is the app.
const PAGE_MODULES: Record<PrerenderedPath, string[]> = {
  '/': [],
  '/pricing': ['src/features/pricing/PricingPage.tsx'],
  '/upload': ['src/app/routes/UploadRoute.tsx'],
};

const siteDir = process.argv[2] ?? 'dist/site';
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(siteDir, '.vite/manifest.json'), 'utf8'),
);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipBytes = (key: string) =>
  gzipSync(readFileSync(join(siteDir, manifest[key].file)), { level: 9 }).length;
const total = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gzipBytes(key), 0);
const line = (label: string, bytes: number, note = '') =>
  console.log(`  ${label.padEnd(52)} ${kb(bytes).padStart(7)} kB gzip${note}`);

/** Keys of chunks and their static imports, each once. */
function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (!manifest[key])
      throw new Error(`${key} is not in the manifest: was the build made with build.manifest?`);
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const beforePaint = staticClosure([PRERENDERED_ENTRY]);
const pageModules = new Set(Object.values(PAGE_MODULES).flat());
const appModules = (manifest[PRERENDERED_ENTRY].dynamicImports ?? []).filter((key) => !pageModules.has(key));
const app = staticClosure(appModules, new Set(beforePaint));
let landingTotal = 0;
console.log('Prerendered pages: JS fetched before the first paint (which needs none), then the app');
line(`before the first paint (${PRERENDERED_ENTRY})`, total(beforePaint));
for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
  const loaded = staticClosure(PAGE_MODULES[page], new Set(app));
  const bytes = total(loaded);
  if (page === '/') landingTotal = bytes;
  line(`${page}: in all, once the app runs`, bytes, page === '/' ? `  (budget ${BUDGET_KB} kB)` : '');
}

const shellEntry = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key].isEntry);
if (!shellEntry) throw new Error('No index.html entry in the manifest');
const shell = staticClosure([shellEntry]);
console.log('\nApp shell (client-side routes): JS loaded before the first render');
for (const key of shell) line(manifest[key].file, gzipBytes(key));
line('total', total(shell));

console.log(
  '\nLazy route chunks (loaded on navigation, each with its own static imports not already loaded):',
);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const extra = [...staticClosure([key])].filter((k) => !shell.has(k));
  line(chunk.src ?? key, total(extra));
}

if (landingTotal / 1024 > BUDGET_KB) {
  console.error(`\nOver budget: ${kb(landingTotal)} kB > ${BUDGET_KB} kB`);
  process.exit(1);
}
