import { describe, expect, it } from 'vitest';
import { largestRegion, type Mask, regionAt, sureParts } from './regions';

/** A 60×40 mask: a sure body (x 10–29) with a 2-pixel soft edge, and a patch of middling probability from x 32 to 55 touching it. */
function subjectWithPatch(): Mask {
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height);
  for (let y = 5; y < 35; y++) {
    for (let x = 8; x < 56; x++) {
      data[y * width + x] = x < 10 || (x >= 30 && x < 32) ? 150 : x < 30 ? 250 : 170;
    }
  }
  return { data, width, height };
}

describe('regions of the segmentation mask', () => {
  it('keeps the region under the face and drops another blob', () => {
    const mask = subjectWithPatch();
    mask.data.fill(0, 0, mask.width * 3);
    for (let x = 0; x < 5; x++) mask.data[1 * mask.width + x] = 255; // a separate blob at the top
    const region = regionAt(mask, 20, 20);
    expect(region?.mask.data[1 * mask.width + 2]).toBe(0);
    expect(region?.mask.data[20 * mask.width + 20]).toBe(250);
  });

  it('drops a patch of middling probability that hangs on to the subject far from its sure pixels', () => {
    const region = sureParts(
      largestRegion(subjectWithPatch()) as NonNullable<ReturnType<typeof largestRegion>>,
    );
    const at = (x: number, y: number) => region.mask.data[y * region.mask.width + x];
    // The sure body and its soft edges stay, and so does the patch just beside it (an edge band).
    expect([at(9, 20), at(20, 20), at(31, 20), at(35, 20)]).toEqual([150, 250, 150, 170]);
    // Far into the patch, nothing.
    expect([at(40, 20), at(55, 20)]).toEqual([0, 0]);
    expect(region.box).toEqual({ left: 8, top: 5, right: 35, bottom: 34 });
  });

  it('keeps a region the model is nowhere sure of as it is', () => {
    const mask: Mask = { data: new Uint8Array(20 * 20).fill(180), width: 20, height: 20 };
    const region = largestRegion(mask) as NonNullable<ReturnType<typeof largestRegion>>;
    expect(sureParts(region)).toEqual(region);
  });
});
