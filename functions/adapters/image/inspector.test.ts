import { MAX_INPUT_PIXELS } from '@shared/rules/upload-file';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoRejectedError } from '../../core/errors';
import { craftedPngHeader, samplePhoto, sidewaysJpeg } from '../../test-support/images';
import { createImageInspector } from './inspector';

const inspector = createImageInspector();

async function rejection(bytes: Buffer): Promise<string> {
  try {
    await inspector.normalise(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(PhotoRejectedError);
    return (error as PhotoRejectedError).messageKey;
  }
  throw new Error('expected the photo to be rejected');
}

describe('image inspector', () => {
  it('rejects text bytes named .jpg as not an image', async () => {
    expect(await rejection(Buffer.from('hello, this is not a photo.jpg\n'.repeat(20)))).toBe('notAnImage');
  });

  it('rejects GIF and HEIC by their magic bytes', async () => {
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect(await rejection(gif)).toBe('photoFormatUnsupported');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    expect(await rejection(heic)).toBe('photoFormatUnsupported');
  });

  it('rejects a truncated JPEG as unreadable', async () => {
    const noise = Buffer.alloc(800 * 600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg()
      .toBuffer();
    expect(await rejection(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toBe('photoUnreadable');
  });

  it('rejects a 1×1 PNG as too small', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await rejection(png)).toBe('photoTooSmall');
  });

  it("applies the composer's 1024 px short edge to the oriented photo", async () => {
    const composer = { minSidePx: 1024, tooSmall: 'composerPhotoTooSmall' } as const;
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#8ab' } })
        .jpeg()
        .toBuffer();
    await expect(inspector.normalise(await photo(1400, 1000), composer)).rejects.toMatchObject({
      messageKey: 'composerPhotoTooSmall',
    });
    const accepted = await inspector.normalise(await photo(1500, 1024), composer);
    expect([accepted.width, accepted.height]).toEqual([1500, 1024]);
    // The age previews keep their own, smaller minimum.
    expect((await inspector.normalise(await photo(1400, 1000))).height).toBe(1000);
  });

  it('rejects a 20000×20000 PNG as too big, quickly and without decoding it', async () => {
    const bomb = craftedPngHeader(20_000, 20_000);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    expect(await rejection(bomb)).toBe('photoTooBig');
    expect(performance.now() - started).toBeLessThan(1000);
    // Decoding would need 1.2 GB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('honours EXIF orientation', async () => {
    const out = await inspector.normalise(await sidewaysJpeg(600, 400));
    expect([out.width, out.height]).toEqual([400, 600]);
    const { data, info } = await sharp(out.jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    const [topR, , topB] = pixel(200, 100);
    const [bottomR, , bottomB] = pixel(200, 500);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
    expect((await sharp(out.jpeg).metadata()).orientation).toBeUndefined();
  });

  it('keeps a JPEG without any metadata (EXIF, GPS, ICC, XMP)', async () => {
    const original = samplePhoto(1);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    // Big-endian EXIF with a GPS IFD pointer (tag 0x8825).
    expect(before.exif!.indexOf(Buffer.from([0x88, 0x25]))).toBeGreaterThan(0);
    const out = await inspector.normalise(original);
    const after = await sharp(out.jpeg).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect([out.width, out.height]).toEqual([before.width, before.height]);
  });

  it('fits large photos into 2048 px without enlarging small ones', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const out = await inspector.normalise(big);
    expect([out.width, out.height]).toEqual([2048, 1536]);
    const small = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#abc' } })
      .webp()
      .toBuffer();
    expect(await inspector.normalise(small)).toMatchObject({ width: 300, height: 250 });
  });

  it('puts transparent PNG areas on white', async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await inspector.normalise(png);
    const stats = await sharp(out.jpeg).stats();
    expect(stats.channels[0].mean).toBeGreaterThan(250);
  });
});
