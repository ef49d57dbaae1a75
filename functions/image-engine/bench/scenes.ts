/**
 * npm run bench:scenes (or `npm run bench` in functions/image-engine) — drawing the built-in
 * template library (what a first `npm start` seeds): per scene, the drawing alone (the offline
 * generateScene's work) and the whole template as the seeder renders it (drawn, watermarked, its
 * native, watermarked, thumbnail and square files); the whole library one scene at a time and two at
 * a time (as the seeder draws); the thumbnails' sizes. Wall times depend on what else the machine
 * runs, so the CPU time is printed too: on an idle two-core machine, two at a time takes about half
 * of it. The npm script then times the whole first-start seed (scripts/bench/seed-library.ts).
 */
import { NATIVE_SIZES, THUMB_MAX_BYTES } from '@shared/templates';
import { LIBRARY, type LibraryEntry } from '../src/scenes/library';
import { drawScenePixels, renderTemplateImages } from '../src/scenes/render';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
const median = (values: number[]) => percentile(values, 50);
const ms = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

/** Wall and CPU seconds of some work (CPU: this process's, every thread's). */
async function timed(work: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - wall) / 1000, cpu: (used.user + used.system) / 1e6 };
}

/** Two scenes at a time, as the seeder draws them. */
async function drawTwoAtATime(entries: readonly LibraryEntry[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entries.length) await renderTemplateImages(entries[next++]);
  };
  await Promise.all([worker(), worker()]);
}

async function main() {
  const drawing: number[] = [];
  const squareDrawing: number[] = [];
  for (const entry of LIBRARY) {
    const { width, height } = NATIVE_SIZES[entry.orientation];
    const t = performance.now();
    drawScenePixels({ ...entry, seed: entry.slug }, width, height);
    drawing.push(performance.now() - t);
    if (entry.orientation === '1:1') squareDrawing.push(drawing[drawing.length - 1]);
  }
  const whole: number[] = [];
  const thumbs: number[] = [];
  const serial = await timed(async () => {
    for (const entry of LIBRARY) {
      const t = performance.now();
      const images = await renderTemplateImages(entry);
      whole.push(performance.now() - t);
      thumbs.push(images.thumb.length);
    }
  });
  const parallel = await timed(() => drawTwoAtATime(LIBRARY));
  console.log(
    `${LIBRARY.length} scenes. Drawing a scene: ${ms(drawing)} (2048×2048 alone: ${ms(squareDrawing)})`,
  );
  console.log(`A whole template (drawn, watermarked, its five files): ${ms(whole)}`);
  for (const [label, run] of [
    ['one at a time', serial],
    ['two at a time', parallel],
  ] as const)
    console.log(`Whole library ${label}: ${run.wall.toFixed(1)} s wall, ${run.cpu.toFixed(1)} s CPU`);
  console.log(
    `Thumbnails: median ${(median(thumbs) / 1024).toFixed(1)} KB, largest ${(Math.max(...thumbs) / 1024).toFixed(1)} KB ` +
      `(budget ${THUMB_MAX_BYTES / 1024} KB)`,
  );
}

await main();
