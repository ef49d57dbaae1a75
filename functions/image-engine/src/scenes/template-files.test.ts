import { NATIVE_SIZES } from '@shared/templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIBRARY } from './library';
import { drawScenePixels, renderTemplateImages } from './render';
import { rgbOf, templateImagesOf } from './template-files';

const rawOf = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
};

describe('template files', () => {
  it('drops the alpha channel of RGBA pixels, and leaves RGB ones alone', () => {
    const rgba = {
      pixels: Buffer.from([1, 2, 3, 255, 4, 5, 6, 255]),
      width: 2,
      height: 1,
      channels: 4,
    } as const;
    const rgb = rgbOf(rgba);
    expect([rgb.channels, [...rgb.pixels]]).toEqual([3, [1, 2, 3, 4, 5, 6]]);
    expect(rgbOf(rgb)).toBe(rgb);
  });

  it("lays the library's watermark with Skia as the importer's composite does, within a level", async () => {
    const entry = LIBRARY.find((e) => e.orientation === '9:16')!;
    const { width, height } = NATIVE_SIZES[entry.orientation];
    const { pixels } = drawScenePixels({ ...entry, seed: entry.slug }, width, height);
    const [drawn, composited] = await Promise.all([
      renderTemplateImages(entry),
      templateImagesOf(pixels, width, height),
    ]);
    const [drawnMark, compositedMark, native] = await Promise.all(
      [drawn.watermarked, composited.watermarked, drawn.native].map(rawOf),
    );
    expect(meanDifference(drawnMark, compositedMark)).toBeLessThan(1);
    // The watermark is there: the marked image differs from the clean one by more than that.
    expect(meanDifference(drawnMark, native)).toBeGreaterThan(2);
  });
});
