import { describe, expect, it } from 'vitest';
import { GREY, letterboxFor, meanInside, padded } from './letterbox';

/** RGB pixel (x, y) of a square image of `side`. */
const pixel = (image: Uint8Array, side: number, x: number, y: number) =>
  Array.from(image.subarray((y * side + x) * 3, (y * side + x) * 3 + 3));

describe('the letterbox around the photo', () => {
  it('centres a 3:4 portrait in the square, padded left and right', () => {
    expect(letterboxFor(3000, 4000, 256)).toEqual({ side: 256, width: 192, height: 256, left: 32, top: 0 });
    expect(letterboxFor(4000, 3000, 256)).toEqual({ side: 256, width: 256, height: 192, left: 0, top: 32 });
  });

  // A 2×1 photo (red, blue) in a 4×4 square: one column of padding each side, one row above, two below.
  const box = { side: 4, width: 2, height: 1, left: 1, top: 1 };
  const inner = Uint8Array.from([255, 0, 0, 0, 0, 255]);

  it('repeats the nearest edge pixel into the padding, or fills it with grey', () => {
    const edge = padded(inner, box, 'edge');
    const grey = padded(inner, box, GREY);
    for (const image of [edge, grey]) {
      expect([pixel(image, 4, 1, 1), pixel(image, 4, 2, 1)]).toEqual([
        [255, 0, 0],
        [0, 0, 255],
      ]);
    }
    // Corners and the rows above and below take the nearest photo pixel...
    expect([pixel(edge, 4, 0, 0), pixel(edge, 4, 3, 3), pixel(edge, 4, 0, 1), pixel(edge, 4, 2, 3)]).toEqual([
      [255, 0, 0],
      [0, 0, 255],
      [255, 0, 0],
      [0, 0, 255],
    ]);
    // ...or nothing of the photo at all.
    expect([pixel(grey, 4, 0, 0), pixel(grey, 4, 3, 3), pixel(grey, 4, 0, 1), pixel(grey, 4, 2, 3)]).toEqual([
      [GREY, GREY, GREY],
      [GREY, GREY, GREY],
      [GREY, GREY, GREY],
      [GREY, GREY, GREY],
    ]);
  });

  it("averages the views' outputs over the photo's part of the square only", () => {
    const sure = new Float32Array(16).fill(1);
    const unsure = new Float32Array(16).fill(0.2);
    unsure[1 * 4 + 2] = 0.6; // the blue pixel
    expect(Array.from(meanInside([sure, unsure], box))).toEqual([153, 204]);
    expect(Array.from(meanInside([sure], box))).toEqual([255, 255]);
  });
});
