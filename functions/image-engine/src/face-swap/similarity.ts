/**
 * The similarity transform (uniform scale, rotation, translation; no shear, no mirror) that best maps
 * one set of landmarks onto another in the least-squares sense: Umeyama's closed form in 2-D.
 * No shear keeps the child's face proportions; only its size, tilt and place follow the target.
 */
import type { Vec } from '../head-geometry';

/** x' = a·x − b·y + tx, y' = b·x + a·y + ty (scale = hypot(a, b), angle = atan2(b, a)). */
export type Similarity = { a: number; b: number; tx: number; ty: number };

export function fitSimilarity(from: readonly Vec[], to: readonly Vec[]): Similarity {
  if (from.length !== to.length || from.length < 2) {
    throw new Error(`need two or more matching points, got ${from.length} and ${to.length}`);
  }
  const n = from.length;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i].x;
    fy += from[i].y;
    tx += to[i].x;
    ty += to[i].y;
  }
  fx /= n;
  fy /= n;
  tx /= n;
  ty /= n;
  // With both sets centred, minimising Σ|R·s·p − q|² gives s·cos = Σ(p·q)/Σ|p|², s·sin = Σ(p×q)/Σ|p|².
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const px = from[i].x - fx;
    const py = from[i].y - fy;
    const qx = to[i].x - tx;
    const qy = to[i].y - ty;
    dot += px * qx + py * qy;
    cross += px * qy - py * qx;
    norm += px * px + py * py;
  }
  if (norm === 0) throw new Error('the points to map from are all the same point');
  const a = dot / norm;
  const b = cross / norm;
  return { a, b, tx: tx - (a * fx - b * fy), ty: ty - (b * fx + a * fy) };
}

export const applySimilarity = (t: Similarity, p: Vec): Vec => ({
  x: t.a * p.x - t.b * p.y + t.tx,
  y: t.b * p.x + t.a * p.y + t.ty,
});

/** The inverse map (for sampling: each output pixel asks where it comes from). */
export function invertSimilarity(t: Similarity): Similarity {
  const det = t.a * t.a + t.b * t.b;
  const a = t.a / det;
  const b = -t.b / det;
  return { a, b, tx: -(a * t.tx - b * t.ty), ty: -(b * t.tx + a * t.ty) };
}

export const similarityScale = (t: Similarity): number => Math.hypot(t.a, t.b);
