/** Photos for tests: real faces from the face-api package, and every kind of bad file. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const faceApiDir = dirname(require.resolve('@vladmandic/face-api/package.json'));

/** A real 1920 px photo with a face and camera EXIF including GPS (MIT, ships in the package). */
export function facePhoto(n: 1 | 2 | 3 | 4 | 5 | 6 = 2): Buffer {
  return readFileSync(join(faceApiDir, 'demo', `sample${n}.jpg`));
}

/** A pleasant gradient with no face in it. */
export async function landscapePhoto(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = 90 + (y / height) * 120;
      pixels[i + 1] = 140 + Math.sin(x / 40) * 30;
      pixels[i + 2] = 220 - (y / height) * 100;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

export const textRenamedJpg = () => Buffer.from('This is a shopping list, not a photo.\nMilk\nBread\n');

export function truncatedJpeg(): Buffer {
  const photo = facePhoto(2);
  return photo.subarray(0, Math.floor(photo.length * 0.6));
}

export const onePixelPng = () =>
  sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 20000×20000 PNG header with a little data: a decompression bomb, cheap to make. */
export function bombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + side * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
