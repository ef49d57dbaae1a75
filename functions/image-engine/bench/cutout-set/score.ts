/**
 * How a cut-out matches a case of the set: its alpha placed back into the whole photo, the IoU
 * of the opaque pixels (alpha ≥ ½) with the true mask's, and the share of each forearm and hand
 * it keeps opaque.
 */
import type { CutoutFrame } from '../../src/background/remove-background';
import type { RawImage } from '../../src/types';
import type { RenderedCase } from './cases';

/** A forearm or hand counts as kept when this share of it is opaque. */
export const KEPT_RECALL = 0.8;

export type CaseScore = { iou: number; limbs: Array<{ name: string; recall: number }> };

/** The cut-out's alpha over the whole photo (0 outside its trimmed frame). */
export function alphaInPhoto(mask: RawImage, frame: CutoutFrame): Uint8Array {
  const out = new Uint8Array(frame.photoWidth * frame.photoHeight);
  for (let y = 0; y < mask.height; y++) {
    const row = mask.data.subarray(y * mask.width, (y + 1) * mask.width);
    out.set(row, (y + frame.top) * frame.photoWidth + frame.left);
  }
  return out;
}

export function scoreCutout(rendered: RenderedCase, alpha: Uint8Array): CaseScore {
  let both = 0;
  let either = 0;
  for (let i = 0; i < alpha.length; i++) {
    const ours = alpha[i] >= 128;
    const truth = rendered.truth[i] >= 128;
    if (ours && truth) both++;
    if (ours || truth) either++;
  }
  const limbs = rendered.limbs.map(({ name, pixels }) => {
    let inside = 0;
    let kept = 0;
    for (let i = 0; i < pixels.length; i++) {
      if (!pixels[i]) continue;
      inside++;
      if (alpha[i] >= 128) kept++;
    }
    return { name, recall: inside ? kept / inside : 1 };
  });
  return { iou: either ? both / either : 1, limbs };
}
