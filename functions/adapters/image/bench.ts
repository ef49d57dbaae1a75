/**
 * Render benchmark: normalises a photo like an upload, detects its face, then ages it N times
 * with the face known (as the worker does after the first job) and reports median stage timings.
 */
import { readFile } from 'node:fs/promises';
import { detectFaces, loadFaceApi } from '@little-futures/image-engine/faces';
import { createPreviewMaker } from '@little-futures/image-engine/previews';
import { PREVIEW_AGES, type TargetAge } from '@shared/catalog';
import { IMAGE_CAPABILITIES, type ImageAIRoutes } from '../../core/image-ai';
import { makeAgeImages } from '../../core/render/render-job';
import type { RenderTimings } from '../../core/render/render-outcome';
import { createImageAI } from './image-ai';
import { createImageInspector } from './inspector';

export type BenchResult = {
  photo: string;
  runs: number;
  normalised: { width: number; height: number; bytes: number };
  /** Milliseconds to load face-api and its models (once per process). */
  modelLoad: number;
  normalise: number;
  /** Median over the runs of one face detection on the normalised photo. */
  detect: number;
  /** Median per stage and in total of a render with the face known (detect is 0 there). */
  median: RenderTimings & { total: number };
  /** Median CPU time (user + system, all threads) per render: wall time on an idle machine is near it or below. */
  cpu: number;
  previewBytes: number;
  hdBytes: number;
};

const allOffline = Object.fromEntries(
  IMAGE_CAPABILITIES.map((c) => [c, 'offline']),
) as unknown as ImageAIRoutes;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function benchRender(
  photoPath: string,
  options: { runs?: number; ages?: readonly TargetAge[] } = {},
): Promise<BenchResult> {
  const runs = options.runs ?? 5;
  const ages = options.ages ?? PREVIEW_AGES;
  let started = performance.now();
  await loadFaceApi();
  const modelLoad = performance.now() - started;

  started = performance.now();
  const normalised = await createImageInspector().normalise(await readFile(photoPath));
  const normalise = performance.now() - started;

  // One warm-up detection: the first inference compiles the WASM kernels.
  const { faces } = await detectFaces(normalised.jpeg);
  const face = faces[0];
  if (!face) throw new Error(`No face found in ${photoPath}`);
  const detections: number[] = [];
  for (let i = 0; i < runs; i++) detections.push((await detectFaces(normalised.jpeg)).ms);

  const imageDeps = { imageAI: createImageAI(allOffline), previews: createPreviewMaker() };
  const render = (targetAge: TargetAge) =>
    makeAgeImages(imageDeps, { original: normalised.jpeg, targetAge, face });
  await render(ages[0]);
  const samples: (RenderTimings & { total: number })[] = [];
  const cpu: number[] = [];
  let last = { preview: 0, hd: 0 };
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const out = await render(ages[i % ages.length]);
    samples.push({ ...out.timings, total: performance.now() - t0 });
    const used = process.cpuUsage(cpu0);
    cpu.push((used.user + used.system) / 1000);
    last = { preview: out.preview.length, hd: out.hd.length };
  }
  const stage = (key: keyof RenderTimings | 'total') => round(median(samples.map((s) => s[key])));
  return {
    photo: photoPath,
    runs,
    normalised: { width: normalised.width, height: normalised.height, bytes: normalised.jpeg.length },
    modelLoad: round(modelLoad),
    normalise: round(normalise),
    detect: round(median(detections)),
    median: {
      decode: stage('decode'),
      detect: stage('detect'),
      age: stage('age'),
      watermark: stage('watermark'),
      encode: stage('encode'),
      total: stage('total'),
    },
    cpu: round(median(cpu)),
    previewBytes: last.preview,
    hdBytes: last.hd,
  };
}
