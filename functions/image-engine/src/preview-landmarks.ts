/**
 * The 68 face landmarks of a finished preview (a square head crop), normalised to the image (0..1)
 * and rounded, for the browser's "Watch them grow" clip, which morphs one age into the next along
 * them. A head crop has a large face: the tiny detector at its smallest input finds it in ~20 ms
 * (see face-identity.ts); SSD looks again only when it does not.
 */
import sharp from 'sharp';
import {
  type FaceApi,
  type FaceResult,
  largestDetection,
  loadFaceApiWith,
  runOnDetectorCopy,
  settled,
} from './face-detector';
import type { ImageInput } from './types';

/** Each point's [x, y], as fractions of the image's width and height. */
export type NormalisedLandmarks = [number, number][];

/** 3 decimals: under a pixel of the 640 px preview. */
const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

async function sizeOf(image: ImageInput) {
  if (!Buffer.isBuffer(image)) return { width: image.width, height: image.height };
  const meta = await sharp(image).metadata();
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
  };
}

async function largestFaceLandmarks(faceapi: FaceApi, image: ImageInput, tinyInput: number | null) {
  const detector =
    tinyInput === null
      ? undefined
      : new faceapi.TinyFaceDetectorOptions({ inputSize: tinyInput, scoreThreshold: 0.5 });
  return runOnDetectorCopy(
    faceapi,
    image,
    async (tensor, options) => {
      const largest = largestDetection(await settled(faceapi.detectAllFaces(tensor, options)));
      if (!largest) return [];
      // The landmark net only: neither age nor identity is needed here.
      const task = new faceapi.DetectAllFaceLandmarksTask(
        Promise.resolve([{ detection: largest }]),
        tensor,
        false,
      );
      return settled(task as unknown as PromiseLike<FaceResult[]>);
    },
    undefined,
    detector,
  );
}

/** The largest face's 68 landmarks, or null when no face is found. */
export async function findPreviewLandmarks(image: ImageInput): Promise<NormalisedLandmarks | null> {
  const faceapi = await loadFaceApiWith('tinyFaceDetector');
  const { width, height } = await sizeOf(image);
  if (!width || !height) return null;
  for (const tinyInput of [160, null]) {
    const { faces, scale } = await largestFaceLandmarks(faceapi, image, tinyInput);
    const points = faces[0]?.landmarks.positions;
    if (points?.length === 68)
      return points.map((p) => [round((p.x * scale) / width), round((p.y * scale) / height)]);
  }
  return null;
}
