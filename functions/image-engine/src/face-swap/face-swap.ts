/**
 * The offline face swap: a landmark-aligned face transfer. The child's face (source) is moved onto
 * the face in the background (target) by the least-squares similarity transform between their 68
 * landmarks, recoloured to the target's skin (YCbCr mean/std) and pasted through a feathered mask
 * from jaw to brows. It is a paste, not a generative swap: pose and expression stay the source's,
 * its lighting follows the target's only as far as a colour shift can, and the target keeps its
 * hair, forehead and jaw outline.
 */
import sharp from 'sharp';
import { imagePipeline, imageSize } from '../age-pipeline';
import type { FaceBox, FaceSwapInput, ImageInput, RawImage } from '../types';
import { colourStats, transferColours } from './colour-match';
import { chooseFace, findLandmarkedFaces, type LandmarkFinder } from './face-landmarks';
import { faceMask, type RegionMask } from './face-mask';
import { applySimilarity, fitSimilarity, invertSimilarity, type Similarity } from './similarity';

/** The face swap's output limit (docs/product.md#ai-test-pages): a larger background is scaled down to fit. */
export const SWAP_MAX_SIDE = 1024;
/** The source is decoded no larger than this: enough detail for a face pasted into ≤ 1024 px. */
const SOURCE_MAX_SIDE = 2048;
const SWAP_JPEG_QUALITY = 90;

export type FaceSwapTimings = { decode: number; detect: number; blend: number; encode: number };
export type FaceSwapResult = { image: Buffer; width: number; height: number; timings: FaceSwapTimings };

export type FaceSwapOptions = { findFaces?: LandmarkFinder };

async function decode(image: ImageInput, maxSide: number): Promise<RawImage> {
  const { data, info } = await imagePipeline(image)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3,
  };
}

export async function swapFace(input: FaceSwapInput, options: FaceSwapOptions = {}): Promise<FaceSwapResult> {
  const findFaces = options.findFaces ?? findLandmarkedFaces;
  let started = performance.now();
  const [target, source] = await Promise.all([
    decode(input.target, SWAP_MAX_SIDE),
    decode(input.source, SOURCE_MAX_SIDE),
  ]);
  const decodeMs = performance.now() - started;

  started = performance.now();
  // One after the other: face-api's WASM backend runs one inference at a time anyway.
  const targetFaces = await findFaces(target);
  const targetFace = chooseFace(targetFaces, 'background');
  const near = input.sourceFace && (await inDecodedPixels(input.sourceFace, input.source, source));
  const sourceFace = chooseFace(await findFaces(source), 'face', near);
  const detect = performance.now() - started;

  started = performance.now();
  const transform = fitSimilarity(sourceFace.landmarks, targetFace.landmarks);
  const placed = sourceFace.landmarks.map((p) => applySimilarity(transform, p));
  const mask = faceMask(placed, targetFace.landmarks, target.width, target.height);
  const face = warpInto(source, invertSimilarity(transform), mask);
  transferColours(face, colourStats(face, mask.alpha), colourStats(regionPixels(target, mask), mask.alpha));
  blendInto(target, face, mask);
  const blend = performance.now() - started;

  started = performance.now();
  // sharp writes no EXIF, GPS, XMP or ICC unless asked: nothing of either input survives.
  const image = await sharp(target.data, { raw: { width: target.width, height: target.height, channels: 3 } })
    .jpeg({ quality: SWAP_JPEG_QUALITY })
    .toBuffer();
  const encode = performance.now() - started;
  return {
    image,
    width: target.width,
    height: target.height,
    timings: { decode: decodeMs, detect, blend, encode },
  };
}

/** A face box given in the source's own pixels, mapped to the decoded (possibly smaller) copy. */
async function inDecodedPixels(face: FaceBox, original: ImageInput, decoded: RawImage): Promise<FaceBox> {
  const k = decoded.width / (await imageSize(original)).width;
  return { ...face, x: face.x * k, y: face.y * k, width: face.width * k, height: face.height * k };
}

/** The target's RGB pixels under the mask rectangle, as floats. */
function regionPixels(image: RawImage, mask: RegionMask): Float32Array {
  const out = new Float32Array(mask.width * mask.height * 3);
  for (let row = 0; row < mask.height; row++) {
    const from = ((mask.top + row) * image.width + mask.left) * 3;
    out.set(image.data.subarray(from, from + mask.width * 3), row * mask.width * 3);
  }
  return out;
}

/**
 * Samples the source (bilinear) for every masked pixel of the target rectangle; pixels whose
 * sample falls outside the source get alpha 0, so nothing beyond the source's edge is pasted.
 */
function warpInto(source: RawImage, targetToSource: Similarity, mask: RegionMask): Float32Array {
  const out = new Float32Array(mask.width * mask.height * 3);
  const { data, width, height } = source;
  for (let row = 0; row < mask.height; row++) {
    for (let col = 0; col < mask.width; col++) {
      const i = row * mask.width + col;
      if (mask.alpha[i] <= 0) continue;
      const p = applySimilarity(targetToSource, { x: mask.left + col + 0.5, y: mask.top + row + 0.5 });
      const x = p.x - 0.5;
      const y = p.y - 0.5;
      if (x < 0 || y < 0 || x > width - 1 || y > height - 1) {
        mask.alpha[i] = 0;
        continue;
      }
      const x0 = Math.min(Math.floor(x), width - 2);
      const y0 = Math.min(Math.floor(y), height - 2);
      const fx = x - x0;
      const fy = y - y0;
      const a = (y0 * width + x0) * 3;
      const b = a + 3;
      const c = a + width * 3;
      const d = c + 3;
      for (let k = 0; k < 3; k++) {
        const top = data[a + k] + (data[b + k] - data[a + k]) * fx;
        const bottom = data[c + k] + (data[d + k] - data[c + k]) * fx;
        out[i * 3 + k] = top + (bottom - top) * fy;
      }
    }
  }
  return out;
}

/** target = target·(1 − α) + face·α over the mask rectangle, in place. */
function blendInto(target: RawImage, face: Float32Array, mask: RegionMask): void {
  for (let row = 0; row < mask.height; row++) {
    for (let col = 0; col < mask.width; col++) {
      const i = row * mask.width + col;
      const alpha = mask.alpha[i];
      if (alpha <= 0) continue;
      const t = ((mask.top + row) * target.width + mask.left + col) * 3;
      for (let k = 0; k < 3; k++) {
        const value = target.data[t + k] * (1 - alpha) + face[i * 3 + k] * alpha;
        target.data[t + k] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
}
