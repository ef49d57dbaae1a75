/**
 * Offline background removal (issue 9's figures: ≤ 300 ms per 12 MP portrait on 2 cores, decode
 * reported separately; mean IoU ≥ 0.93 against a yardstick). Portraits: head-and-shoulders crops
 * around each face of face-api's sample photos (at least 9), enlarged to 12 MP for the timings as a
 * phone would shoot them; the masks are compared with @imgly/background-removal-node's (installed
 * at run time, see background-yardstick.ts) at their own size.
 */
import sharp from 'sharp';
import { removeBackgroundOffline } from '../../functions/adapters/image/background/remove-background';
import { detectFaces } from '../../functions/adapters/image/face-detector';
import { samplePhoto } from '../../functions/test-support/images';
import { iou, yardstick } from './background-yardstick';
import { median, percentile } from './bench-stack';

const TWELVE_MP = { width: 3000, height: 4000 };

async function portraits(): Promise<Array<{ crop: Buffer; twelveMp: Buffer }>> {
  const found: Array<{ crop: Buffer; twelveMp: Buffer }> = [];
  for (const n of [1, 2, 3, 4, 5, 6] as const) {
    const photo = await sharp(samplePhoto(n)).autoOrient().jpeg().toBuffer();
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    for (const face of (await detectFaces(photo)).faces.slice(0, 2)) {
      // Head and shoulders, 3:4, about three faces wide.
      const w = Math.min(width, Math.round(face.width * 3));
      const h = Math.min(height, Math.round((w * 4) / 3));
      const left = Math.max(0, Math.min(width - w, Math.round(face.x + face.width / 2 - w / 2)));
      const top = Math.max(0, Math.min(height - h, Math.round(face.y - face.height * 0.6)));
      const crop = await sharp(photo)
        .extract({ left, top, width: w, height: h })
        .jpeg({ quality: 92 })
        .toBuffer();
      const twelveMp = await sharp(crop)
        .resize(TWELVE_MP.width, TWELVE_MP.height, { fit: 'fill' })
        .jpeg({ quality: 90 })
        .toBuffer();
      found.push({ crop, twelveMp });
    }
  }
  return found;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  const photos = (await portraits()).map((p) => p.twelveMp);
  await removeBackgroundOffline(photos[0]); // load the models once, as a warm Lambda has
  const stages = {
    decode: [] as number[],
    segment: [] as number[],
    compose: [] as number[],
    work: [] as number[],
  };
  let refused = 0;
  for (const photo of photos) {
    try {
      const { timings } = await removeBackgroundOffline(photo);
      stages.decode.push(timings.decode);
      stages.segment.push(timings.segment);
      stages.compose.push(timings.compose);
      stages.work.push(timings.segment + timings.compose);
    } catch {
      refused++;
    }
  }
  console.log(
    `background removal, ${stages.work.length} portraits of 12 MP (${refused} refused): ` +
      `median ${ms(median(stages.work))}, p95 ${ms(percentile(stages.work, 95))} without decoding ` +
      `(segment ${ms(median(stages.segment))}, cut-out ${ms(median(stages.compose))}); ` +
      `decode median ${ms(median(stages.decode))}`,
  );
}

/** Our mask over the whole photo (the cut-out is trimmed), against the yardstick's. */
async function compareWithYardstick() {
  const reference = await yardstick();
  if (!reference) {
    console.log(
      'IoU: not measured (the yardstick @imgly/background-removal-node could not be installed here)',
    );
    return;
  }
  const scores: number[] = [];
  for (const { crop } of await portraits()) {
    let ours: Awaited<ReturnType<typeof removeBackgroundOffline>>;
    try {
      ours = await removeBackgroundOffline(crop);
    } catch {
      continue;
    }
    const { left, top, photoWidth, photoHeight } = ours.frame;
    const full = new Uint8Array(photoWidth * photoHeight);
    for (let y = 0; y < ours.mask.height; y++) {
      full.set(
        ours.mask.data.subarray(y * ours.mask.width, (y + 1) * ours.mask.width),
        (y + top) * photoWidth + left,
      );
    }
    scores.push(iou(full, await reference(crop, photoWidth, photoHeight)));
  }
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  console.log(
    `IoU against @imgly/background-removal-node (medium), ${scores.length} portraits: mean ${mean.toFixed(3)}, ` +
      `min ${Math.min(...scores).toFixed(3)} (${scores.map((s) => s.toFixed(2)).join(' ')})`,
  );
}

await main();
if (process.env.BENCH_YARDSTICK !== '0') await compareWithYardstick();
