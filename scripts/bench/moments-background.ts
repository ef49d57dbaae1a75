/**
 * Offline background removal (issue 9's figure: ≤ 300 ms per 12 MP portrait on 2 cores, decode
 * reported separately). Portraits: head-and-shoulders crops around each face of face-api's sample
 * photos (at least 9), each enlarged to 12 MP as a phone would shoot it; medians and p95 printed.
 */
import sharp from 'sharp';
import { removeBackgroundOffline } from '../../functions/adapters/image/background/remove-background';
import { detectFaces } from '../../functions/adapters/image/face-detector';
import { samplePhoto } from '../../functions/test-support/images';
import { median, percentile } from './bench-stack';

const TWELVE_MP = { width: 3000, height: 4000 };

async function portraits(): Promise<Buffer[]> {
  const found: Buffer[] = [];
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
        .resize(TWELVE_MP.width, TWELVE_MP.height, { fit: 'fill' })
        .jpeg({ quality: 90 })
        .toBuffer();
      found.push(crop);
    }
  }
  return found;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  const photos = await portraits();
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

await main();
