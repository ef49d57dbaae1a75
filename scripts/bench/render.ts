/**
 * npm run bench:render — a 12-megapixel photo through the local stack: median upload → three
 * previews done, the worker's time per job by stage, and sharp against ImageMagick on the same
 * resize + watermark.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { watermarkSvg } from '@little-futures/image-engine/previews';
import sharp from 'sharp';
import { benchRender } from '../../functions/adapters/image/bench';
import { median, startBenchStack, uploadPhoto, waitForJobs } from './bench-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const require = createRequire(import.meta.url);
const face = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg');

/** The sample upscaled to 4000×3000 with sensor-like noise, so it weighs what a phone photo weighs. */
async function twelveMegapixelPhoto(dir: string): Promise<string> {
  const path = join(dir, 'photo-12mp.jpg');
  const [width, height] = [4000, 3000];
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = 118 + Math.floor(Math.random() * 20);
  const grain = await sharp(noise, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const jpeg = await sharp(await sharp(face).resize(width, height, { fit: 'cover' }).toBuffer())
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
  await writeFile(path, jpeg);
  return path;
}

async function endToEnd(photo: Buffer) {
  const stack = await startBenchStack();
  try {
    const times: number[] = [];
    // One warm-up: the first job loads the face model (a Lambda cold start).
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const uploadId = await uploadPhoto(stack.url, photo);
      const jobs = await waitForJobs(stack.url, uploadId);
      if (jobs.some((j: { status: string }) => j.status !== 'done')) throw new Error('a job failed');
      if (i > 0) times.push(performance.now() - started);
    }
    return times;
  } finally {
    await stack.stop();
  }
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

async function sharpVersusImageMagick(normalisedPath: string, dir: string) {
  const size = 640;
  const svg = Buffer.from(watermarkSvg(size, size));
  const ours: number[] = [];
  const theirs: number[] = [];
  const magick = existsSync('/usr/bin/convert') ? '/usr/bin/convert' : null;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const resized = await sharp(normalisedPath).resize(size, size, { fit: 'cover' }).toBuffer();
    await sharp(resized)
      .composite([{ input: svg }])
      .jpeg({ quality: 82 })
      .toBuffer();
    ours.push(performance.now() - t);
    if (magick) {
      t = performance.now();
      execFileSync(magick, [
        normalisedPath,
        '-resize',
        `${size}x${size}^`,
        '-gravity',
        'center',
        '-extent',
        `${size}x${size}`,
        // Without an explicit font ImageMagick looks for Helvetica, which Debian does not ship.
        ...(existsSync(DEJAVU) ? ['-font', DEJAVU] : []),
        '-fill',
        'rgba(255,255,255,0.35)',
        '-pointsize',
        '28',
        '-annotate',
        '-30x-30+0+0',
        'Little Futures · PREVIEW',
        '-quality',
        '82',
        join(dir, 'magick.jpg'),
      ]);
      theirs.push(performance.now() - t);
    }
  }
  return { ours: median(ours), theirs: magick ? median(theirs) : null };
}

const dir = await mkdtemp(join(tmpdir(), 'lf-bench-render-'));
const photoPath = await twelveMegapixelPhoto(dir);
const photo = await readFile(photoPath);
console.log(`12 MP photo: 4000×3000, ${(photo.length / 1e6).toFixed(1)} MB; ${RUNS} runs each\n`);

const stages = await benchRender(photoPath, { runs: RUNS });
console.log(`\nworker per job (face known, median)   total ${stages.median.total} ms   (target ≤ 700 ms)`);
const stageNames = {
  decode: 'decode',
  detect: 'detect',
  age: 'age',
  watermark: 'preview (shrink, watermark, encode)',
  encode: 'HD encode',
} as const;
for (const key of ['decode', 'detect', 'age', 'watermark', 'encode'] as const) {
  console.log(`  ${stageNames[key].padEnd(36)} ${String(stages.median[key]).padStart(7)} ms`);
}
console.log(
  `  face detection once per upload: ${stages.detect} ms; model load once per container: ${stages.modelLoad} ms`,
);
console.log(
  `  preview ${(stages.previewBytes / 1024).toFixed(0)} KB (target ≤ 120 KB), HD ${(stages.hdBytes / 1024).toFixed(0)} KB`,
);

const e2e = await endToEnd(photo);
console.log(`upload → three previews done   median ${median(e2e).toFixed(0)} ms   (target ≤ 3000 ms)`);
console.log(`  runs: ${e2e.map((t) => t.toFixed(0)).join(', ')} ms`);

const normalisedPath = join(dir, 'normalised.jpg');
await sharp(photoPath).resize(2048, 2048, { fit: 'inside' }).jpeg({ quality: 90 }).toFile(normalisedPath);
const versus = await sharpVersusImageMagick(normalisedPath, dir);
console.log(`\nresize + watermark of the normalised photo (median)`);
console.log(`  sharp        ${versus.ours.toFixed(1)} ms`);
if (versus.theirs === null) console.log('  ImageMagick  not installed (apt-get install -y imagemagick)');
else
  console.log(
    `  ImageMagick  ${versus.theirs.toFixed(1)} ms   → sharp is ${(versus.theirs / versus.ours).toFixed(1)}× faster`,
  );
process.exit(0);
