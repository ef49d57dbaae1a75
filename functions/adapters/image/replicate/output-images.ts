/**
 * A model's output turned into what the port promises, re-encoded by sharp (so nothing of the model's
 * file, metadata included, is passed on): a square JPEG (ageing), a JPEG within a box (face swap),
 * a JPEG of an exact size (scenes), and a cut-out built from the model's transparency.
 */
import { enlargedSquareJpeg, HD_QUALITY } from '@little-futures/image-engine/hd';
import { largestRegion } from '@little-futures/image-engine/masks';
import sharp from 'sharp';
import { NoSubjectError } from '../../../core/errors';
import type { RawImage, RemoveBackgroundOutput } from '../../../core/image-ai';
import { HostedModelError } from './hosted-model-error';
import { outputPipeline, readOutputImage } from './output-download';
import { FLUX_ASPECT_RATIOS } from './replicate-defaults';

/** As offline: a subject under 2 % of the photo is not a person we can place; 2 % margin around it. */
const MIN_SUBJECT_SHARE = 0.02;
const CUTOUT_MARGIN = 0.02;

/** sharp fails on truncated files only when it decodes them: say so in the provider's words. */
async function reencoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HostedModelError || error instanceof NoSubjectError) throw error;
    throw new HostedModelError(
      `The AI provider's output is not an image we can read (${(error as Error).message})`,
    );
  }
}

/**
 * The output as opaque RGBA square pixels of its own shorter side, at most `maxSide` (decoded here,
 * so a broken file fails now): what the guard and the preview read, and what HD is enlarged from.
 */
export async function ownSizeSquarePixels(bytes: Buffer, maxSide: number): Promise<RawImage> {
  const image = await readOutputImage(bytes);
  const side = Math.min(image.width, image.height, maxSide);
  const data = await reencoded(() =>
    outputPipeline(image)
      .resize(side, side, { fit: 'cover', kernel: 'lanczos3' })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer(),
  );
  return { data, width: side, height: side, channels: 4 };
}

/** A source is enlarged and encoded again on its first HD download: it keeps more than HD's quality. */
const HD_SOURCE_QUALITY = 95;

/**
 * Opaque RGBA square pixels as a JPEG of their own size: the HD file when they are `hdSide`
 * across, else its source (HdEnlarger makes the HD file from it when someone downloads it).
 */
export function ownSizeJpeg(square: RawImage, hdSide: number): Promise<Buffer> {
  const data = Buffer.from(square.data.buffer, square.data.byteOffset, square.data.length);
  return sharp(data, { raw: { width: square.width, height: square.height, channels: square.channels } })
    .removeAlpha()
    .jpeg({ quality: square.width >= hdSide ? HD_QUALITY : HD_SOURCE_QUALITY })
    .toBuffer();
}

/** A `size`×`size` JPEG of opaque RGBA square pixels (upscale.ts says how it enlarges). */
export function hdSquareJpeg(square: RawImage, size: number): Promise<Buffer> {
  const data = Buffer.from(square.data.buffer, square.data.byteOffset, square.data.length);
  if (square.width < size)
    return enlargedSquareJpeg({ data, width: square.width, height: square.height }, size, HD_QUALITY);
  return sharp(data, { raw: { width: square.width, height: square.height, channels: 4 } })
    .resize(size, size, { kernel: 'lanczos3' }) // a no-op when it is already that size
    .removeAlpha()
    .jpeg({ quality: HD_QUALITY })
    .toBuffer();
}

/** A `size`×`size` JPEG: HD from a ~1 MP model output is an upscale. */
export async function squareJpeg(bytes: Buffer, size: number): Promise<Buffer> {
  return hdSquareJpeg(await ownSizeSquarePixels(bytes, size), size);
}

/** A JPEG no larger than `maxSide` on either side. */
export async function fittedJpeg(bytes: Buffer, maxSide: number): Promise<Buffer> {
  const image = await readOutputImage(bytes);
  return reencoded(() =>
    outputPipeline(image)
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: HD_QUALITY })
      .toBuffer(),
  );
}

/** A `width`×`height` JPEG, cropped to fill (the model drew at the nearest aspect ratio it has). */
export async function coverJpeg(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const image = await readOutputImage(bytes);
  return reencoded(() =>
    outputPipeline(image)
      .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: HD_QUALITY })
      .toBuffer(),
  );
}

/** The aspect ratio FLUX offers that is nearest to width:height. */
export function nearestAspectRatio(width: number, height: number): string {
  const wanted = Math.log(width / height);
  const distance = (ratio: string) => {
    const [w, h] = ratio.split(':').map(Number);
    return Math.abs(Math.log(w / h) - wanted);
  };
  return [...FLUX_ASPECT_RATIOS].sort((a, b) => distance(a) - distance(b))[0];
}

/**
 * The port's cut-out from the photo we sent and the model's RGBA answer: only its alpha is used
 * (scaled to the photo), the largest region of it kept like offline, trimmed to the subject. The
 * pixels stay the photo's own, so `source` is exactly what lies behind the cut-out.
 */
export async function cutoutFromAlpha(photo: RawImage, bytes: Buffer): Promise<RemoveBackgroundOutput> {
  const image = await readOutputImage(bytes);
  if (!image.hasAlpha) throw new HostedModelError("The AI provider's cut-out has no transparency");
  const { width, height } = photo;
  const alpha = await reencoded(() =>
    outputPipeline(image)
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer(),
  );
  const region = largestRegion({ data: new Uint8Array(alpha), width, height });
  if (!region || region.area < MIN_SUBJECT_SHARE * width * height) throw new NoSubjectError();

  const margin = Math.round(CUTOUT_MARGIN * Math.max(width, height));
  const left = Math.max(0, region.box.left - margin);
  const top = Math.max(0, region.box.top - margin);
  const crop = {
    left,
    top,
    width: Math.min(width, region.box.right + 1 + margin) - left,
    height: Math.min(height, region.box.bottom + 1 + margin) - top,
  };
  const mask = new Uint8Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y++) {
    const from = (y + crop.top) * width + crop.left;
    mask.set(region.mask.data.subarray(from, from + crop.width), y * crop.width);
  }
  // The photo is RGB (no alpha of its own), so the joined channel is the alpha.
  const photoCrop = () =>
    sharp(photo.data, { raw: { width, height, channels: photo.channels } }).extract(crop);
  const [png, source] = await Promise.all([
    photoCrop()
      .joinChannel(Buffer.from(mask.buffer), { raw: { width: crop.width, height: crop.height, channels: 1 } })
      .png({ compressionLevel: 3 })
      .toBuffer(),
    photoCrop().jpeg({ quality: HD_QUALITY }).toBuffer(),
  ]);
  return { png, source, mask: { data: mask, width: crop.width, height: crop.height, channels: 1 } };
}
