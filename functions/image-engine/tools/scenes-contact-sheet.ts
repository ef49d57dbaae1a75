/**
 * A contact sheet of the built-in template library, to look at after changing a scene: every scene
 * drawn at its native size, shrunk into grids (a row per kind, the child's space outlined, a sheet
 * per six kinds), plus each scene's full-size JPEG. Optionally only some kinds:
 *   npx tsx functions/image-engine/tools/scenes-contact-sheet.ts [folder] [kind,kind...]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NATIVE_SIZES } from '@shared/templates';
import sharp, { type OverlayOptions } from 'sharp';
import { LIBRARY } from '../src/scenes/library';
import { drawScenePixels } from '../src/scenes/render';
import { sceneJpeg } from '../src/scenes/template-files';

const folder = process.argv[2] ?? '/tmp/scenes-review';
const CELL_HEIGHT = 256;
const ROWS_PER_SHEET = 6;
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

const only = process.argv[3]?.split(',');
const kinds = [...new Set(LIBRARY.map((entry) => entry.kind))].filter((kind) => !only || only.includes(kind));
const rows = kinds.map((kind) => LIBRARY.filter((entry) => entry.kind === kind));
const columns = Math.max(...rows.map((row) => row.length));
const cellWidth = CELL_HEIGHT + 8;
const sheets: OverlayOptions[][] = [];
const started = performance.now();

for (const [r, row] of rows.entries()) {
  for (const [c, entry] of row.entries()) {
    const { width, height } = NATIVE_SIZES[entry.orientation];
    const { pixels } = drawScenePixels({ ...entry, seed: entry.slug }, width, height);
    const jpeg = await sceneJpeg(pixels, width, height);
    writeFileSync(path.join(folder, `${entry.kind}-${entry.variant}-${entry.slug}.jpg`), jpeg);
    const a = entry.safeArea;
    const outline = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${a.x * width}" y="${a.y * height}" width="${a.width * width}" height="${a.height * height}" fill="none" stroke="white" stroke-width="8" stroke-dasharray="30 20"/></svg>`,
    );
    // sharp resizes before it composites: outline at native size first, then shrink.
    const outlined = await sharp(jpeg)
      .composite([{ input: outline }])
      .png()
      .toBuffer();
    const tile = await sharp(outlined).resize({ height: CELL_HEIGHT }).png().toBuffer();
    const sheet = Math.floor(r / ROWS_PER_SHEET);
    sheets[sheet] ??= [];
    sheets[sheet].push({
      input: tile,
      left: c * cellWidth + 4,
      top: (r % ROWS_PER_SHEET) * (CELL_HEIGHT + 8) + 4,
    });
  }
}
for (const [i, tiles] of sheets.entries()) {
  const background = { r: 51, g: 51, b: 51 };
  const size = {
    width: columns * cellWidth,
    height: ROWS_PER_SHEET * (CELL_HEIGHT + 8),
    channels: 3 as const,
  };
  await sharp({ create: { ...size, background } })
    .composite(tiles)
    .png()
    .toFile(path.join(folder, `contact-sheet-${i + 1}.png`));
}
console.log(`${LIBRARY.length} scenes in ${((performance.now() - started) / 1000).toFixed(1)} s: ${folder}`);
console.log(`rows: ${kinds.join(', ')}`);
