/**
 * The composited half of the cut-out set, built the way matting sets are (Adobe's Composition-1k):
 * a foreground with an exact alpha laid over a background with no one in it, so the true mask is
 * the foreground's alpha, scaled and placed exactly as its colours are. The foregrounds are
 * 3D-rendered people from Microsoft's Fluent Emoji (MIT; the files in figures-3d/ come from the npm
 * package `@lobehub/fluent-emoji-3d`, see figures-3d/LICENSE): child-proportioned figures raising
 * a hand, both arms over the head, dancing with an arm up, running with arms out, shrugging with
 * hands up, sitting with hands on the knees, standing. Half-length figures stand on the photo's
 * bottom edge as in a portrait; full-length ones are placed large or small (a child far away).
 * Forearms and hands are boxes drawn by hand on the 256 px figure, cut by its alpha.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type Backdrop, backdropPng, type RenderedCase } from './cases';

const FIGURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'figures-3d');

/** A box on the 256 px figure: left, top, right, bottom. */
type Box = [number, number, number, number];
type Figure = { file: string; limbs: Record<string, Box> };

const FIGURE: Record<string, Figure> = {
  raisingHand: {
    file: '1f64b-1f3fc.webp',
    limbs: { leftHand: [20, 12, 84, 60], leftForearm: [26, 60, 92, 108] },
  },
  armsOverHead: {
    file: '1f646-1f3fd-200d-2640-fe0f.webp',
    limbs: {
      leftHand: [58, 10, 126, 46],
      rightHand: [130, 10, 198, 46],
      leftForearm: [16, 46, 66, 116],
      rightForearm: [190, 46, 240, 116],
    },
  },
  dancing: {
    file: '1f57a-1f3fc.webp',
    limbs: {
      rightHand: [148, 12, 174, 44],
      rightForearm: [140, 40, 186, 76],
      leftForearm: [56, 100, 92, 126],
      leftHand: [64, 122, 98, 144],
    },
  },
  twirling: {
    file: '1f483-1f3fd.webp',
    limbs: {
      rightHand: [146, 18, 172, 48],
      rightForearm: [124, 44, 170, 76],
      leftForearm: [26, 106, 62, 128],
      leftHand: [26, 120, 52, 144],
    },
  },
  standing: {
    file: '1f9cd-1f3fc.webp',
    limbs: {
      leftForearm: [84, 110, 96, 140],
      leftHand: [84, 140, 100, 160],
      rightForearm: [154, 110, 166, 140],
      rightHand: [150, 140, 166, 160],
    },
  },
  running: {
    file: '1f3c3-1f3fd.webp',
    limbs: {
      leftHand: [22, 72, 50, 98],
      leftForearm: [46, 74, 92, 102],
      rightForearm: [148, 72, 180, 100],
      rightHand: [166, 82, 192, 106],
    },
  },
  shrugging: {
    file: '1f937-1f3fc.webp',
    limbs: {
      leftHand: [16, 84, 66, 128],
      rightHand: [190, 84, 240, 128],
      leftForearm: [28, 128, 72, 180],
      rightForearm: [184, 128, 228, 180],
    },
  },
  sitting: {
    file: '1f9d8-1f3fd.webp',
    limbs: {
      leftHand: [16, 172, 50, 200],
      rightHand: [206, 172, 242, 200],
      leftForearm: [40, 146, 76, 182],
      rightForearm: [180, 146, 216, 182],
    },
  },
};

export type CompositeCase = {
  name: string;
  figure: keyof typeof FIGURE;
  backdrop: Backdrop;
  /** The figure's height as a share of the photo's, and its centre's x as a share of the width. */
  height: number;
  x: number;
  /** Where the figure's feet (or the cut of a half-length figure) are, as a share of the height. */
  bottom: number;
  mirrored?: boolean;
  landscape?: boolean;
};

export const COMPOSITES: CompositeCase[] = [
  { name: '3d-raising-hand', figure: 'raisingHand', backdrop: { photo: 0 }, height: 0.62, x: 0.5, bottom: 1 },
  {
    name: '3d-arms-over-head',
    figure: 'armsOverHead',
    backdrop: { photo: 1 },
    height: 0.6,
    x: 0.5,
    bottom: 1,
  },
  { name: '3d-dancing', figure: 'dancing', backdrop: { photo: 2 }, height: 0.8, x: 0.5, bottom: 0.95 },
  {
    name: '3d-twirling-wide',
    figure: 'twirling',
    backdrop: { photo: 3 },
    height: 0.75,
    x: 0.45,
    bottom: 0.95,
    landscape: true,
  },
  {
    name: '3d-running-wide',
    figure: 'running',
    backdrop: 'meadow',
    height: 0.7,
    x: 0.55,
    bottom: 0.92,
    landscape: true,
  },
  { name: '3d-shrugging', figure: 'shrugging', backdrop: { photo: 3 }, height: 0.55, x: 0.5, bottom: 1 },
  { name: '3d-sitting', figure: 'sitting', backdrop: { photo: 0 }, height: 0.5, x: 0.5, bottom: 0.85 },
  { name: '3d-standing', figure: 'standing', backdrop: { photo: 1 }, height: 0.85, x: 0.5, bottom: 0.97 },
  {
    name: '3d-small-dancing',
    figure: 'dancing',
    backdrop: 'meadow',
    height: 0.3,
    x: 0.35,
    bottom: 0.85,
    mirrored: true,
  },
  {
    name: '3d-small-standing-wide',
    figure: 'standing',
    backdrop: { photo: 2 },
    height: 0.3,
    x: 0.6,
    bottom: 0.8,
    landscape: true,
  },
  {
    name: '3d-small-running',
    figure: 'running',
    backdrop: { photo: 1 },
    height: 0.25,
    x: 0.45,
    bottom: 0.75,
    mirrored: true,
  },
  {
    name: '3d-small-arms-up-wide',
    figure: 'armsOverHead',
    backdrop: { photo: 3 },
    height: 0.3,
    x: 0.5,
    bottom: 1,
    landscape: true,
  },
];

const LONG_SIDE = 1280;
const SHORT_SIDE = 960;

/** The figure trimmed to its opaque pixels, and its limbs' boxes in the trimmed figure. */
async function trimmedFigure(figure: Figure, mirrored: boolean) {
  let image = sharp(readFileSync(path.join(FIGURES, figure.file))).ensureAlpha();
  if (mirrored) image = image.flop();
  const full = await image.png().toBuffer();
  const { info } = await sharp(full).trim({ threshold: 0 }).toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  const limbs = Object.entries(figure.limbs).map(([name, [x0, y0, x1, y1]]) => {
    const [a, b] = mirrored ? [256 - x1, 256 - x0] : [x0, x1];
    // Mirroring swaps the figure's own left and right.
    const side = mirrored ? name.replace(/^left|^right/, (s) => (s === 'left' ? 'right' : 'left')) : name;
    return { name: side, box: [a - left, y0 - top, b - left, y1 - top] as Box };
  });
  const trimmed = await sharp(full)
    .extract({ left, top, width: info.width, height: info.height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: trimmed.data, width: info.width, height: info.height, limbs };
}

export async function renderComposite(spec: CompositeCase): Promise<RenderedCase> {
  const [width, height] = spec.landscape ? [LONG_SIDE, SHORT_SIDE] : [SHORT_SIDE, LONG_SIDE];
  const figure = await trimmedFigure(FIGURE[spec.figure], spec.mirrored ?? false);
  const scale = (spec.height * height) / figure.height;
  const fw = Math.round(figure.width * scale);
  const fh = Math.round(figure.height * scale);
  const left = Math.round(spec.x * width - fw / 2);
  const top = Math.round(spec.bottom * height - fh);
  // Scaled with premultiplied alpha (sharp's default for RGBA), so colour and alpha stay exact.
  const scaled = await sharp(figure.rgba, {
    raw: { width: figure.width, height: figure.height, channels: 4 },
  })
    .resize(fw, fh, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const background = await sharp(await backdropPng(spec.backdrop, width, height))
    .removeAlpha()
    .raw()
    .toBuffer();
  const photo = Buffer.from(background);
  const truth = new Uint8Array(width * height);
  for (let y = 0; y < fh; y++) {
    const py = top + y;
    if (py < 0 || py >= height) continue;
    for (let x = 0; x < fw; x++) {
      const px = left + x;
      if (px < 0 || px >= width) continue;
      const f = (y * fw + x) * 4;
      const a = scaled[f + 3];
      const p = py * width + px;
      truth[p] = a;
      for (let c = 0; c < 3; c++)
        photo[p * 3 + c] = Math.round((scaled[f + c] * a + background[p * 3 + c] * (255 - a)) / 255);
    }
  }
  const limbs = figure.limbs.map(({ name, box: [x0, y0, x1, y1] }) => {
    const pixels = new Uint8Array(width * height);
    const [bx0, by0] = [left + Math.round(x0 * scale), top + Math.round(y0 * scale)];
    const [bx1, by1] = [left + Math.round(x1 * scale), top + Math.round(y1 * scale)];
    for (let y = Math.max(0, by0); y < Math.min(height, by1); y++)
      for (let x = Math.max(0, bx0); x < Math.min(width, bx1); x++)
        if (truth[y * width + x] >= 128) pixels[y * width + x] = 1;
    return { name, pixels };
  });
  const jpeg = await sharp(photo, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name: spec.name, jpeg, width, height, truth, limbs };
}

/** One composite by its name (tests pick the case that shows what they check). */
export function renderCompositeNamed(name: string): Promise<RenderedCase> {
  const spec = COMPOSITES.find((c) => c.name === name);
  if (!spec) throw new Error(`No composite named ${name}`);
  return renderComposite(spec);
}
