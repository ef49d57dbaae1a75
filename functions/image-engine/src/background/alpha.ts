/**
 * The cut-out's alpha at full size from the subject's mask at the working size: the guided
 * filter's local model fitted there and applied to the full photo, so the edge follows the
 * photo's (hair, shoulders), then sharpened around one half.
 */
import { guidedFilter, type Rect, type RgbImage } from './guided-filter';
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
  const refined = guidedFilter({ mask: subject, work, full: photo, crop, radius, eps });
  // A thin forearm much like the wall behind it comes out of the filter half transparent: well
  // inside the subject (at the working size) it is opaque, whatever the photo's colours.
  const outside = new Uint8Array(subject.length);
  for (let i = 0; i < outside.length; i++) outside[i] = subject[i] >= SOLID_INSIDE ? 0 : 1;
  const nearOutside = near(outside, work.width, work.height, INSIDE_DEPTH);
  const scale = work.width / photo.width;
  const columns = Int32Array.from({ length: crop.width }, (_, x) =>
    Math.min(work.width - 1, Math.floor((x + crop.left + 0.5) * scale)),
  );
  // A clamped array rounds and clamps on assignment.
  const alpha = new Uint8ClampedArray(refined.length);
  for (let y = 0; y < crop.height; y++) {
    const row = Math.min(work.height - 1, Math.floor((y + crop.top + 0.5) * scale)) * work.width;
    for (let x = 0, i = y * crop.width; x < crop.width; x++, i++) {
      alpha[i] = nearOutside[row + columns[x]] ? 255 * ((refined[i] - 0.5) * EDGE_GAIN + 0.5) : 255;
    }
  }
  return Buffer.from(alpha.buffer);
}
