/**
 * npm run bench:keepsakes — keepsakes to look at, made offline the product's way: single-person
 * crops of face-api's sample photos (portraits.ts) and a drawn child of the cut-out bench's set,
 * cut out by the offline background removal, placed where the Moments editor first puts them
 * (standing on the ground line) on three library templates of different themes and orientations,
 * drawn by the server's keepsake renderer, free (800², watermarked) and HD (2000²), with the blend
 * off and with the editor's default blend (the cropped edges fade in both).
 * Writes one contact sheet (a row per photo and template) and the HD default-blend files, prints
 * their paths and the time of each cut-out and keepsake (median of BENCH_RUNS, cold caches).
 * KEEPSAKES_DIR sets where the files go (default: the system's temporary folder).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeBackgroundOffline } from '@little-futures/image-engine/background';
import { createKeepsakeRenderer } from '@little-futures/image-engine/keepsakes';
import { createSceneLibrary } from '@little-futures/image-engine/scenes';
import { profileOf } from '@shared/rules/cutout-profile';
import {
  DEFAULT_MOMENTS_BLEND,
  initialMomentsPlacement,
  MOMENTS_CANVAS_PX,
  MOMENTS_HD_PX,
  type MomentsBlend,
} from '@shared/rules/placement';
import sharp from 'sharp';
import { CASES, renderCase } from '../../functions/image-engine/bench/cutout-set/cases';
import { median } from './bench-stack';
import { portraits } from './portraits';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUT_DIR = process.env.KEEPSAKES_DIR ?? path.join(os.tmpdir(), 'little-futures-keepsakes');
/** Head-and-shoulders crops cut by the photo at the bottom, at the sides and top, at one side. */
const PORTRAITS = ['sample1 face 2', 'sample4 face 3', 'sample6 face 2'];
/** And a whole child of the cut-out bench's set, who can stand on the ground line. */
const WHOLE_CHILD = 'waving-curtains';
/** Different themes, one per orientation (the square canvas shows a 9:16 scene's middle). */
const TEMPLATES = [
  { theme: 'birthday', orientation: '1:1' },
  { theme: 'fantasy', orientation: '4:5' },
  { theme: 'christmas', orientation: '9:16' },
] as const;
const BLENDS: Record<string, MomentsBlend> = {
  'blend off': { ...DEFAULT_MOMENTS_BLEND, shadowStrength: 0, matchLight: false },
  'default blend': DEFAULT_MOMENTS_BLEND,
};
const SIZES = [
  { label: 'free', size: MOMENTS_CANVAS_PX, watermark: true },
  { label: 'HD', size: MOMENTS_HD_PX, watermark: false },
];
const TILE = 300;
const LABEL = 28;

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Dark text on white, as a PNG strip `width` wide. */
function label(text: string, width: number, height = LABEL): Promise<Buffer> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="8" y="${height - 9}" font-family="sans-serif" font-size="15" fill="#0f172a">${escaped}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function cutOut(name: string, crop: Buffer) {
  const times: number[] = [];
  let out: Awaited<ReturnType<typeof removeBackgroundOffline>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    out = await removeBackgroundOffline(crop);
    times.push(performance.now() - started);
  }
  if (!out) throw new Error(`No cut-out of ${name}`);
  console.log(`cut-out ${name}: median ${ms(median(times))} (${RUNS} runs, decoding included)`);
  return out;
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const library = createSceneLibrary();
  const templates = await Promise.all(
    TEMPLATES.map(async ({ theme, orientation }) => {
      const scene = library.scenes.find((s) => s.theme === theme && s.orientation === orientation);
      if (!scene) throw new Error(`No ${theme} ${orientation} scene in the library`);
      const images = await library.render(scene);
      const { groundY } = scene as { groundY?: number | null };
      return { scene, images, groundY: groundY ?? undefined };
    }),
  );
  const found = (await portraits()).filter((p) => !p.excluded);
  const chosen = PORTRAITS.map((name) => found.find((p) => p.name === name)).filter((p) => p !== undefined);
  for (const p of found) if (chosen.length < PORTRAITS.length && !chosen.includes(p)) chosen.push(p);
  const whole = CASES.find((c) => c.name === WHOLE_CHILD) ?? CASES[0];
  chosen.push({ name: whole.name, crop: (await renderCase(whole)).jpeg, excluded: null });

  const renderer = createKeepsakeRenderer();
  const rows: Buffer[] = [];
  const columns = SIZES.flatMap((s) => Object.keys(BLENDS).map((b) => `${s.label}, ${b}`));
  rows.push(
    await sharp({ create: { width: TILE * columns.length, height: LABEL, channels: 3, background: '#fff' } })
      .composite(
        await Promise.all(
          columns.map(async (c, i) => ({ input: await label(c, TILE), left: i * TILE, top: 0 })),
        ),
      )
      .png()
      .toBuffer(),
  );
  for (const photo of chosen) {
    const out = await cutOut(photo.name, photo.crop);
    const copy = await renderer.cutoutCopy(out.png);
    // Where the child stands, read as the editor reads it (at full size here: a finer row).
    const { data, info } = await sharp(out.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { lowestOpaque } = profileOf({ data, width: info.width, height: info.height });
    for (const { scene, images, groundY } of templates) {
      const placement = initialMomentsPlacement(out.mask, lowestOpaque, {
        width: images.width,
        height: images.height,
        groundY,
      });
      const tiles: Buffer[] = [];
      const figures: string[] = [];
      for (const { label: sizeLabel, size, watermark } of SIZES) {
        for (const [blendName, blend] of Object.entries(BLENDS)) {
          const totals: number[] = [];
          let jpeg: Buffer = Buffer.alloc(0);
          for (let run = 0; run < RUNS; run++) {
            const tag = `${photo.name}-${scene.slug}-${run}-${performance.now()}`;
            const layer = (bytes: Buffer, key: string) => ({
              cacheKey: `${key}${tag}`,
              load: async () => bytes,
            });
            const started = performance.now();
            const drawn = await renderer.render({
              background: layer(size === MOMENTS_HD_PX ? images.squares.hd : images.squares.free, 'template'),
              cutout: layer(size === MOMENTS_HD_PX ? out.png : copy, 'cutout'),
              placement,
              strokes: [],
              blend,
              template: { width: images.width, height: images.height, groundY },
              size,
              watermark,
            });
            totals.push(performance.now() - started - drawn.timings.load);
            jpeg = drawn.jpeg;
          }
          figures.push(`${sizeLabel} ${blendName} ${ms(median(totals))}`);
          tiles.push(await sharp(jpeg).resize(TILE, TILE).png().toBuffer());
          if (size === MOMENTS_HD_PX && blend === DEFAULT_MOMENTS_BLEND) {
            const file = path.join(OUT_DIR, `${photo.name.replace(/ /g, '-')}_${scene.slug}_hd.jpg`);
            writeFileSync(file, jpeg);
          }
        }
      }
      console.log(`  on ${scene.sceneName} (${scene.theme}, ${scene.orientation}): ${figures.join(', ')}`);
      const caption = `${photo.name} on ${scene.sceneName} (${scene.theme}, ${scene.orientation}), y ${(100 * placement.y).toFixed(0)} %`;
      rows.push(
        await sharp({
          create: { width: TILE * tiles.length, height: TILE + LABEL, channels: 3, background: '#fff' },
        })
          .composite([
            { input: await label(caption, TILE * tiles.length), left: 0, top: 0 },
            ...tiles.map((input, i) => ({ input, left: i * TILE, top: LABEL })),
          ])
          .png()
          .toBuffer(),
      );
    }
  }
  const heights = await Promise.all(rows.map(async (r) => (await sharp(r).metadata()).height ?? 0));
  const sheet = path.join(OUT_DIR, 'contact-sheet.jpg');
  await sharp({
    create: {
      width: TILE * columns.length,
      height: heights.reduce((a, b) => a + b, 0),
      channels: 3,
      background: '#fff',
    },
  })
    .composite(
      rows.map((input, i) => ({ input, left: 0, top: heights.slice(0, i).reduce((a, b) => a + b, 0) })),
    )
    .jpeg({ quality: 85 })
    .toFile(sheet);
  console.log(
    `keepsake times: median of ${RUNS} cold renders each (template and cut-out decoded, drawn, encoded; loading excluded)`,
  );
  console.log(`contact sheet: ${sheet}`);
  console.log(`HD keepsakes (default blend): ${OUT_DIR}/*_hd.jpg`);
}

await main();
