/**
 * Offline background removal: MediaPipe Selfie Segmentation on
 * TensorFlow.js's WASM backend (shared with face-api), on a letterboxed 256×256 copy; the mask is
 * cut back out of the letterbox, its edge refined by a guided filter with the photo as guide, and
 * sharpened around 0.5. Its errors are mostly about what counts as the subject (a neighbour who
 * touches the child): only the region that holds the detected face is kept (the largest region
 * when no face is found), without the patches of middling probability that hang on to it far from
 * anything the model is sure of (a neighbour's hair, a sofa). No person: NoSubjectError.
 *
 * The model sees the photo twice, its letterbox filled by repeating the edge and with grey, and
 * the mask is the mean (letterbox.ts says why): on the benchmark's 11 portraits mean IoU 0.927 →
 * 0.931, better on each of 7 reframings of them and a re-encode (+0.0015 to +0.0064), for ~12 ms
 * more per 12 MP photo. Measured and not kept (Nov 2026, same portraits): a second pass at
 * higher resolution on the head and
 * shoulders, averaged or replacing (0.920–0.928); the minimum of two views (0.924–0.930 as the
 * second is shifted by 3%: noise; with a flip it drops raised arms); the mean of a flipped or of
 * four shifted views (0.926); stretching to the square as MediaPipe does (0.913); black or
 * mirrored padding alone (0.923, 0.913); tighter `sureParts`, or only the sure pixels connected
 * to the face's, opened to cut thin bridges (±0.001, and an opening cuts thin limbs); the guided
 * filter's eps 0.001–0.03, radius 3–4, gain 4 (−0.002 to 0).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { NoSubjectError } from '../../../core/errors';
import type { ImageInput, RemoveBackgroundOutput } from '../../../core/image-ai';
import { loadFaceApiWith, settled } from '../face-detector';
import { guidedFilter, type Rect, type RgbImage } from './guided-filter';
import { GREY, letterboxFor, meanInside, padded } from './letterbox';
import { modelDir } from './model-dir';
import { largestRegion, type Mask, regionAt, sureParts } from './regions';

const MODEL_SIDE = 256;
/** Long side of the cut-out: the child fills at most about half of a 2000 px HD keepsake, and it stays quick. */
export const CUTOUT_MAX_SIDE = 1280;
/** Alpha = clamp((q − 0.5)·k + 0.5): k sharpens the filtered soft edge without a hard cut. */
const EDGE_GAIN = 2;
/**
 * The guided filter's working size (long side), window radius in model pixels and eps. Measured on
 * the benchmark's portraits: a 512 or 640 px working size and larger radii gained nothing (under
 * 0.001 of IoU) for up to twice the time; smaller radii lost.
 */
const GUIDE_SIDE = 384;
const GUIDE_RADIUS = 6;
const GUIDE_EPS = 0.01;
/** A subject smaller than this share of the photo is not a person we can place. */
const MIN_SUBJECT_SHARE = 0.02;
const MARGIN = 0.02;

type GraphModel = { execute(input: unknown): { data(): Promise<Float32Array>; dispose(): void } };
type Tf = {
  loadGraphModel(handler: unknown): Promise<GraphModel>;
  io: { fromMemory(artifacts: unknown): unknown };
  tensor4d(data: Float32Array, shape: [number, number, number, number]): { dispose(): void };
  tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
};
type FaceDetectionApi = {
  tf: Tf;
  TinyFaceDetectorOptions: new (opts: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(
    input: unknown,
    options: unknown,
  ): Promise<Array<{ box: { x: number; y: number; width: number; height: number } }>>;
};

let loading: Promise<{ api: FaceDetectionApi; model: GraphModel }> | undefined;
function loadSegmenter() {
  loading ??= (async () => {
    // Where the face is, not who: the tiny detector answers in tens of milliseconds (SSD: ~500 ms).
    const api = (await loadFaceApiWith('tinyFaceDetector')) as unknown as FaceDetectionApi;
    const dir = modelDir();
    const json = JSON.parse(readFileSync(path.join(dir, 'selfie.json'), 'utf8'));
    const weights = readFileSync(path.join(dir, 'selfie.bin'));
    const model = await api.tf.loadGraphModel(
      api.tf.io.fromMemory({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest[0].weights,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    );
    return { api, model };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export type RemoveBackgroundTimings = { decode: number; segment: number; compose: number };
/** Where the trimmed cut-out sits in the (oriented, downsized) photo it was cut from. */
export type CutoutFrame = { left: number; top: number; photoWidth: number; photoHeight: number };

export async function removeBackgroundOffline(
  image: ImageInput,
): Promise<RemoveBackgroundOutput & { timings: RemoveBackgroundTimings; frame: CutoutFrame }> {
  const { api, model } = await loadSegmenter();
  let started = performance.now();
  const input = Buffer.isBuffer(image)
    ? sharp(image).autoOrient()
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const photo = await input
    .resize(CUTOUT_MAX_SIDE, CUTOUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = photo.info;
  const decode = performance.now() - started;

  started = performance.now();
  // Letterbox: keep the aspect ratio; two views of the padding (letterbox.ts says why).
  const box = letterboxFor(width, height, MODEL_SIDE);
  const inner = await sharp(photo.data, { raw: { width, height, channels: 3 } })
    .resize(box.width, box.height)
    .raw()
    .toBuffer();
  const views = [padded(inner, box, 'edge'), padded(inner, box, GREY)];
  const faceInput = api.tf.tensor3d(views[0], [MODEL_SIDE, MODEL_SIDE, 3], 'int32');
  let outputs: Float32Array[];
  let faces: Awaited<ReturnType<FaceDetectionApi['detectAllFaces']>>;
  try {
    [outputs, faces] = await Promise.all([
      Promise.all(views.map((view) => segmentView(api.tf, model, view))),
      settled(
        api.detectAllFaces(
          faceInput,
          new api.TinyFaceDetectorOptions({ inputSize: 224, scoreThreshold: 0.4 }),
        ),
      ),
    ]);
  } finally {
    faceInput.dispose();
  }

  // The mask inside the letterbox, at model resolution: only the child's region.
  const small: Mask = { data: meanInside(outputs, box), width: box.width, height: box.height };
  const face = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
  const found = face
    ? regionAt(small, face.box.x + face.box.width / 2 - box.left, face.box.y + face.box.height / 2 - box.top)
    : largestRegion(small);
  const region = found && sureParts(found);
  if (!region || region.area < MIN_SUBJECT_SHARE * small.width * small.height) throw new NoSubjectError();
  const segment = performance.now() - started;

  started = performance.now();
  // Trim to the subject (scaled from the region's box), with a small margin.
  const scale = MODEL_SIDE / Math.max(width, height);
  const margin = Math.round(MARGIN * Math.max(width, height));
  const left = Math.max(0, Math.floor(region.box.left / scale) - margin);
  const top = Math.max(0, Math.floor(region.box.top / scale) - margin);
  const right = Math.min(width, Math.ceil((region.box.right + 1) / scale) + margin);
  const bottom = Math.min(height, Math.ceil((region.box.bottom + 1) / scale) + margin);
  const crop = { left, top, width: right - left, height: bottom - top };
  const maskCrop = await refinedAlpha({ data: photo.data, width, height }, region.mask, crop);
  const photoCrop = () => sharp(photo.data, { raw: { width, height, channels: 3 } }).extract(crop);
  const [png, source] = await Promise.all([
    // Fast deflate: the PNG is a working file of the editor, kept privately and briefly.
    photoCrop()
      .joinChannel(maskCrop, { raw: { width: crop.width, height: crop.height, channels: 1 } })
      .png({ compressionLevel: 3 })
      .toBuffer(),
    photoCrop().jpeg({ quality: 90 }).toBuffer(),
  ]);
  return {
    png,
    source,
    mask: {
      data: new Uint8Array(maskCrop.buffer, maskCrop.byteOffset, maskCrop.length),
      width: crop.width,
      height: crop.height,
      channels: 1,
    },
    timings: { decode, segment, compose: performance.now() - started },
    frame: { left, top, photoWidth: width, photoHeight: height },
  };
}

/** The model's output (0–1 per pixel of the square) for one letterboxed view. */
async function segmentView(tf: Tf, model: GraphModel, view: Uint8Array): Promise<Float32Array> {
  const floats = new Float32Array(view.length);
  for (let i = 0; i < view.length; i++) floats[i] = view[i] / 255;
  const tensor = tf.tensor4d(floats, [1, MODEL_SIDE, MODEL_SIDE, 3]);
  try {
    const output = model.execute(tensor);
    return await output.data().finally(() => output.dispose());
  } finally {
    tensor.dispose();
  }
}

/**
 * The alpha over `crop` of the photo: the coarse mask (model resolution) and the photo scaled to
 * the working size, the guided filter's model fitted there and applied to the full photo.
 */
async function refinedAlpha(photo: RgbImage, coarse: Mask, crop: Rect): Promise<Buffer> {
  const ratio = Math.min(1, GUIDE_SIDE / Math.max(photo.width, photo.height));
  const work = { width: Math.round(photo.width * ratio), height: Math.round(photo.height * ratio) };
  const [guide, mask] = await Promise.all([
    sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize(work.width, work.height)
      .raw()
      .toBuffer(),
    sharp(coarse.data, { raw: { width: coarse.width, height: coarse.height, channels: 1 } })
      .resize(work.width, work.height, { kernel: 'linear' })
      .extractChannel(0) // sharp would hand back a greyscale image as three channels
      .raw()
      .toBuffer(),
  ]);
  const refined = guidedFilter({
    mask,
    work: { data: guide, ...work },
    full: photo,
    crop,
    radius: Math.max(1, Math.round((GUIDE_RADIUS * Math.max(work.width, work.height)) / MODEL_SIDE)),
    eps: GUIDE_EPS,
  });
  // A clamped array rounds and clamps on assignment.
  const alpha = new Uint8ClampedArray(refined.length);
  for (let i = 0; i < alpha.length; i++) alpha[i] = 255 * ((refined[i] - 0.5) * EDGE_GAIN + 0.5);
  return Buffer.from(alpha.buffer);
}
