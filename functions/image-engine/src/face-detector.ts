/**
 * Offline face detection with @vladmandic/face-api (SSD MobileNet v1 + 68 landmarks + age model,
 * TensorFlow.js on its WASM backend). Models ship inside the npm package and load once per
 * process, on first use. Works bundled by esbuild when face-api, @tensorflow/* and sharp are
 * shipped as real node_modules: everything is resolved at run time through createRequire.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { installFastConcat, type TfKernelRegistry } from './fast-concat';
import { rollFromUp, type Vec } from './head-geometry';
import type { FaceBox, ImageInput } from './types';

/** Long side of the copy the detector sees: faces stay big enough, inference stays fast. */
export const DETECT_SIDE = 640;
/** Below this detection score a face is not reported (face-api's own default). */
export const MIN_CONFIDENCE = 0.5;

// The small slice of face-api and tfjs this module uses (their bundled typings are heavy).
type Point = { x: number; y: number };
type Tensor3D = { dispose(): void };
export type FaceDetection = { box: { x: number; y: number; width: number; height: number }; score: number };

/** The largest of the faces found (the child in the photo), or null when none was. */
export function largestDetection<D extends FaceDetection>(detections: readonly D[]): D | null {
  const area = ({ box }: FaceDetection) => box.width * box.height;
  return detections.length ? detections.reduce((a, b) => (area(b) > area(a) ? b : a)) : null;
}
export type FaceResult = {
  detection: FaceDetection;
  landmarks: { positions: Point[] };
  age: number;
};
type Net = { loadFromDisk(dir: string): Promise<void>; isLoaded?: boolean };
type WithAge<R> = { withAgeAndGender(): Promise<R[]> };
/** What face-api's recognition net adds to a face (face-identity.ts). */
export type DescribedFaceResult = FaceResult & { descriptor: Float32Array };
export type FaceApi = {
  tf: TfKernelRegistry & {
    setWasmPaths(prefix: string): void;
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor3D;
  };
  nets: {
    ssdMobilenetv1: Net;
    faceLandmark68Net: Net;
    ageGenderNet: Net;
    faceRecognitionNet: Net;
    tinyFaceDetector: Net;
  };
  SsdMobilenetv1Options: new (opts: { minConfidence: number; maxResults?: number }) => unknown;
  TinyFaceDetectorOptions: new (opts: { inputSize: number; scoreThreshold: number }) => unknown;
  /**
   * The landmark step of a chain, run on detections given (the face picked among several):
   * each face costs the landmark, age and recognition nets.
   */
  DetectAllFaceLandmarksTask: new (
    detections: Promise<{ detection: FaceDetection }[]>,
    input: Tensor3D,
    useTinyLandmarkNet: boolean,
  ) => WithAge<FaceResult>;
  /** The recognition net's step of a chain, on faces that have their landmarks (and age) already. */
  ComputeAllFaceDescriptorsTask: new (
    faces: Promise<FaceResult[]>,
    input: Tensor3D,
  ) => PromiseLike<DescribedFaceResult[]>;
  detectAllFaces(
    input: Tensor3D,
    options: unknown,
  ): PromiseLike<FaceDetection[]> & {
    // The tasks are thenables: awaiting one runs the chain so far (see `settled`).
    withFaceLandmarks(): PromiseLike<FaceResult[]> & WithAge<FaceResult>;
  };
};

let loading: Promise<FaceApi> | undefined;

/** face-api's bundled models (resolved at run time, also from a Lambda bundle's node_modules). */
export function faceApiModelDir(): string {
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  return path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

/** Loads face-api, the WASM backend and the three models, once per process. */
export function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    // ESM has import.meta.url; a CommonJS bundle (NodejsFunction's default format) has __filename.
    const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    // Local binaries: the default would fetch them from a CDN.
    const wasmDir = path.join(
      path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
      'dist',
    );
    faceapi.tf.setWasmPaths(`${wasmDir}${path.sep}`);
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    installFastConcat(faceapi.tf);
    const modelDir = faceApiModelDir();
    await Promise.all([
      faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir),
      faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir),
      faceapi.nets.ageGenderNet.loadFromDisk(modelDir),
    ]);
    return faceapi;
  })();
  // A failed load may be retried by the next call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export type Detection = { faces: FaceBox[]; ms: number };

/**
 * A face-api task as a promise that settles: its `then` takes no error callback, so awaiting one
 * whose net throws would never return (and the error would surface as an unhandled rejection).
 */
export function settled<R>(task: PromiseLike<R>): Promise<R> {
  const run = (task as { run?: () => Promise<R> }).run;
  return typeof run === 'function' ? run.call(task) : Promise.resolve(task);
}

/**
 * Finds faces in an image (encoded or raw; EXIF orientation honoured), largest first, in the
 * image's own pixels. `ms` is the time of decoding the small copy plus inference.
 */
export async function detectFaces(image: ImageInput): Promise<Detection> {
  const faceapi = await loadFaceApi();
  const started = performance.now();
  const results = await runOnDetectorCopy(faceapi, image, (tensor, options) =>
    faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withAgeAndGender(),
  );
  const faces = results.faces
    .map((r) => faceBoxFrom(r, results.scale))
    .sort((p, q) => q.width * q.height - p.width * p.height);
  return { faces, ms: performance.now() - started };
}

/**
 * Runs a face-api chain on the detector's copy of an image (EXIF orientation honoured, long side
 * at most DETECT_SIDE); `scale` maps the copy's pixels back to the image's own.
 */
export async function runOnDetectorCopy<R>(
  faceapi: FaceApi,
  image: ImageInput,
  /** `scale` maps the copy's pixels to the image's own (as returned). */
  chain: (tensor: Tensor3D, options: unknown, scale: number) => PromiseLike<R[]>,
  minConfidence = MIN_CONFIDENCE,
  /** Another detector's options (the identity guard tries the tiny detector first); default SSD. */
  detectorOptions?: unknown,
): Promise<{ faces: R[]; scale: number }> {
  const input = Buffer.isBuffer(image)
    ? sharp(image).autoOrient()
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const { data, info } = await input
    .resize(DETECT_SIDE, DETECT_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fullWidth = Buffer.isBuffer(image) ? await orientedWidth(image) : image.width;
  const tensor = faceapi.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
  try {
    const options = detectorOptions ?? new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: 20 });
    const scale = fullWidth / info.width;
    return { faces: await settled(chain(tensor, options, scale)), scale };
  } finally {
    tensor.dispose();
  }
}

async function orientedWidth(image: Buffer): Promise<number> {
  const meta = await sharp(image).metadata();
  return meta.autoOrient?.width ?? meta.width ?? 0;
}

/** The largest face, or null when there is none. */
export async function detectLargestFace(image: ImageInput): Promise<FaceBox | null> {
  return (await detectFaces(image)).faces[0] ?? null;
}

const loadingNets = new Map<keyof FaceApi['nets'], Promise<void>>();

/**
 * face-api with nets beyond loadFaceApi's three loaded too, each once per process: the tiny
 * detector and the recognition net are loaded by their first users only, so the detector path of
 * the render worker does not pay for them.
 */
export async function loadFaceApiWith(...names: (keyof FaceApi['nets'])[]): Promise<FaceApi> {
  const faceapi = await loadFaceApi();
  await Promise.all(
    names.map((name) => {
      let loading = loadingNets.get(name);
      if (!loading) {
        loading = faceapi.nets[name].loadFromDisk(faceApiModelDir());
        loadingNets.set(name, loading);
        // A failed load may be retried by the next call.
        loading.catch(() => loadingNets.delete(name));
      }
      return loading;
    }),
  );
  return faceapi;
}

/** The tiny detector's input side (the identity guard uses the same). */
const TINY_INPUT = 416;

/**
 * The largest face found by face-api's tiny detector (about a quarter of SSD's time), SSD looking
 * again only when it finds none; only that face gets landmarks. The box comes from the 68 landmarks either way, so the head crop
 * is the same; used where a job waits on it (the hosted start), not where offline ageing runs.
 */
export async function detectLargestFaceQuickly(image: ImageInput): Promise<FaceBox | null> {
  const faceapi = await loadFaceApiWith('tinyFaceDetector');
  const results = await runOnDetectorCopy(
    faceapi,
    image,
    async (tensor, options) => {
      const largest = largestDetection(await settled(faceapi.detectAllFaces(tensor, options)));
      if (!largest) return [];
      // Landmarks and age of that face only: a group photo's other faces would cost ~30 ms each.
      const chosen = Promise.resolve([{ detection: largest }]);
      return new faceapi.DetectAllFaceLandmarksTask(chosen, tensor, false).withAgeAndGender();
    },
    undefined,
    new faceapi.TinyFaceDetectorOptions({ inputSize: TINY_INPUT, scoreThreshold: 0.5 }),
  );
  const faces = results.faces
    .map((r) => faceBoxFrom(r, results.scale))
    .sort((p, q) => q.width * q.height - p.width * p.height);
  return faces[0] ?? (await detectLargestFace(image));
}

const mean = (points: Point[], from: number, to: number): Vec => {
  let x = 0;
  let y = 0;
  for (let i = from; i <= to; i++) {
    x += points[i].x;
    y += points[i].y;
  }
  const n = to - from + 1;
  return { x: x / n, y: y / n };
};

const unit = (v: Vec): Vec => {
  const len = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / len, y: v.y / len };
};

/**
 * The face rectangle in the face's own frame (see head-geometry.ts), from the 68 landmarks:
 * crown direction from the eye line and the chin, height from the eyes-to-chin distance.
 */
export function faceBoxFrom(result: FaceResult, scale: number): FaceBox {
  const p = result.landmarks.positions;
  const box = result.detection.box;
  const base = { score: result.detection.score, estimatedAge: result.age };
  if (p.length < 68) {
    return {
      x: box.x * scale,
      y: box.y * scale,
      width: box.width * scale,
      height: box.height * scale,
      roll: 0,
      ...base,
    };
  }
  const leftEye = mean(p, 36, 41);
  const rightEye = mean(p, 42, 47);
  const eyes = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const chin = p[8];
  // Perpendicular to the eye line, and chin→eyes: two estimates of "up", averaged.
  const fromEyeLine = unit({ x: rightEye.y - leftEye.y, y: -(rightEye.x - leftEye.x) });
  const fromChin = unit({ x: eyes.x - chin.x, y: eyes.y - chin.y });
  const up = unit({ x: fromEyeLine.x + fromChin.x, y: fromEyeLine.y + fromChin.y });
  const across = { x: -up.y, y: up.x };
  const eyesToChin = (eyes.x - chin.x) * up.x + (eyes.y - chin.y) * up.y;
  // Eyes sit 0.40 and the chin 0.97 of a face-api box height from its top.
  const height = eyesToChin / 0.57;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i <= 16; i++) {
    const t = (p[i].x - chin.x) * across.x + (p[i].y - chin.y) * across.y;
    min = Math.min(min, t);
    max = Math.max(max, t);
  }
  const width = (max - min) / 1.05;
  const mid = (min + max) / 2;
  const cx = chin.x + up.x * 0.47 * height + across.x * mid;
  const cy = chin.y + up.y * 0.47 * height + across.y * mid;
  return {
    x: (cx - width / 2) * scale,
    y: (cy - height / 2) * scale,
    width: width * scale,
    height: height * scale,
    roll: rollFromUp(up),
    ...base,
  };
}
