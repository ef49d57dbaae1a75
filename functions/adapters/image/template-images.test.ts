import { generateOfflineScene } from '@little-futures/image-engine/scenes';
import { THUMB_MAX_BYTES, THUMB_WIDTH_PX } from '@shared/templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NotAnImageError } from '../../core/admin/template-import-ports';
import { landscapeJpeg } from '../../test-support/images';
import { createTemplateImageMaker } from './template-images';

const maker = createTemplateImageMaker();

describe('createTemplateImageMaker', () => {
  it('refuses bytes that are not an image: an HTML page, text, an SVG', async () => {
    for (const text of [
      '<!doctype html><title>hi</title>',
      'just text',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ]) {
      await expect(maker.probe(Buffer.from(text))).rejects.toBeInstanceOf(NotAnImageError);
    }
  });

  it("crops any image to the native size and makes the library's three files", async () => {
    const photo = await landscapeJpeg(800, 600);
    expect(await maker.probe(photo)).toEqual({ width: 800, height: 600 });
    const images = await maker.fromImage(photo, { width: 1152, height: 2048 });
    expect(images).toMatchObject({ width: 1152, height: 2048 });
    const [native, wm, thumb] = await Promise.all(
      [images.native, images.watermarked, images.thumb].map((b) => sharp(b).metadata()),
    );
    expect([native.format, native.width, native.height, native.exif]).toEqual([
      'jpeg',
      1152,
      2048,
      undefined,
    ]);
    expect([wm.format, wm.width, wm.height]).toEqual(['jpeg', 1152, 2048]);
    expect([thumb.format, thumb.width]).toEqual(['webp', THUMB_WIDTH_PX]);
    expect(images.thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    // The watermark changes the pixels.
    expect(images.watermarked.equals(images.native)).toBe(false);
  });
});

describe('a generated scene as a template (the TemplateImageMaker)', () => {
  it('makes the native JPEG, a watermarked copy of the same size and a small WEBP thumbnail, without metadata', async () => {
    const { image } = await generateOfflineScene({
      prompt: 'dragon castle',
      width: 800,
      height: 1000,
      seed: 3,
    });
    // A camera-style EXIF block that must not survive.
    const withExif = await sharp(image)
      .withExif({ IFD0: { Artist: 'someone' } })
      .jpeg()
      .toBuffer();
    const files = await createTemplateImageMaker().fromImage(withExif, { width: 800, height: 1000 });
    expect([files.width, files.height]).toEqual([800, 1000]);
    const [native, watermarked, thumb] = await Promise.all(
      [files.native, files.watermarked, files.thumb].map((b) => sharp(b).metadata()),
    );
    expect([native.format, native.width, native.height, native.exif]).toEqual(['jpeg', 800, 1000, undefined]);
    expect([watermarked.format, watermarked.width]).toEqual(['jpeg', 800]);
    expect(files.watermarked.equals(files.native)).toBe(false);
    expect([thumb.format, thumb.width]).toEqual(['webp', THUMB_WIDTH_PX]);
    expect(files.thumb.length).toBeLessThanOrEqual(THUMB_MAX_BYTES);
  });
});
