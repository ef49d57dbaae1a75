/**
 * An unlocked age at the preview's size without the watermark, for the owner's growth clip; sharp
 * only (the uploads Lambda has no face models), and no metadata (sharp writes none by default).
 */
import { MAX_INPUT_PIXELS } from '@shared/rules/upload-file';
import sharp from 'sharp';
import { toPreviewSize } from './preview-size';

/** Sharper than the public preview's first try (82): only its owner downloads it, three at a time. */
export const UNMARKED_PREVIEW_QUALITY = 88;

export interface UnmarkedPreviewMaker {
  unmarked(hd: Buffer): Promise<Buffer>;
}

export function createUnmarkedPreviewMaker(): UnmarkedPreviewMaker {
  return {
    unmarked: (hd) =>
      toPreviewSize(sharp(hd, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient())
        .jpeg({ quality: UNMARKED_PREVIEW_QUALITY })
        .toBuffer(),
  };
}
