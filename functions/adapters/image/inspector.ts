/**
 * Checks an uploaded file really is a usable photo and keeps only a normalised copy: fully
 * decoded (a damaged file fails here, not in the worker), oriented by its EXIF tag, at most
 * 2048 px on its long side, JPEG, with every piece of metadata (EXIF, GPS, ICC, XMP) removed.
 */
import {
  ACCEPTED_FORMATS,
  MAX_INPUT_PIXELS,
  MIN_PHOTO_SIDE_PX,
  sniffImageFormat,
} from '@shared/rules/upload-file';
import sharp from 'sharp';
import { PhotoRejectedError } from '../../core/errors';
import type { ImageInspector, NormalisedImage, PhotoLimits } from '../../core/ports';

export const NORMALISED_MAX_SIDE = 2048;
export const NORMALISED_QUALITY = 90;

const decodeOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Truncated or corrupt pixel data is an error; harmless warnings are tolerated.
  failOn: 'error',
} as const;

export function createImageInspector(): ImageInspector {
  return { normalise };
}

async function normalise(
  bytes: Buffer,
  limits: PhotoLimits = { minSidePx: MIN_PHOTO_SIDE_PX, tooSmall: 'photoTooSmall' },
): Promise<NormalisedImage> {
  const format = sniffImageFormat(bytes.subarray(0, 32));
  if (format === 'unknown') throw new PhotoRejectedError('notAnImage');
  if (!ACCEPTED_FORMATS.includes(format)) throw new PhotoRejectedError('photoFormatUnsupported');

  // The header alone tells the size: a decompression bomb is refused before any pixel is decoded.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, decodeOptions).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (error) {
    if (isPixelLimit(error)) throw new PhotoRejectedError('photoTooBig', 'too_large');
    throw new PhotoRejectedError('photoUnreadable');
  }
  if (width * height > MAX_INPUT_PIXELS) throw new PhotoRejectedError('photoTooBig', 'too_large');
  if (width === 0 || height === 0) throw new PhotoRejectedError('photoUnreadable');
  if (Math.min(width, height) < limits.minSidePx) throw new PhotoRejectedError(limits.tooSmall);

  try {
    const { data, info } = await sharp(bytes, decodeOptions)
      .autoOrient()
      .resize(NORMALISED_MAX_SIDE, NORMALISED_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      // Transparent PNG/WEBP areas become white, not black, in the JPEG.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: NORMALISED_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (isPixelLimit(error)) throw new PhotoRejectedError('photoTooBig', 'too_large');
    throw new PhotoRejectedError('photoUnreadable');
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
