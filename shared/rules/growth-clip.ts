/**
 * The maths of the results page's "Watch them grow" clip (docs/product.md#results-page): which ages
 * it shows, its timeline, the face alignment and the triangle mesh each frame warps along, and its
 * file name (the triangulation itself, which needs a library, is in
 * frontend/src/features/results/growth-clip/mesh.ts). Points are [x, y] pairs; landmarks come normalised (0..1) from the status endpoint and
 * are scaled to pixels here.
 */
export type Pt = readonly [number, number];

export const CLIP_SIZE_PX = 720;
/** Frames a second of a morph: smooth to the eye, and a fifth fewer frames to draw and encode than 30. */
export const CLIP_FPS = 24;
/** Seconds each age is shown still, and each morph into the next lasts: 3 ages make 4 s. */
export const CLIP_HOLD_S = 0.6;
export const CLIP_MORPH_S = 1.1;
export const CLIP_BASENAME = 'my-baby-grows';

/** The clip's download name for the container it was encoded in. */
export function clipFileName(mimeType: string): string {
  return `${CLIP_BASENAME}.${mimeType.startsWith('video/mp4') ? 'mp4' : 'webm'}`;
}

type ClipJob = { age: number; status: string; previewUrl: string | null; hdUnlocked: boolean };

/** The done ages with a preview, youngest first; the clip needs at least two. */
export function clipAges<J extends ClipJob>(jobs: readonly J[]): J[] {
  return jobs.filter((j) => j.status === 'done' && j.previewUrl).sort((a, b) => a.age - b.age);
}

export const canMakeClip = (jobs: readonly ClipJob[]) => clipAges(jobs).length >= 2;

/**
 * Whether the clip is made without the watermark: only for the photo's owner, and only when every
 * age in it is unlocked in HD (one watermarked age would mark the whole clip).
 */
export const clipIsUnmarked = (jobs: readonly ClipJob[], viewerIsOwner: boolean) =>
  viewerIsOwner && canMakeClip(jobs) && clipAges(jobs).every((job) => job.hdUnlocked);

export function clipDurationS(ageCount: number): number {
  return ageCount * CLIP_HOLD_S + Math.max(0, ageCount - 1) * CLIP_MORPH_S;
}

/** What a frame shows: a morph from age `from` to `to` (indexes), `t` eased 0..1; a still age has t 0. */
export type FrameStep = { from: number; to: number; t: number };

/** One encoded frame: what it shows, when, and for how long (µs), and whether it is a key frame. */
export type ClipFrame = FrameStep & { timestampUs: number; durationUs: number; key: boolean };

const smoothstep = (x: number) => x * x * (3 - 2 * x);

/**
 * The clip's frames. A still age is ONE frame lasting the whole hold (MP4 and WebM store each
 * frame's own timing, players hold it), a key frame so each age starts cleanly; each morph is
 * drawn at CLIP_FPS. The clip closes on one more short frame of the oldest age, so containers
 * that end at the last frame's start (WebM) still last the full duration, within a frame.
 */
export function clipFrames(ageCount: number, fps = CLIP_FPS): ClipFrame[] {
  const morphFrames = Math.max(1, Math.round(CLIP_MORPH_S * fps));
  const starts: { step: FrameStep; at: number; key: boolean }[] = [];
  for (let age = 0; age < ageCount; age++) {
    const holdAt = age * (CLIP_HOLD_S + CLIP_MORPH_S);
    starts.push({ step: { from: age, to: age, t: 0 }, at: holdAt, key: true });
    if (age === ageCount - 1) break;
    // Strictly between the two stills: t never repeats the hold before or after.
    for (let k = 0; k < morphFrames; k++)
      starts.push({
        step: { from: age, to: age + 1, t: smoothstep((k + 1) / (morphFrames + 1)) },
        at: holdAt + CLIP_HOLD_S + (k * CLIP_MORPH_S) / morphFrames,
        key: false,
      });
  }
  const end = clipDurationS(ageCount);
  starts.push({ step: { from: ageCount - 1, to: ageCount - 1, t: 0 }, at: end - 1 / fps, key: false });
  const us = (s: number) => Math.round(s * 1_000_000);
  return starts.map(({ step, at, key }, i) => ({
    ...step,
    key,
    timestampUs: us(at),
    durationUs: us(starts[i + 1]?.at ?? end) - us(at),
  }));
}

export const lerpPoints = (a: readonly Pt[], b: readonly Pt[], t: number): Pt[] =>
  a.map(([x, y], i) => [x + (b[i][0] - x) * t, y + (b[i][1] - y) * t]);

/** A similarity (rotation, uniform scale, shift): x' = a·x − b·y + tx, y' = b·x + a·y + ty. */
export type Similarity = { a: number; b: number; tx: number; ty: number };

export const applySimilarity = (s: Similarity, [x, y]: Pt): Pt => [
  s.a * x - s.b * y + s.tx,
  s.b * x + s.a * y + s.ty,
];

export function invertSimilarity({ a, b, tx, ty }: Similarity): Similarity {
  const d = a * a + b * b;
  const ia = a / d;
  const ib = -b / d;
  return { a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty) };
}

/** The similarity taking p1→q1 and p2→q2 exactly. */
export function similarityFrom(p1: Pt, p2: Pt, q1: Pt, q2: Pt): Similarity {
  const [px, py] = [p2[0] - p1[0], p2[1] - p1[1]];
  const [qx, qy] = [q2[0] - q1[0], q2[1] - q1[1]];
  const d = px * px + py * py || 1;
  const a = (px * qx + py * qy) / d;
  const b = (px * qy - py * qx) / d;
  return { a, b, tx: q1[0] - (a * p1[0] - b * p1[1]), ty: q1[1] - (b * p1[0] + a * p1[1]) };
}

const mean = (points: readonly Pt[], from: number, to: number): Pt => {
  let x = 0;
  let y = 0;
  for (let i = from; i <= to; i++) [x, y] = [x + points[i][0], y + points[i][1]];
  return [x / (to - from + 1), y / (to - from + 1)];
};

/** The centres of the two eyes (68-point scheme: 36–41 and 42–47). */
export const eyeCentres = (landmarks: readonly Pt[]): [Pt, Pt] => [
  mean(landmarks, 36, 41),
  mean(landmarks, 42, 47),
];

/** The frame's corners and edge midpoints, pinned so the mesh covers the whole frame. */
export function borderPoints(size: number): Pt[] {
  const h = size / 2;
  return [
    [0, 0],
    [h, 0],
    [size, 0],
    [size, h],
    [size, size],
    [h, size],
    [0, size],
    [0, h],
  ];
}

/** One age's image in the mesh: its points in its own pixels, and where they sit in the frame when aligned. */
export type MeshImage = { source: Pt[]; aligned: Pt[] };

/**
 * Aligns every image's eyes onto the first one's (scaled to the frame) and adds the frame's border
 * points, which each image gets through the inverse of its alignment. Shown still, an image is
 * drawn by its own similarity; in between, the mesh carries it toward the next one's shape.
 */
export function meshImages(
  images: readonly { landmarks: readonly Pt[]; width: number; height: number }[],
  size = CLIP_SIZE_PX,
): MeshImage[] {
  const inPixels = images.map(({ landmarks, width, height }) =>
    landmarks.map(([x, y]): Pt => [x * width, y * height]),
  );
  const toFrame = (i: number): Pt[] =>
    inPixels[i].map(([x, y]) => [(x / images[i].width) * size, (y / images[i].height) * size]);
  const [eye1, eye2] = eyeCentres(toFrame(0));
  const border = borderPoints(size);
  return inPixels.map((points) => {
    const [p1, p2] = eyeCentres(points);
    const align = similarityFrom(p1, p2, eye1, eye2);
    const back = invertSimilarity(align);
    return {
      source: [...points, ...border.map((p) => applySimilarity(back, p))],
      aligned: [...points.map((p) => applySimilarity(align, p)), ...border],
    };
  });
}

/** A 2-D affine map in canvas `setTransform(a, b, c, d, e, f)` order: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = [number, number, number, number, number, number];

/** The affine map taking the three `from` points onto the three `to` points; null for a degenerate triangle. */
export function triangleAffine(from: readonly [Pt, Pt, Pt], to: readonly [Pt, Pt, Pt]): Affine | null {
  const [[x0, y0], [x1, y1], [x2, y2]] = from;
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-9) return null;
  const solve = (v0: number, v1: number, v2: number) => {
    const p = ((v1 - v0) * (y2 - y0) - (v2 - v0) * (y1 - y0)) / det;
    const q = ((x1 - x0) * (v2 - v0) - (x2 - x0) * (v1 - v0)) / det;
    return [p, q, v0 - p * x0 - q * y0] as const;
  };
  const [a, c, e] = solve(to[0][0], to[1][0], to[2][0]);
  const [b, d, f] = solve(to[0][1], to[1][1], to[2][1]);
  return [a, b, c, d, e, f];
}

export const applyAffine = ([a, b, c, d, e, f]: Affine, [x, y]: Pt): Pt => [
  a * x + c * y + e,
  b * x + d * y + f,
];
