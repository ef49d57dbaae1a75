/**
 * Prints the gzip size of the JavaScript the landing page loads: the entry chunk and every chunk it
 * imports statically (from dist/site/.vite/manifest.json), against the 120 kB budget. Lazy route
 * chunks are listed for information. Run after `vite build` (npm run bench:bundle does both).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const BUDGET_KB = 120;
const siteDir = process.argv[2] ?? 'dist/site';
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(siteDir, '.vite/manifest.json'), 'utf8'),
);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipBytes = (file: string) => gzipSync(readFileSync(join(siteDir, file)), { level: 9 }).length;

/** Keys of a chunk and its static imports, depth first, each once. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest: was the build made with build.manifest?');

const landing = [...staticClosure(entryKey)];
let totalJs = 0;
let totalCss = 0;
console.log(`Landing page (${entryKey}): JS the browser loads before first render`);
for (const key of landing) {
  const chunk = manifest[key];
  const size = gzipBytes(chunk.file);
  totalJs += size;
  console.log(`  ${chunk.file.padEnd(44)} ${kb(size).padStart(7)} kB gzip`);
  for (const css of chunk.css ?? []) totalCss += gzipBytes(css);
}
console.log(`  ${'total JS'.padEnd(44)} ${kb(totalJs).padStart(7)} kB gzip  (budget ${BUDGET_KB} kB)`);
console.log(`  ${'CSS'.padEnd(44)} ${kb(totalCss).padStart(7)} kB gzip`);

console.log(
  '\nLazy route chunks (loaded on navigation, each with its own static imports not already loaded):',
);
const loaded = new Set(landing);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const extra = [...staticClosure(key)].filter((k) => !loaded.has(k));
  const size = extra.reduce((sum, k) => sum + gzipBytes(manifest[k].file), 0);
  console.log(`  ${(chunk.src ?? key).padEnd(56)} ${kb(size).padStart(7)} kB gzip`);
}

if (totalJs / 1024 > BUDGET_KB) {
  console.error(`\nOver budget: ${kb(totalJs)} kB > ${BUDGET_KB} kB`);
  process.exit(1);
}
