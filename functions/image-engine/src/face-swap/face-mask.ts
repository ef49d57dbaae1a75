/**
 * The paste mask: the convex hull of the jaw and brow landmarks (the face from brows to chin,
 * leaving the target's hairline and forehead), pulled in a little so the soft edge falls on skin,
 * then feathered so the seam fades over a few percent of the face's width.
 */
import type { Vec } from '../head-geometry';

/** A mask over a rectangle of the output image: alpha 0…1, row-major. */
export type RegionMask = { left: number; top: number; width: number; height: number; alpha: Float32Array };

/**
 * Tuned on 15 swaps between face-api's sample faces (identity gain and a look at the seams): pulled in
 * 3 % so the fade happens on skin rather than across the jaw (no halo of the source's background),
 * feathered over 3 % of the face width. Not pulled in (1.0) gained a little identity but showed halos.
 */
const HULL_SHRINK = 0.97;
const FEATHER_OF_FACE_WIDTH = 0.03;

/** Jaw line (0–16) and both brows (17–26) of face-api's 68-point layout. */
export const OUTLINE_POINTS = Array.from({ length: 27 }, (_, i) => i);

/** Convex hull, anticlockwise in image coordinates (Andrew's monotone chain). */
export function convexHull(points: readonly Vec[]): Vec[] {
  const sorted = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Vec, a: Vec, b: Vec) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Vec[]) => {
    const chain: Vec[] = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], p) <= 0)
        chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The polygon scaled about its centroid (factor < 1 pulls it in). */
export function scaleAboutCentroid(polygon: readonly Vec[], factor: number): Vec[] {
  const cx = polygon.reduce((s, p) => s + p.x, 0) / polygon.length;
  const cy = polygon.reduce((s, p) => s + p.y, 0) / polygon.length;
  return polygon.map((p) => ({ x: cx + (p.x - cx) * factor, y: cy + (p.y - cy) * factor }));
}

/** Even-odd fill of a polygon, sampled at pixel centres, clipped to the image. */
export function fillPolygon(
  polygon: readonly Vec[],
  imageWidth: number,
  imageHeight: number,
  margin: number,
): RegionMask {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(imageWidth, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(imageHeight, Math.ceil(Math.max(...ys) + margin));
  const width = Math.max(0, right - left);
  const height = Math.max(0, bottom - top);
  const alpha = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    const y = top + row + 0.5;
    const crossings: number[] = [];
    for (let i = 0; i < polygon.length; i++) {
      const p = polygon[i];
      const q = polygon[(i + 1) % polygon.length];
      if (p.y <= y !== q.y <= y) crossings.push(p.x + ((y - p.y) / (q.y - p.y)) * (q.x - p.x));
    }
    crossings.sort((m, n) => m - n);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil(crossings[k] - left - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[k + 1] - left - 0.5));
      alpha.fill(1, row * width + from, row * width + to + 1);
    }
  }
  return { left, top, width, height, alpha };
}

/** Three box blurs of the given radius, a close stand-in for a Gaussian of sigma ≈ radius. */
export function feather(mask: RegionMask, radius: number): RegionMask {
  const r = Math.max(1, Math.round(radius));
  let alpha = mask.alpha;
  for (let pass = 0; pass < 3; pass++) {
    alpha = boxBlur(alpha, mask.width, mask.height, r, true);
    alpha = boxBlur(alpha, mask.width, mask.height, r, false);
  }
  return { ...mask, alpha };
}

/** One running-sum box blur along rows (or columns); edges treated as zero (outside the mask). */
function boxBlur(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  alongRows: boolean,
): Float32Array {
  const out = new Float32Array(src.length);
  const lines = alongRows ? height : width;
  const length = alongRows ? width : height;
  const step = alongRows ? 1 : width;
  const norm = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    const start = alongRows ? line * width : line;
    let sum = 0;
    for (let i = 0; i < Math.min(r, length); i++) sum += src[start + i * step];
    for (let i = 0; i < length; i++) {
      if (i + r < length) sum += src[start + (i + r) * step];
      if (i - r - 1 >= 0) sum -= src[start + (i - r - 1) * step];
      out[start + i * step] = sum * norm;
    }
  }
  return out;
}

/** Where the hull of the outline points of a 68-point face lies. */
const outline = (landmarks: readonly Vec[]) => convexHull(OUTLINE_POINTS.map((i) => landmarks[i]));

/**
 * The feathered paste mask, in output pixels: inside the placed source face and inside the target
 * face too, so that a wider (or turned) source face never spills onto the target's hair or
 * background; where the source face is the narrower one, the target's own cheek shows instead.
 */
export function faceMask(
  placedSource: readonly Vec[],
  target: readonly Vec[],
  imageWidth: number,
  imageHeight: number,
): RegionMask {
  const sourceHull = outline(placedSource);
  const faceWidth = Math.max(...sourceHull.map((p) => p.x)) - Math.min(...sourceHull.map((p) => p.x));
  const radius = Math.max(2, faceWidth * FEATHER_OF_FACE_WIDTH);
  const shrink = HULL_SHRINK;
  const mask = fillPolygon(scaleAboutCentroid(sourceHull, shrink), imageWidth, imageHeight, radius * 3);
  const within = fillPolygon(scaleAboutCentroid(outline(target), shrink), imageWidth, imageHeight, 0);
  for (let row = 0; row < mask.height; row++) {
    for (let col = 0; col < mask.width; col++) {
      const x = mask.left + col - within.left;
      const y = mask.top + row - within.top;
      const inside =
        x >= 0 && y >= 0 && x < within.width && y < within.height && within.alpha[y * within.width + x] > 0;
      if (!inside) mask.alpha[row * mask.width + col] = 0;
    }
  }
  return feather(mask, radius);
}
