/**
 * Keepsake drawing on the server (issue figures: HD 2000×2000 ≤ 150 ms, free 800×800 ≤ 60 ms, S3
 * excluded): the real renderer over a 2048×2048 photographic template and a 1200×1500 cut-out, 20
 * random placements each, medians and p95 printed with the renderer's own stage timings. The
 * renderer reads what the product stores for it, made by the product's own code: the template's
 * square copy for the canvas's size (wm-800.jpg, native-2000.jpg) and, for free keepsakes, the
 * cut-out's copy (cutout-800.png). Data stored before the copies (the 2048 px template, the whole
 * cut-out) is measured on its own line.
 */

import { CUTOUT_COPY_SIDE } from '@shared/deployment';
import sharp from 'sharp';
import { createKeepsakeRenderer } from '../../functions/adapters/image/keepsake-renderer';
import { templateSquares } from '../../functions/adapters/image/template-squares';
import { median } from './bench-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);

/** Noise and gradients compress like a photo, unlike a flat colour. */
async function photoLike(width: number, height: number, alpha: boolean): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const n = Math.random() * 40;
      data[i] = (x / width) * 200 + n;
      data[i + 1] = (y / height) * 180 + n;
      data[i + 2] = 120 + n;
      if (alpha) {
        const dx = (x - width / 2) / (width / 2);
        const dy = (y - height / 2) / (height / 2);
        data[i + 3] = dx * dx + dy * dy < 1 ? 255 : 0;
      }
    }
  }
  const image = sharp(data, { raw: { width, height, channels } });
  return alpha ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const [background, cutout, source] = await Promise.all([
    photoLike(2048, 2048, false),
    photoLike(1200, 1500, true),
    photoLike(1200, 1500, false),
  ]);
  // The same photo stands for the clean and the watermarked image: they decode alike.
  const squares = await templateSquares({ native: background, watermarked: background });
  const renderer = createKeepsakeRenderer();
  const cutoutCopy = await renderer.cutoutCopy(cutout);
  // Cold: every keepsake on a template and cut-out the renderer has not seen (keys made unique).
  // Cold, no copies: the same, on data stored before the copies (the originals).
  // After free: HD right after the free keepsake on the same template and cut-out (the usual path).
  // Warm: the same template and cut-out again at the same size, as when a parent retries.
  // New cut-out: a parent's first keepsake on a template this Lambda has drawn before.
  type Mode = 'cold' | 'cold, no copies' | 'new cut-out' | 'after free' | 'warm';
  const layers = (run: number, mode: Mode, size: number) => {
    const tag = mode === 'warm' ? '' : `#${run}-${performance.now()}`;
    const layer = (bytes: Buffer, name: string) => ({ cacheKey: `${name}${tag}`, load: async () => bytes });
    const copies = mode !== 'cold, no copies';
    const template = !copies ? background : size === 800 ? squares.free : squares.hd;
    const useCutoutCopy = copies && size <= CUTOUT_COPY_SIDE;
    return {
      background:
        mode === 'new cut-out'
          ? { cacheKey: `background-${size}`, load: async () => template }
          : layer(template, `background-${size}`),
      // The copy and the whole cut-out are two files: HD after free decodes the whole one.
      cutout: useCutoutCopy ? layer(cutoutCopy, 'cutout-copy') : layer(cutout, 'cutout'),
      source: layer(source, 'source'),
    };
  };
  const cases: Array<[string, number, boolean, Mode[]]> = [
    ['HD 2000×2000', 2000, false, ['cold', 'cold, no copies', 'new cut-out', 'after free', 'warm']],
    ['free 800×800 (watermarked)', 800, true, ['cold', 'cold, no copies', 'new cut-out', 'warm']],
  ];
  for (const [label, size, watermark, modes] of cases) {
    for (const mode of modes) {
      await renderer.render({ ...layers(0, 'warm', size), placement: INITIAL, strokes: [], size, watermark });
      const totals: number[] = [];
      const stages = { decode: [] as number[], draw: [] as number[], encode: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        const runLayers = layers(run, mode, size);
        if (mode === 'after free') {
          // The free keepsake is drawn on the template's watermarked copy and the cut-out's copy,
          // HD on the clean copy and the whole cut-out.
          await renderer.render({
            ...runLayers,
            background: { cacheKey: `wm${runLayers.background.cacheKey}`, load: async () => squares.free },
            cutout: { cacheKey: `copy${runLayers.cutout.cacheKey}`, load: async () => cutoutCopy },
            placement: INITIAL,
            strokes: [],
            size: 800,
            watermark: true,
          });
        }
        const started = performance.now();
        const { timings } = await renderer.render({
          ...runLayers,
          placement: randomPlacement(),
          strokes: run % 2 ? RESTORE_STROKES : [],
          size,
          watermark,
        });
        // Loading is a storage read (in memory here): excluded from the figure, as the issue says.
        totals.push(performance.now() - started - timings.load);
        for (const stage of ['decode', 'draw', 'encode'] as const) stages[stage].push(timings[stage]);
      }
      console.log(
        `${label}, ${DESCRIPTIONS[mode]}: ` +
          `median ${ms(median(totals))}, p95 ${ms(p95(totals))} (decode ${ms(median(stages.decode))}, ` +
          `draw ${ms(median(stages.draw))}, encode ${ms(median(stages.encode))}; ${RUNS} runs)`,
      );
    }
  }
}

const DESCRIPTIONS = {
  cold: 'cold (new template and cut-out)',
  'cold, no copies': 'cold, data stored before the copies (template original, whole cut-out)',
  'new cut-out': 'new cut-out on a template drawn before',
  'after free': 'after the free one (same template and cut-out, their HD files still to decode)',
  warm: 'warm (the same again)',
} as const;
const INITIAL = { x: 0.5, y: 0.5, scale: 0.3, rotation: 0 };
const randomPlacement = () => ({
  x: Math.random(),
  y: Math.random(),
  scale: 0.1 + Math.random() * 0.9,
  rotation: Math.random() * 360 - 180,
});
const RESTORE_STROKES = [
  {
    mode: 'restore' as const,
    radius: 0.03,
    points: [
      [0.2, 0.2],
      [0.25, 0.22],
    ] as [number, number][],
  },
];

await main();
