/**
 * Images sent to a model: metadata-free JPEGs inline as data URIs (what the `replicate` client itself
 * falls back to, and what a self-hosted Cog server reads too), at no more pixels than the model's
 * ~1 MP output needs. Ageing sends the same square head crop as offline ageing.
 */

import { type FaceFinder, headCrop, imagePipeline, imageSize } from '@little-futures/image-engine/ageing';
import { detectLargestFaceQuickly } from '@little-futures/image-engine/faces';
import { NoFaceError } from '../../../core/errors';
import type { CropRect, ImageInput } from '../../../core/image-ai';
import type { FaceBox } from '../../../core/ports';

/** Long side of an image sent to a model: the editing models answer about 1 MP whatever they get. */
export const MODEL_INPUT_SIDE = 1024;
const INPUT_QUALITY = 90;

export const dataUriOf = (bytes: Buffer, type = 'image/jpeg') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** The image (or a square of it) as a JPEG no larger than `maxSide`, never enlarged. */
export async function jpegInput(image: ImageInput, maxSide: number, crop?: CropRect): Promise<Buffer> {
  let pipeline = imagePipeline(image);
  if (crop)
    pipeline = pipeline.extract({ left: crop.left, top: crop.top, width: crop.size, height: crop.size });
  return pipeline
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: INPUT_QUALITY })
    .toBuffer();
}

export type HeadCropInput = {
  face: FaceBox;
  crop: CropRect;
  jpeg: Buffer;
  timings: { detect: number; decode: number };
};

/** The face (detected when not given) and the square head crop offline ageing would age. */
export async function headCropInput(
  image: ImageInput,
  face: FaceBox | undefined,
  findFace: FaceFinder = detectLargestFaceQuickly,
): Promise<HeadCropInput> {
  let started = performance.now();
  const found = face ?? (await findFace(image));
  if (!found) throw new NoFaceError();
  const detect = face ? 0 : performance.now() - started;
  started = performance.now();
  const { width, height } = await imageSize(image);
  const crop = headCrop(found, width, height);
  const jpeg = await jpegInput(image, MODEL_INPUT_SIDE, crop);
  return { face: found, crop, jpeg, timings: { detect, decode: performance.now() - started } };
}
