/**
 * npm start's demo image for /admin/test-age-transform (AGE_TEST_DEMO_IMAGE unless the operator sets
 * it): one adult's head and shoulders cut from a sample photo of @vladmandic/face-api (MIT), the
 * package the offline engine already ships, as a data: URL, so the page works out of the box.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/** sample1.jpg's second face (1920 × 1280), framed 3:4 about three face widths wide, no other face in it. */
const SAMPLE = 'sample1.jpg';
const FRAME = { left: 244, top: 226, width: 513, height: 684 };
/** Small enough for one environment variable of the worker processes, above the 200 px minimum. */
const WIDTH = 384;

export async function localDemoPortrait(): Promise<string> {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  const photo = readFileSync(path.join(path.dirname(pkg), 'demo', SAMPLE));
  const portrait = await sharp(photo)
    .autoOrient()
    .extract(FRAME)
    .resize({ width: WIDTH })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${portrait.toString('base64')}`;
}
