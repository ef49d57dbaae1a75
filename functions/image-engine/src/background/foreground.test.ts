import { describe, expect, it } from 'vitest';
import { foregroundColours } from './foreground';

const [width, height] = [64, 48];
const CHILD = [230, 180, 150];
const LAWN = [40, 160, 40];

/** A child's colour on the left, a lawn on the right, and alpha ramping 1 → 0 over x 24..40 between. */
function softEdge() {
  const alpha = new Uint8Array(width * height);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = Math.min(1, Math.max(0, (40 - x) / 16));
      const i = y * width + x;
      alpha[i] = Math.round(a * 255);
      // What the camera saw: the mix of child and lawn.
      for (let c = 0; c < 3; c++)
        data[i * 3 + c] = Math.round((alpha[i] / 255) * CHILD[c] + (1 - alpha[i] / 255) * LAWN[c]);
    }
  }
  return { photo: { data, width, height }, alpha };
}

/** How far, channel by channel, the pixel `i` of `rgb` is from the child's colour. */
const offChild = (rgb: Uint8Array, i: number) =>
  Math.max(...[0, 1, 2].map((c) => Math.abs(rgb[i * 3 + c] - CHILD[c])));

describe('foreground colours of the soft edge', () => {
  it("gives the soft edge the child's colour, not the lawn's, and leaves the opaque part as it was", () => {
    const { photo, alpha } = softEdge();
    const out = foregroundColours(photo, alpha, { left: 0, top: 0, width, height });
    for (let y = 0; y < height; y += 7) {
      for (const x of [32, 38]) {
        // The photo there is far off (half to mostly lawn); the cut-out within a few levels.
        expect(offChild(photo.data, y * width + x)).toBeGreaterThan(40);
        expect(offChild(out, y * width + x)).toBeLessThan(8);
      }
      const opaque = y * width + 5;
      expect(Array.from(out.subarray(opaque * 3, opaque * 3 + 3))).toEqual(CHILD);
      // Where alpha is 0 the cut-out keeps nothing of the lawn.
      const transparent = y * width + 50;
      expect(Array.from(out.subarray(transparent * 3, transparent * 3 + 3))).toEqual([0, 0, 0]);
    }
  });

  it('works on a crop of the photo', () => {
    const { photo, alpha } = softEdge();
    const crop = { left: 20, top: 10, width: 30, height: 20 };
    const cropAlpha = new Uint8Array(crop.width * crop.height);
    for (let y = 0; y < crop.height; y++) {
      cropAlpha.set(
        alpha.subarray((y + crop.top) * width + crop.left, (y + crop.top) * width + crop.left + crop.width),
        y * crop.width,
      );
    }
    const out = foregroundColours(photo, cropAlpha, crop);
    expect(out.length).toBe(crop.width * crop.height * 3);
    const i = 5 * crop.width + (36 - crop.left);
    expect(offChild(out, i)).toBeLessThan(8);
  });
});
