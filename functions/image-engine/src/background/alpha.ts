/**
 * The cut-out's alpha at full size from the subject's mask at the working size: the guided
 * filter's local model fitted there and applied to the full photo, so the edge follows the
 * photo's (hair, shoulders), then sharpened around one half.
 */
import { guidedFilter, KNOWN_ONE, KNOWN_ZERO, type Rect, type RgbImage } from './guided-filter';
import { near } from './regions';

/** Alpha = clamp((q − 0.5)·k + 0.5): k sharpens the filtered soft edge without a hard cut. */
const EDGE_GAIN = 2;
/** Working pixels this deep inside the subject's mask (at least this value) are opaque. */
const SOLID_INSIDE = 250;
const INSIDE_DEPTH = 1;

export type AlphaInput = {
  photo: RgbImage;
  /** The photo and the subject's mask (0–255) at the working size. */
  work: RgbImage;
  subject: Uint8Array;
  crop: Rect;
  /** The guided filter's window radius (working pixels) and eps (on 0–1 colour). */
  radius: number;
  eps: number;
};

/** The alpha (0–255) over `crop` of the photo. */
export function fullSizeAlpha({ photo, work, subject, crop, radius, eps }: AlphaInput): Buffer {
  const known = knownAnswers(subject, work.width, work.height, radius);
  const refined = guidedFilter({ mask: subject, work, full: photo, crop, radius, eps, known });
  // A clamped array rounds and clamps on assignment (a known one stays 1: 255).
  const alpha = new Uint8ClampedArray(refined.length);
  for (let i = 0; i < alpha.length; i++) alpha[i] = 255 * ((refined[i] - 0.5) * EDGE_GAIN + 0.5);
  return Buffer.from(alpha.buffer);
}

/**
 * The working pixels whose answer is known before the filter: well inside the subject (at least
 * SOLID_INSIDE, INSIDE_DEPTH deep) opaque, whatever the photo's colours (a thin forearm much like
 * the wall behind it comes out of the filter half transparent); and out of reach of every
 * subject pixel, where the filter's model is zero (no window holds any of the mask: a = b = 0;
 * one pixel more for the bilinear neighbours), transparent.
 */
export function knownAnswers(subject: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const outside = new Uint8Array(subject.length);
  const any = new Uint8Array(subject.length);
  for (let i = 0; i < subject.length; i++) {
    outside[i] = subject[i] >= SOLID_INSIDE ? 0 : 1;
    any[i] = subject[i] > 0 ? 1 : 0;
  }
  const nearOutside = near(outside, width, height, INSIDE_DEPTH);
  const inReach = near(any, width, height, 2 * radius + 2);
  const known = new Uint8Array(subject.length);
  for (let i = 0; i < known.length; i++)
    known[i] = !nearOutside[i] ? KNOWN_ONE : !inReach[i] ? KNOWN_ZERO : 0;
  return known;
}
