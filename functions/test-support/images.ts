/** Photos for tests: real faces from the face-api package, and every kind of bad file. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** face-api's demo photos (1920 px group photos of adults, camera EXIF with GPS). */
export function samplePhoto(n: 1 | 2 | 3 | 4 | 5 | 6 = 2): Buffer {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return readFileSync(path.join(path.dirname(pkg), 'demo', `sample${n}.jpg`));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/**
 * A valid PNG header claiming width × height RGB pixels, followed by one compressed row: a
 * decompression bomb's shape in a few hundred bytes, never decoded by a correct inspector.
 */
export function craftedPngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const row = deflateSync(Buffer.alloc(1 + Math.min(width, 1000) * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', row),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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

/**
 * A JPEG stored sideways with EXIF orientation 6 (display = rotate 90° clockwise). Stored: left
 * half red, right half blue, so when displayed upright the top is red and the bottom blue.
 */
export async function sidewaysJpeg(width = 600, height = 400): Promise<Buffer> {
  const half = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const textRenamedJpg = () => Buffer.from('This is a shopping list, not a photo.\nMilk\nBread\n');

export function truncatedJpeg(): Buffer {
  const photo = samplePhoto(2);
  return photo.subarray(0, Math.floor(photo.length * 0.6));
}

export const onePixelPng = () =>
  sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
