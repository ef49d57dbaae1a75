/**
 * The offline ageing steps: find the face (unless known), cut a square around the head at no more
 * than the HD size, age it, and encode it as the HD file.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import { MAX_INPUT_PIXELS } from '@shared/rules/upload-file';
import sharp from 'sharp';
import { ageFace } from './age-warp';
import { FaceNotFoundError } from './errors';
import { detectLargestFace } from './face-detector';
import { HD_QUALITY } from './hd-quality';
import { headCrop, headInCrop, headModel } from './head-geometry';
import type { CropRect, FaceBox, ImageInput, RawImage } from './types';

export type AgedCrop = {
  aged: RawImage;
  face: FaceBox;
  crop: CropRect;
  /** Strain applied (see age-warp.ts). */
  k: number;
  timings: { decode: number; detect: number; age: number };
};

export type FaceFinder = (image: ImageInput) => Promise<FaceBox | null>;

/** A sharp pipeline over an encoded image (oriented by its EXIF tag) or raw pixels. */
export function imagePipeline(image: ImageInput): ReturnType<typeof sharp> {
  if (Buffer.isBuffer(image)) return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const { width, height, channels } = image;
  return sharp(image.data, { raw: { width, height, channels } });
}

export async function imageSize(image: ImageInput): Promise<{ width: number; height: number }> {
  if (!Buffer.isBuffer(image)) return { width: image.width, height: image.height };
  const meta = await sharp(image).metadata();
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
  };
}

export async function agedHeadCrop(input: {
  image: ImageInput;
  targetAge: number;
  face?: FaceBox;
  /** Working resolution cap: the crop is never processed larger than this. */
  maxSide?: number;
  findFace?: FaceFinder;
}): Promise<AgedCrop> {
  const { image, targetAge } = input;
  const maxSide = input.maxSide ?? HD_SIZE_PX;

  let started = performance.now();
  let face = input.face;
  if (!face) {
    face = (await (input.findFace ?? detectLargestFace)(image)) ?? undefined;
    if (!face) throw new FaceNotFoundError();
  }
  const detect = input.face ? 0 : performance.now() - started;

  started = performance.now();
  const { width, height } = await imageSize(image);
  const crop = headCrop(face, width, height);
  const side = Math.min(crop.size, maxSide);
  const { data, info } = await imagePipeline(image)
    .extract({ left: crop.left, top: crop.top, width: crop.size, height: crop.size })
    .resize(side, side, { kernel: 'lanczos3' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw: RawImage = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3,
  };
  const decode = performance.now() - started;

  started = performance.now();
  const head = headInCrop(headModel(face), crop, side / crop.size);
  const { image: aged, k } = ageFace(raw, head, { estimatedAge: face.estimatedAge, targetAge });
  const age = performance.now() - started;

  return { aged, face, crop, k, timings: { decode, detect, age } };
}

/** The aged head as the HD file: a `size`×`size` JPEG without metadata, and each stage's milliseconds. */
export async function agedHeadJpeg(input: {
  image: ImageInput;
  targetAge: number;
  face?: FaceBox;
  /** Side of the square output (default the HD size). */
  size?: number;
  findFace?: FaceFinder;
}): Promise<{
  image: Buffer;
  face: FaceBox;
  crop: CropRect;
  timings: AgedCrop['timings'] & { encode: number };
}> {
  const { image, targetAge, face, size = HD_SIZE_PX, findFace } = input;
  const aged = await agedHeadCrop({ image, targetAge, face, maxSide: size, findFace });
  const started = performance.now();
  const { data, width, height, channels } = aged.aged;
  // Default sharp output carries no EXIF, GPS, XMP or ICC: nothing of the original survives.
  const jpeg = await sharp(data, { raw: { width, height, channels } })
    .resize(size, size, { kernel: 'lanczos3' })
    .jpeg({ quality: HD_QUALITY })
    .toBuffer();
  return {
    image: jpeg,
    face: aged.face,
    crop: aged.crop,
    timings: { ...aged.timings, encode: performance.now() - started },
  };
}
