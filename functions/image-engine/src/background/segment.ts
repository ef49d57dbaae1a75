/**
 * One look of the segmentation model at a photo (or at a crop of it): MediaPipe Selfie
 * Segmentation on TensorFlow.js's WASM backend on two letterboxed 256×256 views (letterbox.ts
 * says why two), and face-api's tiny face detector on the first view, side by side. The answer is
 * the mean mask cut back out of the letterbox, the largest face (in the mask's pixels) and the
 * connected region that holds it (the largest region when no face is found).
 */
import sharp from 'sharp';
import { loadFaceApiWith, settled } from '../face-detector';
import type { RgbImage } from './guided-filter';
import { GREY, letterboxFor, meanInside, padded } from './letterbox';
import { graphModelArtifacts } from './model-dir';
import { largestRegion, type Mask, type Region, regionAt } from './regions';
import type { FaceBox } from './subject';

export const MODEL_SIDE = 256;
/**
 * The face detector's square: at 256 px a child's face across the room is ~25 px, under what the
 * tiny detector finds.
 */
const FACE_SIDE = 224;
/** Fewer solid model pixels than this share of the photo is not a person (a far child is ~0.5%). */
export const MIN_PERSON_SHARE = 0.002;

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
  detectAllFaces(input: unknown, options: unknown): Promise<Array<{ box: FaceBox }>>;
};

let loading: Promise<{ api: FaceDetectionApi; model: GraphModel }> | undefined;
export function loadSegmenter() {
  loading ??= (async () => {
    // Where the face is, not who: the tiny detector answers in tens of milliseconds (SSD: ~500 ms).
    const api = (await loadFaceApiWith('tinyFaceDetector')) as unknown as FaceDetectionApi;
    const model = await api.tf.loadGraphModel(api.tf.io.fromMemory(graphModelArtifacts('selfie')));
    return { api, model };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The model's mask over the photo (model resolution), the face in its pixels, the face's region. */
export type Look = { mask: Mask; face: FaceBox | undefined; found: Region | null };

export async function look(photo: RgbImage, faceSide = FACE_SIDE): Promise<Look> {
  const { api, model } = await loadSegmenter();
  const box = letterboxFor(photo.width, photo.height, MODEL_SIDE);
  const inner = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(box.width, box.height)
    .raw()
    .toBuffer();
  const views = [padded(inner, box, 'edge'), padded(inner, box, GREY)];
  const faceBox = letterboxFor(photo.width, photo.height, faceSide);
  const faceInner = await sharp(photo.data, {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  })
    .resize(faceBox.width, faceBox.height)
    .raw()
    .toBuffer();
  const faceInput = api.tf.tensor3d(padded(faceInner, faceBox, GREY), [faceSide, faceSide, 3], 'int32');
  let outputs: Float32Array[];
  let faces: Array<{ box: FaceBox }>;
  try {
    [outputs, faces] = await Promise.all([
      Promise.all(views.map((view) => segmentView(api.tf, model, view))),
      settled(
        api.detectAllFaces(
          faceInput,
          new api.TinyFaceDetectorOptions({ inputSize: faceSide, scoreThreshold: 0.4 }),
        ),
      ),
    ]);
  } finally {
    faceInput.dispose();
  }
  const mask: Mask = { data: meanInside(outputs, box), width: box.width, height: box.height };
  const largest = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
  // In the mask's pixels (the face was found on the letterboxed square). face-api's box keeps its
  // size in getters, which a spread would drop.
  const toMask = box.width / faceBox.width;
  const face = largest && {
    x: (largest.box.x - faceBox.left) * toMask,
    y: (largest.box.y - faceBox.top) * toMask,
    width: largest.box.width * toMask,
    height: largest.box.height * toMask,
  };
  const atFace = face && regionAt(mask, face.x + face.width / 2, face.y + face.height / 2);
  // A face on a speck the model hardly sees is a false find (a pattern, a poster): not the child.
  if (atFace && atFace.area >= MIN_PERSON_SHARE * mask.width * mask.height)
    return { mask, face, found: atFace };
  return { mask, face: undefined, found: largestRegion(mask) };
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
