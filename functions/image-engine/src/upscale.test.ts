import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHdEnlarger, enlargedPixels, enlargedSquareJpeg } from './upscale';

/** A square RGBA image: red on the left half, blue on the right, a white pixel in the middle. */
function halves(side: number) {
  const data = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 4;
      data.set(x < side / 2 ? [220, 20, 20, 255] : [20, 20, 220, 255], i);
    }
  }
  return { data, width: side, height: side };
}

describe('enlarging a model answer to HD', () => {
  it('keeps what is where: each half stays its colour, the edge stays in the middle', () => {
    const big = enlargedPixels(halves(100), 400, 400);
    expect(big.length).toBe(400 * 400 * 4);
    const at = (x: number, y: number) => Array.from(big.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 4));
    expect(at(20, 200)).toEqual([220, 20, 20, 255]);
    expect(at(380, 200)).toEqual([20, 20, 220, 255]);
    // The edge between x = 199 and 200 (no sub-pixel shift): red just left of it, blue just right.
    expect(at(196, 200)[0]).toBeGreaterThan(at(196, 200)[2]);
    expect(at(203, 200)[2]).toBeGreaterThan(at(203, 200)[0]);
  });

  it('encodes a JPEG of the size asked, without metadata', async () => {
    const jpeg = await enlargedSquareJpeg(halves(64), 256, 90);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256, channels: 3 });
    expect(meta.exif).toBeUndefined();
  });

  it('makes the HD file from a stored source: the size asked, no metadata, the picture where it was', async () => {
    const { data } = halves(100);
    const source = await sharp(data, { raw: { width: 100, height: 100, channels: 4 } })
      .removeAlpha()
      .withMetadata({ exif: { IFD0: { Artist: 'model' } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const hd = await createHdEnlarger().enlarge(source, 400);
    const meta = await sharp(hd).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    const { data: pixels } = await sharp(hd).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number) => Array.from(pixels.subarray((200 * 400 + x) * 3, (200 * 400 + x) * 3 + 3));
    expect(at(40)[0]).toBeGreaterThan(180);
    expect(at(360)[2]).toBeGreaterThan(180);
  });
});
