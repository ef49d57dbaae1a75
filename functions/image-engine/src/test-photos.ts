/**
 * Pictures for the engine's tests, so the package needs nothing outside itself to test: real faces
 * from face-api's demo folder, and a landscape with no face in it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { RgbImage } from './background/guided-filter';

/** face-api's demo photos (1920 px group photos of adults, camera EXIF with GPS). */
export function samplePhoto(n: 1 | 2 | 3 | 4 | 5 | 6 = 2): Buffer {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return readFileSync(path.join(path.dirname(pkg), 'demo', `sample${n}.jpg`));
}

/** A soft sky-to-meadow gradient with no face in it. */
export async function landscapeJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8ec5ff"/><stop offset="0.55" stop-color="#dff1ff"/>
      <stop offset="0.56" stop-color="#6aa84f"/><stop offset="1" stop-color="#2f5d1e"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.18}" r="${height * 0.07}" fill="#fff6c2"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** An image at twice its size, each pixel four (a full-size photo over its working size). */
export function doubled(image: RgbImage): RgbImage {
  const width = image.width * 2;
  const height = image.height * 2;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) {
    const [x, y, c] = [Math.floor(i / 3) % width, Math.floor(i / 3 / width), i % 3];
    data[i] = image.data[((y >> 1) * image.width + (x >> 1)) * 3 + c];
  }
  return { data, width, height };
}
