/**
 * Keepsake drawing on the server (issue figures: HD 2000×2000 ≤ 150 ms, free 800×800 ≤ 60 ms, S3
 * excluded): the real renderer over a 2048×2048 photographic template and a 4:5 cut-out as large as
 * background removal makes them (CUTOUT_MAX_SIDE on its long side, 1024×1280), 20
 * random placements each, medians and p95 printed with the renderer's own stage timings, without
 * the blend, with the editor's default blend (soft shadow, the scene's light matched, the cropped
 * bottom edge faded) and with every effect (brightness, contrast, feather, an offset shadow). The
 * renderer reads what the product stores for it, made by the product's own code: the template's
 * square copy for the canvas's size (wm-800.jpg, native-2000.jpg) and, for free keepsakes, the
 * cut-out's copy (cutout-800.png). Data stored before the copies (the 2048 px template, the whole
 * cut-out) is measured on its own line. CPU is the process's time on every thread per keepsake:
 * steadier than the wall clock when other work shares the machine.
 */

import { CUTOUT_MAX_SIDE } from '@little-futures/image-engine/background';
import { createKeepsakeRenderer } from '@little-futures/image-engine/keepsakes';
import { templateSquares } from '@little-futures/image-engine/templates';
import { CUTOUT_COPY_SIDE } from '@shared/deployment';
import { DEFAULT_MOMENTS_BLEND, type MomentsBlend } from '@shared/rules/placement';
import sharp from 'sharp';
import { median } from './bench-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** The largest cut-out (and source photo) background removal stores: a 4:5 portrait at its size cap. */
const CUTOUT_PORTRAIT = { width: (CUTOUT_MAX_SIDE * 4) / 5, height: CUTOUT_MAX_SIDE };

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
        // Waist-up: the photo cropped the child at the bottom, so the drawing fades that edge.
        const dy = Math.min(0, (y - height / 2) / (height / 2));
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
    photoLike(CUTOUT_PORTRAIT.width, CUTOUT_PORTRAIT.height, true),
    photoLike(CUTOUT_PORTRAIT.width, CUTOUT_PORTRAIT.height, false),
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
  // The blends take turns within each run, so a busy machine slows them alike.
  const blends = Object.entries(BLENDS);
  for (const [label, size, watermark, modes] of cases) {
    for (const mode of modes) {
      for (const [, blend] of blends)
        await renderer.render({
          ...layers(0, 'warm', size),
          placement: INITIAL,
          strokes: [],
          blend,
          size,
          watermark,
        });
      const figures = blends.map(() => ({
        totals: [] as number[],
        cpu: [] as number[],
        decode: [] as number[],
        draw: [] as number[],
        encode: [] as number[],
      }));
      for (let run = 0; run < RUNS; run++) {
        const placement = randomPlacement();
        for (const [index, [, blend]] of blends.entries()) {
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
              blend,
              size: 800,
              watermark: true,
            });
          }
          const started = performance.now();
          const cpuStarted = process.cpuUsage();
          const { timings } = await renderer.render({
            ...runLayers,
            placement,
            strokes: run % 2 ? RESTORE_STROKES : [],
            blend,
            size,
            watermark,
          });
          // Loading is a storage read (in memory here): excluded from the figure, as the issue says.
          const figure = figures[index];
          figure.totals.push(performance.now() - started - timings.load);
          const cpu = process.cpuUsage(cpuStarted);
          figure.cpu.push((cpu.user + cpu.system) / 1000);
          for (const stage of ['decode', 'draw', 'encode'] as const) figure[stage].push(timings[stage]);
        }
      }
      for (const [index, [blendName]] of blends.entries()) {
        const f = figures[index];
        console.log(
          `${label}, ${blendName}, ${DESCRIPTIONS[mode]}: ` +
            `median ${ms(median(f.totals))}, p95 ${ms(p95(f.totals))}, CPU ${ms(median(f.cpu))} (decode ${ms(median(f.decode))}, ` +
            `draw ${ms(median(f.draw))}, encode ${ms(median(f.encode))}; ${RUNS} runs)`,
        );
      }
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
const BLENDS: Record<string, MomentsBlend> = {
  'no blend': { ...DEFAULT_MOMENTS_BLEND, shadowStrength: 0, matchLight: false },
  'default blend': DEFAULT_MOMENTS_BLEND,
  'every effect': {
    brightness: 1.1,
    contrast: 1.2,
    shadowStrength: 0.5,
    shadowOffset: 0.08,
    feather: 4,
    matchLight: true,
  },
};
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
