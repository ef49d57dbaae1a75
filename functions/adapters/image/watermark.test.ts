import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addWatermark, WATERMARK_TEXT, watermarkSvg } from './watermark';

describe('preview watermark', () => {
  it('repeats the product text over the whole picture', () => {
    const svg = watermarkSvg(640, 640);
    expect(svg.match(/<text /g)?.length).toBeGreaterThan(6);
    expect(WATERMARK_TEXT).toBe('Little Futures · PREVIEW');
    expect(svg).toContain(`>${WATERMARK_TEXT}</text>`);
  });

  it('visibly marks every part of the image without changing its size', async () => {
    const size = 320;
    const grey = new Uint8Array(size * size * 3).fill(90);
    const marked = await addWatermark({ data: grey, width: size, height: size, channels: 3 });
    expect(marked.width).toBe(size);
    expect(marked.height).toBe(size);
    // Each quadrant has lightened (white text) pixels.
    const c = marked.channels;
    for (const [qx, qy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      let light = 0;
      for (let y = qy * 160; y < qy * 160 + 160; y++) {
        for (let x = qx * 160; x < qx * 160 + 160; x++) if (marked.data[(y * size + x) * c] > 120) light++;
      }
      expect(light).toBeGreaterThan(200);
    }
    // Tasteful: most of the picture is untouched.
    let changed = 0;
    for (let i = 0; i < size * size; i++) if (marked.data[i * c] !== 90) changed++;
    expect(changed / (size * size)).toBeLessThan(0.4);
    const png = await sharp(marked.data, { raw: { width: size, height: size, channels: c } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(size);
  });
});
