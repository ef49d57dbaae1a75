/** The previews' size and framing, shared by the watermarked preview and its unmarked twin. */
import type { Sharp } from 'sharp';

export const PREVIEW_SIZE_PX = 640;

/**
 * Shrinks to the preview square: a square render scales, a hosted model's other shape is cut to its
 * centre, the same way for both, so the landmarks found on the preview fit the unmarked copy.
 */
export const toPreviewSize = (pipeline: Sharp): Sharp =>
  pipeline
    .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX, { kernel: 'lanczos3' })
    .toColourspace('srgb')
    .removeAlpha();
