/**
 * npm run bench:scenes — drawing the built-in template library (what a first `npm start` seeds):
 * per-scene time of the three images (native, watermarked, thumbnail), the whole library one
 * scene at a time and two at a time (as the seeder draws), and the thumbnails' sizes (≤ 40 KB).
 */
import { THUMB_MAX_BYTES } from '@shared/templates';
import { LIBRARY } from '../../functions/adapters/image/scenes/library';
import { renderTemplateImages } from '../../functions/adapters/image/scenes/render';
import { mapLimit } from '../../functions/core/concurrency';
import { median, percentile } from './bench-stack';

async function main() {
  const times: number[] = [];
  const thumbs: number[] = [];
  let started = performance.now();
  for (const entry of LIBRARY) {
    const t = performance.now();
    const images = await renderTemplateImages(entry);
    times.push(performance.now() - t);
    thumbs.push(images.thumb.length);
  }
  const serial = performance.now() - started;
  started = performance.now();
  await mapLimit([...LIBRARY], 2, (entry) => renderTemplateImages(entry));
  const parallel = performance.now() - started;
  console.log(
    `${LIBRARY.length} scenes: per scene median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms; ` +
      `whole library ${(serial / 1000).toFixed(1)} s one at a time, ${(parallel / 1000).toFixed(1)} s two at a time`,
  );
  console.log(
    `thumbnails: median ${(median(thumbs) / 1024).toFixed(1)} KB, largest ${(Math.max(...thumbs) / 1024).toFixed(1)} KB ` +
      `(budget ${THUMB_MAX_BYTES / 1024} KB)`,
  );
}

await main();
