import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPreviewMaker } from './preview-maker';
import { PREVIEW_SIZE_PX } from './preview-size';
import { createUnmarkedPreviewMaker } from './unmarked-preview';

/** A wide picture with a left-to-right gradient: any other crop or scale than the preview's shows. */
async function wideGradient() {
  const width = 1500;
  const height = 900;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((x / width) * 255);
      data[i + 1] = Math.round((y / height) * 255);
      data[i + 2] = 90;
    }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('the unmarked preview', () => {
  it('has the preview’s size and framing, without the watermark or any metadata', async () => {
    const picture = await wideGradient();
    const [unmarked, { jpeg: preview }] = await Promise.all([
      createUnmarkedPreviewMaker().unmarked(picture),
      createPreviewMaker().preview(picture),
    ]);
    const meta = await sharp(unmarked).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'jpeg',
      PREVIEW_SIZE_PX,
      PREVIEW_SIZE_PX,
      undefined,
    ]);
    const [u, p] = await Promise.all(
      [unmarked, preview].map((image) => sharp(image).greyscale().raw().toBuffer()),
    );
    let sum = 0;
    let brighter = 0;
    for (let i = 0; i < u.length; i++) {
      sum += Math.abs(p[i]! - u[i]!);
      if (p[i]! - u[i]! > 20) brighter++;
    }
    // The same picture (a crop or scale of its own would differ along the whole gradient)...
    expect(sum / u.length).toBeLessThan(12);
    // ...and the watermark's light text only on the public preview.
    expect(brighter / u.length).toBeGreaterThan(0.015);
  });
});
