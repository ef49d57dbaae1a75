/**
 * What the drawing needs to know of a cut-out, read once per cut-out from a small copy of it: which
 * of its edges the photo cropped (the alpha is still opaque along them: a waist-up portrait's
 * bottom, an arm or a shoulder cut by the photo's side), where it stands (its lowest opaque row)
 * and its mean colour (for matching the scene's light). Pure, like the drawings.
 */
import { type Drawable, type LayerFactory, newLayer } from './canvas-2d';

export type Edge = 'top' | 'bottom' | 'left' | 'right';
export type Rgb = [number, number, number];
export type CutoutProfile = {
  cropped: Record<Edge, boolean>;
  /** The bottom of its lowest (almost) opaque row, a fraction of its height (1: a cropped bottom). */
  lowestOpaque: number;
  mean: Rgb | null;
};

/** Read at most this many pixels a side: enough to tell a cropped edge from a touching one. */
const PROFILE_SIDE = 96;
/**
 * An edge is cropped when at least this share of it is (almost) opaque. Background removal trims
 * a cut-out with a transparent margin, so an edge is opaque only where the photo's frame cut the
 * child: a shoulder or an arm across a side is a few pixels of the copy, a stray hair one.
 */
const CROPPED_SHARE = 0.02;
const OPAQUE = 200;

/** Kept per image object: a warm server reuses its decoded cut-outs, the browser its loaded one. */
const profiles = new WeakMap<object, CutoutProfile>();

export function cutoutProfile<Image extends Drawable>(
  cutout: Image,
  makeLayer: LayerFactory<Image>,
): CutoutProfile {
  const known = profiles.get(cutout);
  if (known) return known;
  const k = Math.min(1, PROFILE_SIDE / Math.max(cutout.width, cutout.height));
  const { layer, ctx } = newLayer(makeLayer, cutout.width * k, cutout.height * k);
  // Sampled plainly (no mipmaps to build for a new cut-out): an edge row and a mean need no more.
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(cutout, 0, 0, layer.width, layer.height);
  const profile = profileOf(ctx.getImageData(0, 0, layer.width, layer.height));
  profiles.set(cutout, profile);
  return profile;
}

/** The profile of RGBA pixels (unpremultiplied). */
export function profileOf({
  data,
  width,
  height,
}: {
  data: ArrayLike<number>;
  width: number;
  height: number;
}): CutoutProfile {
  const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
  const share = (count: number, at: (i: number) => number) => {
    let opaque = 0;
    for (let i = 0; i < count; i++) if (at(i) >= OPAQUE) opaque++;
    return opaque / count;
  };
  const cropped = {
    top: share(width, (x) => alpha(x, 0)) >= CROPPED_SHARE,
    bottom: share(width, (x) => alpha(x, height - 1)) >= CROPPED_SHARE,
    left: share(height, (y) => alpha(0, y)) >= CROPPED_SHARE,
    right: share(height, (y) => alpha(width - 1, y)) >= CROPPED_SHARE,
  };
  // A cut-out with nothing opaque stands on its bottom.
  let lowest = height - 1;
  while (lowest > 0 && share(width, (x) => alpha(x, lowest)) === 0) lowest--;
  if (share(width, (x) => alpha(x, lowest)) === 0) lowest = height - 1;
  const sum: Rgb = [0, 0, 0];
  let weight = 0;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    for (let c = 0; c < 3; c++) sum[c] += data[i + c] * a;
    weight += a;
  }
  return {
    cropped,
    lowestOpaque: (lowest + 1) / height,
    mean: weight > 0 ? (sum.map((s) => s / weight) as Rgb) : null,
  };
}
