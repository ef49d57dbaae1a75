import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPreviewMaker, PREVIEW_MAX_BYTES, PREVIEW_SIZE_PX } from './preview-maker';
import { watermarkOverlay } from './watermark';

const previews = createPreviewMaker();
const side = PREVIEW_SIZE_PX;

/** Random pixels: the busiest picture there is, far over the size limit at the first quality. */
function noise(width: number, height: number) {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(Math.random() * 256);
  return { data, width, height, channels: 3 as const };
}

describe('the preview maker', () => {
  it('makes a square preview of a wide photo, marked exactly where the watermark lies', async () => {
    const grey = await sharp({ create: { width: 1500, height: 900, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const { jpeg } = await previews.preview(grey);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', side, side, undefined]);
    // Lighter where the overlay is opaque, grey where it is clear: the watermark at the preview's size.
    const pixels = await sharp(jpeg).greyscale().raw().toBuffer();
    const overlay = await watermarkOverlay(side, side);
    let marked = 0;
    let clear = 0;
    let markedLight = 0;
    let clearGrey = 0;
    for (let i = 0; i < side * side; i++) {
      const alpha = overlay[i * 4 + 3];
      if (alpha > 80 && overlay[i * 4] > 200) {
        marked++;
        if (pixels[i] > 150) markedLight++;
      } else if (alpha === 0) {
        clear++;
        if (Math.abs(pixels[i] - 128) < 12) clearGrey++;
      }
    }
    expect(marked).toBeGreaterThan(1000);
    expect(markedLight / marked).toBeGreaterThan(0.8);
    expect(clearGrey / clear).toBeGreaterThan(0.9);
  });

  it('encodes a busy picture again, lower, until it fits the size limit', async () => {
    const busy = noise(1024, 1024);
    const { jpeg, timings } = await previews.preview(busy);
    expect(jpeg.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
    expect(timings.encode).toBeGreaterThan(0);
    // At the first quality it would not have fitted.
    const atFirst = await sharp(busy.data, { raw: { width: 1024, height: 1024, channels: 3 } })
      .resize(side, side)
      .jpeg({ quality: 82 })
      .toBuffer();
    expect(atFirst.length).toBeGreaterThan(PREVIEW_MAX_BYTES);
  });
});
