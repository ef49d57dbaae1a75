import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doubled } from '../test-photos';
import {
  applyModel,
  boxMean,
  boxMeans,
  guidedFilter,
  KNOWN_ONE,
  KNOWN_ZERO,
  type RgbImage,
} from './guided-filter';

/** An image whose pixels left of `edgeX` are `left` (RGB) and the others `right`: dark and bright grey by default. */
function stepImage(
  width: number,
  height: number,
  edgeX: number,
  left = [40, 40, 40],
  right = [200, 200, 200],
): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(x < edgeX ? left : right, (y * width + x) * 3);
  }
  return { data, width, height };
}

/** Half the size, each pixel the mean of four: what a resize to the working size gives. */
function halfSize(image: RgbImage): RgbImage {
  const width = image.width / 2;
  const height = image.height / 2;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) {
    const [x, y, c] = [Math.floor(i / 3) % width, Math.floor(i / 3 / width), i % 3];
    const at = (u: number, v: number) => image.data[(v * image.width + u) * 3 + c];
    data[i] = (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1)) / 4;
  }
  return { data, width, height };
}

/** Where a row first reaches one half, from the left. */
const crossing = (row: Float32Array) => row.findIndex((v) => v >= 0.5);

describe('guided filter', () => {
  /** The mean of the window cut at the borders, counted pixel by pixel. */
  function expectWindowMeans(src: Float32Array, width: number, height: number, r: number, out: Float32Array) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let count = 0;
        for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++) {
          for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++) {
            sum += src[v * width + u];
            count++;
          }
        }
        expect(out[y * width + x]).toBeCloseTo(sum / count, 4);
      }
    }
  }

  it('box mean: the mean of the window cut at the borders, as counted by hand', () => {
    const [width, height, r] = [7, 5, 2];
    const src = Float32Array.from({ length: width * height }, (_, i) => (i * 37) % 11);
    expectWindowMeans(src, width, height, r, boxMean(src, width, height, r));
  });

  it('box mean: any size, any radius (wider than the image too), the buffers reused plane after plane', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 1000 }),
        (width, height, r, seed) => {
          const mean = boxMeans(width, height, r);
          for (let plane = 0; plane < 2; plane++) {
            const src = Float32Array.from({ length: width * height }, (_, i) => ((i + plane) * seed) % 13);
            expectWindowMeans(src, width, height, r, mean(src));
          }
        },
      ),
    );
  });

  it("moves a coarse mask's edge onto the photo's hard edge, at full resolution", () => {
    // The photo's edge at x = 29 (odd: the half-size working copy cannot place it); the coarse
    // mask (half size, as upsampled from the model) ramps from 0 to 1 over 12 full pixels, right
    // of it, crossing one half near x = 31.
    const [width, height, edge] = [80, 24, 29];
    const full = stepImage(width, height, edge);
    const work = halfSize(full);
    const mask = new Uint8Array((width / 2) * (height / 2));
    for (let i = 0; i < mask.length; i++) {
      const x = i % (width / 2);
      mask[i] = Math.round(255 * Math.min(1, Math.max(0, (x - 12) / 6)));
    }
    const crop = { left: 0, top: 0, width, height };
    const out = guidedFilter({ mask, work, full, crop, radius: 4, eps: 1e-4 });
    for (let y = 0; y < height; y++) {
      const row = out.subarray(y * width, (y + 1) * width);
      expect(crossing(row)).toBe(edge);
      // A step of one pixel where the photo steps, not the mask's ramp.
      expect(row[edge - 1]).toBeLessThan(0.1);
      expect(row[edge]).toBeGreaterThan(0.6);
    }
  });

  it('keeps an edge between colours of the same brightness (skin against a yellow curtain)', () => {
    // Luma 184 on both sides: a luma guide sees no edge here and leaves the mask's ramp as it is.
    const [width, height, edge] = [80, 24, 29];
    const full = stepImage(width, height, edge, [224, 172, 140], [181, 190, 155]);
    const work = halfSize(full);
    const mask = new Uint8Array((width / 2) * (height / 2));
    for (let i = 0; i < mask.length; i++) {
      const x = i % (width / 2);
      mask[i] = Math.round(255 * Math.min(1, Math.max(0, (19 - x) / 10)));
    }
    const crop = { left: 0, top: 0, width, height };
    const out = guidedFilter({ mask, work, full, crop, radius: 4, eps: 0.003 });
    // The ramp alone drops 0.05 a pixel; at the colour edge the mask drops by much more.
    for (let y = 0; y < height; y++) {
      const row = out.subarray(y * width, (y + 1) * width);
      expect(row[edge - 1] - row[edge]).toBeGreaterThan(0.25);
    }
  });

  it('returns values in 0..1 over the crop only, and leaves a uniform mask as it was', () => {
    const [width, height] = [40, 30];
    const noise = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7919) % 256);
    const full = { data: noise(width * height * 3), width, height };
    const work = { data: noise(20 * 15 * 3), width: 20, height: 15 };
    const crop = { left: 5, top: 4, width: 30, height: 20 };
    const random = guidedFilter({ mask: noise(20 * 15), work, full, crop, radius: 3, eps: 1e-4 });
    expect(random.length).toBe(crop.width * crop.height);
    expect(Math.min(...random)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...random)).toBeLessThanOrEqual(1);
    for (const level of [0, 255]) {
      const uniform = guidedFilter({
        mask: new Uint8Array(20 * 15).fill(level),
        work,
        full,
        crop,
        radius: 3,
        eps: 0.01,
      });
      for (const v of uniform) expect(v).toBeCloseTo(level / 255, 5);
    }
  });

  it('the filter equals its definition, the window sums taken pixel by pixel (any size, radius, colours and mask)', () => {
    /** He, Sun and Tang's filter written out: per pixel a and b from its window, then their window means. */
    function reference(guide: RgbImage, mask: Uint8Array, r: number, eps: number): Float64Array {
      const { width, height, data } = guide;
      const windowMean = (f: (i: number) => number, x: number, y: number) => {
        let [sum, count] = [0, 0];
        for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++)
          for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++, count++)
            sum += f(v * width + u);
        return sum / count;
      };
      const I = (i: number, c: number) => data[i * 3 + c] / 255;
      const p = (i: number) => mask[i] / 255;
      const n = width * height;
      const [a0, a1, a2, b] = [0, 1, 2, 3].map(() => new Float64Array(n));
      for (let i = 0; i < n; i++) {
        const [x, y] = [i % width, Math.floor(i / width)];
        const m = [0, 1, 2].map((c) => windowMean((j) => I(j, c), x, y));
        const mp = windowMean(p, x, y);
        const sigma = [0, 1, 2].map((c) =>
          [0, 1, 2].map(
            (d) => windowMean((j) => I(j, c) * I(j, d), x, y) - m[c] * m[d] + (c === d ? eps : 0),
          ),
        );
        const cov = [0, 1, 2].map((c) => windowMean((j) => I(j, c) * p(j), x, y) - m[c] * mp);
        // Cramer's rule on the 3×3 system sigma · a = cov.
        const det = (M: number[][]) =>
          M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) -
          M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
          M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
        const whole = det(sigma);
        const a = [0, 1, 2].map(
          (k) => det(sigma.map((row, c) => row.map((v, d) => (d === k ? cov[c] : v)))) / whole,
        );
        [a0[i], a1[i], a2[i]] = a;
        b[i] = mp - a[0] * m[0] - a[1] * m[1] - a[2] * m[2];
      }
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const [x, y] = [i % width, Math.floor(i / width)];
        const q =
          windowMean((j) => a0[j], x, y) * I(i, 0) +
          windowMean((j) => a1[j], x, y) * I(i, 1) +
          windowMean((j) => a2[j], x, y) * I(i, 2) +
          windowMean((j) => b[j], x, y);
        out[i] = Math.min(1, Math.max(0, q));
      }
      return out;
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 5 }),
        fc.uint8Array({ minLength: 9 * 9 * 3, maxLength: 9 * 9 * 3 }),
        fc.uint8Array({ minLength: 9 * 9, maxLength: 9 * 9 }),
        fc.constantFrom(0.003, 0.01),
        (width, height, r, colours, alpha, eps) => {
          const data = colours.subarray(0, width * height * 3);
          const mask = alpha.subarray(0, width * height);
          const guide = { data, width, height };
          // The working size is the full size: the upsampling samples each pixel's own coefficients.
          const crop = { left: 0, top: 0, width, height };
          const out = guidedFilter({ mask, work: guide, full: guide, crop, radius: r, eps });
          const expected = reference(guide, mask, r, eps);
          for (let i = 0; i < out.length; i++) expect(out[i]).toBeCloseTo(expected[i], 4);
        },
      ),
    );
  });
  it('applies the model at full size bilinear between the four working pixels, centres aligned, any scale and crop', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        // Full size over working size: 1 (identity), 2, or an odd ratio.
        fc.constantFrom(1, 2, 13 / 5, 3.5),
        fc.array(fc.float({ min: -2, max: 2, noNaN: true }), { minLength: 4 * 49, maxLength: 4 * 49 }),
        fc.uint8Array({ minLength: 25 * 25 * 3, maxLength: 25 * 25 * 3 }),
        fc.record({ left: fc.nat(6), top: fc.nat(6) }),
        (width, height, ratio, values, colours, offset) => {
          const n = width * height;
          const [a0, a1, a2, b] = [0, 1, 2, 3].map((k) =>
            Float32Array.from(values.slice(k * 49, k * 49 + n)),
          );
          const full = {
            data: colours,
            width: Math.round(width * ratio),
            height: Math.round(height * ratio),
          };
          const left = Math.min(offset.left, full.width - 1);
          const top = Math.min(offset.top, full.height - 1);
          const crop = { left, top, width: full.width - left, height: full.height - top };
          const out = applyModel({ a: [a0, a1, a2], b }, { width, height }, full, crop);
          // sharp's alignment: full pixel x's centre at (x + 0.5)·scale − 0.5 working pixels, clamped.
          const along = (x: number, scale: number, length: number) => {
            const f = Math.min(length - 1, Math.max(0, (x + 0.5) * scale - 0.5));
            const i0 = Math.floor(f);
            return { i0, i1: Math.min(length - 1, i0 + 1), w: f - i0 };
          };
          for (let y = 0; y < crop.height; y++)
            for (let x = 0; x < crop.width; x++) {
              const u = along(x + left, width / full.width, width);
              const v = along(y + top, height / full.height, height);
              const at = (plane: Float32Array) =>
                (plane[v.i0 * width + u.i0] * (1 - u.w) + plane[v.i0 * width + u.i1] * u.w) * (1 - v.w) +
                (plane[v.i1 * width + u.i0] * (1 - u.w) + plane[v.i1 * width + u.i1] * u.w) * v.w;
              const pixel = ((y + top) * full.width + x + left) * 3;
              const q =
                (at(a0) * colours[pixel] + at(a1) * colours[pixel + 1] + at(a2) * colours[pixel + 2]) / 255 +
                at(b);
              expect(out[y * crop.width + x]).toBeCloseTo(Math.min(1, Math.max(0, q)), 4);
            }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes what it is told it knows, by the nearest working pixel, and computes the rest', () => {
    const work = {
      data: Uint8Array.from({ length: 6 * 4 * 3 }, (_, i) => (i * 37) % 256),
      width: 6,
      height: 4,
    };
    const full = doubled(work);
    const mask = Uint8Array.from({ length: 24 }, (_, i) => (i * 53) % 256);
    const known = Uint8Array.from({ length: 24 }, (_, i) => [0, KNOWN_ZERO, KNOWN_ONE][i % 3]);
    const crop = { left: 1, top: 1, width: 10, height: 6 };
    const plain = guidedFilter({ mask, work, full, crop, radius: 1, eps: 0.01 });
    const told = guidedFilter({ mask, work, full, crop, radius: 1, eps: 0.01, known });
    for (let y = 0; y < crop.height; y++)
      for (let x = 0; x < crop.width; x++) {
        const i = y * crop.width + x;
        const answer = known[((y + 1) >> 1) * 6 + ((x + 1) >> 1)];
        expect(told[i]).toBe(answer === KNOWN_ONE ? 1 : answer === KNOWN_ZERO ? 0 : plain[i]);
      }
  });
});
