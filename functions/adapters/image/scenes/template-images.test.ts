import { THUMB_MAX_BYTES, THUMB_WIDTH_PX } from '@shared/templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTemplateImageMaker } from '../template-images';
import { generateOfflineScene } from './generate-scene';

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
