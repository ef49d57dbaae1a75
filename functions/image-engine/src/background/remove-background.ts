/**
 * Offline background removal: MediaPipe Selfie Segmentation on
 * TensorFlow.js's WASM backend (shared with face-api), on a letterboxed 256×256 copy; the mask is
 * cut back out of the letterbox and only the region that holds the detected face is kept (the
 * largest region when no face is found), without the patches of middling probability that hang
 * on to it far from anything the model is sure of (a neighbour's hair, a sofa). At a working size
 * the photo's colours then take back the limbs the model was unsure of (subject.ts,
 * colour-refine.ts: raised and outstretched forearms and hands); a guided filter with the photo
 * as guide carries the edge to full size (alpha.ts), and the soft edge gets the child's own
 * colours instead of the old background's (foreground.ts). No person: SubjectNotFoundError.
 *
 * On the cut-out set (bench/cutouts.ts: drawn children with exact masks, Nov 2026) the colours,
 * the colour guide and the foreground colours took the forearms and hands kept from 14 to 25 of
 * the 32 in the 8 photos both keep (the two smallest children are refused before and after), their
 * mean IoU from 0.78 to 0.88 and the outline's colour error on a new background from 38 to 26 (of
 * 255), for ~45% more time.
 * Measured and not kept: the face detector on a 416 px copy of the photo rather than the
 * letterbox (finds small faces, 4× its time, mean IoU 0.673 against 0.686).
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
import { SubjectNotFoundError } from '../errors';
import { loadFaceApiWith, settled } from '../face-detector';
import type { Cutout, ImageInput } from '../types';
import { fullSizeAlpha } from './alpha';
import { foregroundColours } from './foreground';
import { GREY, letterboxFor, meanInside, padded } from './letterbox';
import { modelDir } from './model-dir';
import { boxOf, largestRegion, type Mask, regionAt, sureParts } from './regions';
import { workingSubject } from './subject';

const MODEL_SIDE = 256;
/** Long side of the cut-out: the child fills at most about half of a 2000 px HD keepsake, and it stays quick. */
export const CUTOUT_MAX_SIDE = 1280;
/**
 * The guided filter's working size (long side), window radius in model pixels and eps. Measured on
 * the benchmark's portraits (luma guide): a 512 or 640 px working size and larger radii gained
 * nothing (under 0.001 of IoU) for up to twice the time; smaller radii lost. With the colour
 * guide, on the cut-out set: eps 0.01, 0.003, 0.001 gave mean IoU 0.700, 0.704, 0.706; 0.003
 * keeps some smoothing for real photos' noise.
 */
const GUIDE_SIDE = 384;
const GUIDE_RADIUS = 6;
const GUIDE_EPS = 0.003;
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
): Promise<Cutout & { timings: RemoveBackgroundTimings; frame: CutoutFrame }> {
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
  const largest = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
  // In the mask's pixels (the face was found on the letterboxed square).
  const face = largest && { ...largest.box, x: largest.box.x - box.left, y: largest.box.y - box.top };
  const found = face
    ? regionAt(small, face.x + face.width / 2, face.y + face.height / 2)
    : largestRegion(small);
  const region = found && sureParts(found);
  if (!region) throw new SubjectNotFoundError();
  const fullPhoto = { data: photo.data, width, height };
  const { work, subject } = await workingSubject(fullPhoto, small, region, face, GUIDE_SIDE);
  // Measured with the limbs taken back.
  let solid = 0;
  for (const value of subject) if (value >= 128) solid++;
  if (solid < MIN_SUBJECT_SHARE * subject.length) throw new SubjectNotFoundError();
  const segment = performance.now() - started;

  started = performance.now();
  // Trim to the subject (scaled from the working size), with a small margin.
  const scale = work.width / width;
  const subjectBox = boxOf(subject, work.width, work.height);
  const margin = Math.round(MARGIN * Math.max(width, height));
  const left = Math.max(0, Math.floor(subjectBox.left / scale) - margin);
  const top = Math.max(0, Math.floor(subjectBox.top / scale) - margin);
  const right = Math.min(width, Math.ceil((subjectBox.right + 1) / scale) + margin);
  const bottom = Math.min(height, Math.ceil((subjectBox.bottom + 1) / scale) + margin);
  const crop = { left, top, width: right - left, height: bottom - top };
  const radius = Math.max(1, Math.round((GUIDE_RADIUS * Math.max(work.width, work.height)) / MODEL_SIDE));
  const maskCrop = fullSizeAlpha({ photo: fullPhoto, work, subject, crop, radius, eps: GUIDE_EPS });
  // The soft edge in the child's own colours, not the old background's.
  const colours = foregroundColours(fullPhoto, maskCrop, crop);
  const [png, source] = await Promise.all([
    // Fast deflate: the PNG is a working file of the editor, kept privately and briefly.
    sharp(colours, { raw: { width: crop.width, height: crop.height, channels: 3 } })
      .joinChannel(maskCrop, { raw: { width: crop.width, height: crop.height, channels: 1 } })
      .png({ compressionLevel: 3 })
      .toBuffer(),
    sharp(photo.data, { raw: { width, height, channels: 3 } })
      .extract(crop)
      .jpeg({ quality: 90 })
      .toBuffer(),
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
