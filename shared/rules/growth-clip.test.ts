import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyAffine,
  applySimilarity,
  CLIP_FPS,
  canMakeClip,
  clipAges,
  clipDurationS,
  clipFileName,
  clipFrames,
  clipIsUnmarked,
  invertSimilarity,
  lerpPoints,
  meshImages,
  type Pt,
  similarityFrom,
  triangleAffine,
} from './growth-clip';
import { face } from './growth-clip.fixtures';

const job = (
  age: number,
  over: Partial<{ status: string; previewUrl: string | null; hdUnlocked: boolean }> = {},
) => ({
  age,
  status: 'done',
  previewUrl: `/previews/u/${age}.jpg`,
  hdUnlocked: false,
  ...over,
});

const coord = fc.double({ min: -500, max: 500, noNaN: true });
const point = fc.tuple(coord, coord);
const close = (p: Pt, q: Pt, eps = 1e-6) =>
  Math.hypot(p[0] - q[0], p[1] - q[1]) < eps * (1 + Math.hypot(...q));

describe('which ages the clip shows', () => {
  it('takes done ages with a preview, youngest first, and needs two', () => {
    const jobs = [
      job(21),
      job(10),
      job(16, { status: 'processing', previewUrl: null }),
      job(19, { status: 'failed' }),
    ];
    expect(clipAges(jobs).map((j) => j.age)).toEqual([10, 21]);
    expect(canMakeClip(jobs)).toBe(true);
    expect(canMakeClip([job(10), job(16, { status: 'processing', previewUrl: null })])).toBe(false);
  });

  it('leaves the watermark off only for the owner, and only when every age in the clip is unlocked', () => {
    const unlocked = (age: number) => job(age, { hdUnlocked: true });
    const all = [unlocked(10), unlocked(16), unlocked(21)];
    expect(clipIsUnmarked(all, true)).toBe(true);
    expect(clipIsUnmarked(all, false)).toBe(false);
    expect(clipIsUnmarked([unlocked(10), job(16), unlocked(21)], true)).toBe(false);
    // A locked age that is not in the clip (still rendering) does not mark it.
    expect(
      clipIsUnmarked([unlocked(10), unlocked(16), job(21, { status: 'processing', previewUrl: null })], true),
    ).toBe(true);
    expect(clipIsUnmarked([unlocked(10)], true)).toBe(false);
  });

  it('names the file after its container', () => {
    expect(clipFileName('video/mp4; codecs="avc1.42001f"')).toBe('my-baby-grows.mp4');
    expect(clipFileName('video/webm')).toBe('my-baby-grows.webm');
  });
});

describe('timeline', () => {
  it('lasts about 4 s for 3 ages: one frame per still age, the morphs at CLIP_FPS, and a closing frame', () => {
    expect(clipDurationS(3)).toBeCloseTo(4, 5);
    const frames = clipFrames(3);
    expect(frames).toHaveLength(3 + 2 * Math.round(1.1 * CLIP_FPS) + 1);
    expect(frames.filter((f) => f.key).map((f) => f.timestampUs)).toEqual([0, 1_700_000, 3_400_000]);
    expect(frames[0].durationUs).toBe(600_000);
    const last = frames.at(-1)!;
    expect(last.timestampUs + last.durationUs).toBe(4_000_000);
    expect(last.durationUs).toBe(Math.round(1_000_000 / CLIP_FPS));
  });

  it('holds each age, then morphs monotonically into the next, gap-free; it ends on the oldest age', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), (ages) => {
        const steps = clipFrames(ages);
        expect(steps[0]).toMatchObject({ from: 0, to: 0, t: 0, timestampUs: 0, key: true });
        expect(steps.at(-1)).toMatchObject({ from: ages - 1, to: ages - 1, t: 0 });
        for (let i = 1; i < steps.length; i++) {
          const [p, q] = [steps[i - 1], steps[i]];
          const progress = (s: typeof p) => s.from + s.t;
          expect(progress(q)).toBeGreaterThanOrEqual(progress(p) - 1e-9);
          expect(q.t).toBeGreaterThanOrEqual(0);
          expect(q.t).toBeLessThan(1);
          expect(q.to - q.from).toBeLessThanOrEqual(1);
          expect(q.timestampUs).toBe(p.timestampUs + p.durationUs);
          expect(q.durationUs).toBeGreaterThan(0);
        }
        const last = steps.at(-1)!;
        expect(last.timestampUs + last.durationUs).toBe(Math.round(clipDurationS(ages) * 1_000_000));
        // Every age is shown still, once, as a key frame.
        for (let a = 0; a < ages; a++)
          expect(steps.filter((s) => s.key && s.from === a && s.t === 0)).toHaveLength(1);
      }),
    );
  });

  it('interpolates points linearly', () => {
    expect(lerpPoints([[0, 0]], [[10, 20]], 0.25)).toEqual([[2.5, 5]]);
  });
});

describe('similarity', () => {
  it('takes two points exactly where asked, and its inverse undoes it', () => {
    fc.assert(
      fc.property(point, point, point, point, point, (p1, p2, q1, q2, x) => {
        fc.pre(Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) > 1 && Math.hypot(q2[0] - q1[0], q2[1] - q1[1]) > 1);
        const s = similarityFrom(p1, p2, q1, q2);
        expect(close(applySimilarity(s, p1), q1, 1e-6)).toBe(true);
        expect(close(applySimilarity(s, p2), q2, 1e-6)).toBe(true);
        expect(close(applySimilarity(invertSimilarity(s), applySimilarity(s, x)), x, 1e-6)).toBe(true);
      }),
    );
  });
});

describe('triangle affine', () => {
  it('maps each corner of a triangle onto the other', () => {
    fc.assert(
      fc.property(fc.tuple(point, point, point), fc.tuple(point, point, point), (from, to) => {
        const [[x0, y0], [x1, y1], [x2, y2]] = from;
        fc.pre(Math.abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) > 1);
        const m = triangleAffine(from, to)!;
        for (let i = 0; i < 3; i++) expect(close(applyAffine(m, from[i]), to[i], 1e-6)).toBe(true);
      }),
    );
  });

  it('refuses a degenerate triangle', () => {
    expect(
      triangleAffine(
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      ),
    ).toBeNull();
  });
});

describe('mesh', () => {
  const images = [face(), face(0.05, 1.1), face(-0.03, 0.95)].map((landmarks) => ({
    landmarks,
    width: 640,
    height: 640,
  }));

  it('aligns every face’s eyes onto the first one’s, with the frame border pinned', () => {
    const mesh = meshImages(images, 720);
    for (const m of mesh) {
      expect(m.source).toHaveLength(76);
      expect(m.aligned.slice(68)).toEqual(mesh[0].aligned.slice(68));
    }
    // The first image is only scaled to the frame.
    expect(
      close(mesh[0].aligned[30], [images[0].landmarks[30][0] * 720, images[0].landmarks[30][1] * 720], 1e-9),
    ).toBe(true);
    // Eye centres coincide after alignment (individual corners differ by the faces' own shapes).
    const centre = (pts: Pt[], from: number) =>
      pts.slice(from, from + 6).reduce((s, p) => [s[0] + p[0] / 6, s[1] + p[1] / 6], [0, 0]);
    for (const m of mesh) {
      expect(close(centre(m.aligned, 36) as Pt, centre(mesh[0].aligned, 36) as Pt, 1e-9)).toBe(true);
      expect(close(centre(m.aligned, 42) as Pt, centre(mesh[0].aligned, 42) as Pt, 1e-9)).toBe(true);
    }
  });
});
