import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doubled } from '../test-photos';
import { fullSizeAlpha, knownAnswers } from './alpha';
import { guidedFilter, KNOWN_ZERO, type RgbImage } from './guided-filter';
import { near } from './regions';

/**
 * The alpha by its definition, every pixel through the filter: opaque where the working pixel is
 * well inside the subject (≥ 250, one pixel deep), else the filtered edge sharpened around one half.
 */
function definition(photo: RgbImage, work: RgbImage, subject: Uint8Array, radius: number, eps: number) {
  const crop = { left: 0, top: 0, width: photo.width, height: photo.height };
  const q = guidedFilter({ mask: subject, work, full: photo, crop, radius, eps });
  const outside = Uint8Array.from(subject, (v) => (v >= 250 ? 0 : 1));
  const nearOutside = near(outside, work.width, work.height, 1);
  const alpha = new Uint8ClampedArray(q.length);
  for (let i = 0; i < q.length; i++) {
    const [x, y] = [i % photo.width, Math.floor(i / photo.width)];
    alpha[i] = nearOutside[(y >> 1) * work.width + (x >> 1)] ? 255 * ((q[i] - 0.5) * 2 + 0.5) : 255;
  }
  return alpha;
}

describe('the full-size alpha', () => {
  it('equals its definition though it skips the filter well inside the subject and out of its reach', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 24 }),
        fc.integer({ min: 4, max: 24 }),
        fc.integer({ min: 1, max: 3 }),
        fc.uint8Array({ minLength: 24 * 24 * 3, maxLength: 24 * 24 * 3 }),
        // A subject: a solid block with a soft rim, somewhere in the frame (or partly out of it).
        fc.record({
          x: fc.integer({ min: -4, max: 20 }),
          y: fc.integer({ min: -4, max: 20 }),
          side: fc.integer({ min: 1, max: 10 }),
        }),
        fc.constantFrom(0.003, 0.01),
        (width, height, radius, colours, block, eps) => {
          const work = { data: colours.subarray(0, width * height * 3), width, height };
          const subject = new Uint8Array(width * height);
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++) {
              const dx = Math.max(block.x - x, x - (block.x + block.side), 0);
              const dy = Math.max(block.y - y, y - (block.y + block.side), 0);
              subject[y * width + x] = Math.max(0, 255 - 90 * Math.max(dx, dy));
            }
          const photo = doubled(work);
          const crop = { left: 0, top: 0, width: photo.width, height: photo.height };
          const alpha = fullSizeAlpha({ photo, work, subject, crop, radius, eps });
          const expected = definition(photo, work, subject, radius, eps);
          for (let i = 0; i < alpha.length; i++)
            expect(Math.abs(alpha[i] - expected[i])).toBeLessThanOrEqual(1);
          // Where it is told "clear", the filter itself answers 0: the reach is the model's, not
          // merely below what the alpha's sharpening shows.
          const known = knownAnswers(subject, width, height, radius);
          const q = guidedFilter({ mask: subject, work, full: photo, crop, radius, eps });
          for (let i = 0; i < q.length; i++) {
            const [x, y] = [i % photo.width, Math.floor(i / photo.width)];
            if (known[(y >> 1) * width + (x >> 1)] === KNOWN_ZERO) expect(q[i]).toBeLessThan(1e-6);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
