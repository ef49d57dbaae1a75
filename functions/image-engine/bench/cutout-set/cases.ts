/**
 * The cut-out set, drawn at run time (nothing stored): children with raised, outstretched, waving
 * and resting arms, child and toddler proportions, large and small in the frame, on backgrounds
 * free of people (corners of face-api's demo photos enlarged and softened as a phone's portrait
 * mode would, and the tests' drawn sky and meadow). Each case gives the photo as a JPEG, its exact
 * mask and its forearm and hand regions. Everything drawn comes from the repository or
 * face-api's MIT demo folder.
 */
import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { canvasModule } from '../../src/napi-canvas';
import { landscapeJpeg, samplePhoto } from '../../src/test-photos';
import { type Build, CHILD, drawFigure, type FigureSpec, type Pose, skinToneOf, TODDLER } from './figures';

export const POSES = {
  raised: { left: { shoulder: 150, elbow: 12 }, right: { shoulder: 145, elbow: 18 } },
  straightUp: { left: { shoulder: 172, elbow: 4 }, right: { shoulder: 168, elbow: 6 } },
  outstretched: { left: { shoulder: 88, elbow: 4 }, right: { shoulder: 92, elbow: -6 } },
  waving: { left: { shoulder: 20, elbow: 12 }, right: { shoulder: 95, elbow: 75 } },
  cheering: { left: { shoulder: 115, elbow: 45 }, right: { shoulder: 120, elbow: 40 } },
  oneUp: { left: { shoulder: 160, elbow: 10 }, right: { shoulder: 25, elbow: 15 } },
  resting: { left: { shoulder: 18, elbow: 8 }, right: { shoulder: 15, elbow: 12 } },
} satisfies Record<string, Pose>;

/** Face-api's boxes of a few faces in its demo photos (x, y, width, height). */
const FACES = [
  [3, [1072, 209, 214, 308]],
  [6, [1473, 265, 213, 302]],
  [1, [1483, 203, 173, 253]],
  [4, [666, 76, 172, 244]],
  [5, [1108, 196, 161, 243]],
  [2, [1462, 159, 183, 239]],
] as const;
/** Fabric: plaid, green dress, stripes (shirts); jeans, black leather (trousers). Photo and box. */
const FABRICS = [
  [1, [200, 1020, 300, 200]],
  [6, [300, 950, 200, 250]],
  [6, [1080, 900, 150, 250]],
] as const;
const TROUSERS = [
  [4, [620, 1050, 150, 250]],
  [1, [1300, 700, 150, 200]],
] as const;
/** Dark brown, black, mid brown, dark blond. */
const HAIR = ['#3b2a1e', '#1f1a17', '#6b4a2b', '#9a7447'];
/** Corners of the demo photos with no one in them: restaurant windows, curtains, a room, stairs. */
const PHOTO_BACKDROPS = [
  [3, [0, 0, 520, 380]],
  [6, [0, 0, 230, 470]],
  [1, [0, 0, 420, 320]],
  [5, [0, 0, 340, 700]],
] as const;

/** A corner of a demo photo, or the drawn sky and meadow. */
export type Backdrop = { photo: number } | 'meadow';
export type CutoutCase = {
  name: string;
  pose: keyof typeof POSES;
  build: 'child' | 'toddler';
  face: number;
  fabric: number;
  backdrop: Backdrop;
  /** Head height as a share of the photo's height, and the head's centre as shares of the frame. */
  head: number;
  at: [number, number];
  landscape?: boolean;
};

export const CASES: CutoutCase[] = [
  {
    name: 'raised-park',
    pose: 'raised',
    build: 'child',
    face: 0,
    fabric: 0,
    backdrop: 'meadow',
    head: 0.13,
    at: [0.5, 0.38],
  },
  {
    name: 'straight-up-room',
    pose: 'straightUp',
    build: 'child',
    face: 1,
    fabric: 1,
    backdrop: { photo: 0 },
    head: 0.12,
    at: [0.45, 0.42],
  },
  {
    name: 'outstretched-beach',
    pose: 'outstretched',
    build: 'child',
    face: 2,
    fabric: 2,
    backdrop: { photo: 3 },
    head: 0.15,
    at: [0.5, 0.3],
    landscape: true,
  },
  {
    name: 'waving-curtains',
    pose: 'waving',
    build: 'toddler',
    face: 3,
    fabric: 0,
    backdrop: { photo: 1 },
    head: 0.16,
    at: [0.5, 0.35],
  },
  {
    name: 'cheering-party',
    pose: 'cheering',
    build: 'child',
    face: 4,
    fabric: 1,
    backdrop: { photo: 0 },
    head: 0.12,
    at: [0.5, 0.4],
  },
  {
    name: 'one-up-home',
    pose: 'oneUp',
    build: 'toddler',
    face: 5,
    fabric: 2,
    backdrop: { photo: 2 },
    head: 0.15,
    at: [0.55, 0.4],
  },
  {
    name: 'small-raised-autumn',
    pose: 'raised',
    build: 'toddler',
    face: 1,
    fabric: 2,
    backdrop: { photo: 3 },
    head: 0.08,
    at: [0.4, 0.55],
  },
  {
    name: 'small-outstretched-room',
    pose: 'outstretched',
    build: 'toddler',
    face: 0,
    fabric: 1,
    backdrop: { photo: 2 },
    head: 0.1,
    at: [0.5, 0.45],
    landscape: true,
  },
  {
    name: 'resting-school',
    pose: 'resting',
    build: 'child',
    face: 2,
    fabric: 0,
    backdrop: { photo: 1 },
    head: 0.14,
    at: [0.5, 0.3],
  },
  {
    name: 'straight-up-snow',
    pose: 'straightUp',
    build: 'toddler',
    face: 5,
    fabric: 0,
    backdrop: 'meadow',
    head: 0.11,
    at: [0.5, 0.48],
  },
];

export type RenderedCase = {
  name: string;
  /** The photo as a phone would hand it over, and its size. */
  jpeg: Buffer;
  width: number;
  height: number;
  /** The exact mask (0–255) and each forearm's and hand's pixels (1 inside), width × height. */
  truth: Uint8Array;
  limbs: Array<{ name: string; pixels: Uint8Array }>;
};

const LONG_SIDE = 1280;
const SHORT_SIDE = 960;

async function imageOf(buffer: Buffer, box?: readonly number[]): Promise<Image> {
  const { loadImage } = canvasModule();
  if (!box) return loadImage(buffer);
  const [left, top, width, height] = box;
  return loadImage(await sharp(buffer).extract({ left, top, width, height }).png().toBuffer());
}

/** A backdrop as a PNG of the photo's size (the composites use it too). */
export async function backdropPng(backdrop: Backdrop, width: number, height: number): Promise<Buffer> {
  if (backdrop === 'meadow')
    return sharp(await landscapeJpeg(width, height))
      .png()
      .toBuffer();
  const [n, [left, top, w, h]] = PHOTO_BACKDROPS[backdrop.photo];
  return sharp(samplePhoto(n as 1 | 3 | 6))
    .extract({ left, top, width: w, height: h })
    .resize(width, height, { fit: 'cover' })
    .blur(1.5)
    .png()
    .toBuffer();
}

const backdropOf = async (backdrop: Backdrop, width: number, height: number): Promise<Image> =>
  imageOf(await backdropPng(backdrop, width, height));

/** A rendered canvas's alpha-or-grey channel as one byte per pixel. */
function channelOf(ctx: SKRSContext2D, width: number, height: number): Uint8Array {
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = rgba[i * 4];
  return out;
}

export async function renderCase(spec: CutoutCase): Promise<RenderedCase> {
  const { createCanvas } = canvasModule();
  const [width, height] = spec.landscape ? [LONG_SIDE, SHORT_SIDE] : [SHORT_SIDE, LONG_SIDE];
  const [faceN, face] = FACES[spec.face];
  const headPhoto = await imageOf(samplePhoto(faceN as 1));
  const [fabricN, fabricBox] = FABRICS[spec.fabric];
  const [trouserN, trouserBox] = TROUSERS[spec.face % TROUSERS.length];
  const figure: FigureSpec = {
    head: { photo: headPhoto, face: [...face] as [number, number, number, number] },
    fabric: await imageOf(samplePhoto(fabricN as 1), fabricBox),
    trousers: await imageOf(samplePhoto(trouserN as 1), trouserBox),
    hairColour: HAIR[spec.face % HAIR.length],
    pose: POSES[spec.pose],
    build: (spec.build === 'child' ? CHILD : TODDLER) as Build,
    headHeight: spec.head * height,
    centre: { x: spec.at[0] * width, y: spec.at[1] * height },
  };
  const photo = createCanvas(width, height);
  const ctx = photo.getContext('2d');
  ctx.drawImage(await backdropOf(spec.backdrop, width, height), 0, 0, width, height);
  const maskCanvas = createCanvas(width, height);
  const mask = maskCanvas.getContext('2d');
  mask.fillStyle = '#000';
  mask.fillRect(0, 0, width, height);
  const parts = drawFigure(ctx, mask, figure, skinToneOf(figure.head));
  const limbs = Object.entries(parts.limbs).map(([name, shape]) => {
    const canvas = createCanvas(width, height).getContext('2d');
    canvas.fillStyle = '#fff';
    shape(canvas);
    canvas.fill();
    const pixels = channelOf(canvas, width, height).map((v) => (v >= 128 ? 1 : 0));
    return { name, pixels };
  });
  const jpeg = await sharp(Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer), {
    raw: { width, height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: spec.name, jpeg, width, height, truth: channelOf(mask, width, height), limbs };
}

/** One drawn case by its name (tests pick the case that shows what they check). */
export function renderCaseNamed(name: string): Promise<RenderedCase> {
  const spec = CASES.find((c) => c.name === name);
  if (!spec) throw new Error(`No cut-out case named ${name}`);
  return renderCase(spec);
}
