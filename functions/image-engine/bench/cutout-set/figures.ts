/**
 * A figure whose mask is known by construction: a real face (from face-api's MIT demo photos, cut
 * by an ellipse inside its own box) under drawn hair, on a body drawn with Skia (neck, torso, arms with hands, legs),
 * skin in the face's own colour and clothes in fabric cut from the same photos, shaded like a
 * cylinder and grained like a photo. Drawing the same shapes in white gives the exact mask, and
 * each forearm and hand on its own gives the regions a cut-out must not lose.
 */
import type { Canvas, Image, SKRSContext2D } from '@napi-rs/canvas';
import { canvasModule } from '../../src/napi-canvas';
import { grain, paint, type Shape, shade } from './paint';

/** Angles in degrees from pointing straight down, turning away from the body (90: out, 180: up). */
export type Arm = { shoulder: number; elbow: number };
export type Pose = { left: Arm; right: Arm };
/** Lengths in head heights. */
export type Build = {
  shoulders: number;
  torso: number;
  upperArm: number;
  forearm: number;
  hand: number;
  legs: number;
};
export const CHILD: Build = {
  shoulders: 1.45,
  torso: 1.55,
  upperArm: 0.95,
  forearm: 0.85,
  hand: 0.48,
  legs: 2,
};
export const TODDLER: Build = {
  shoulders: 1.35,
  torso: 1.35,
  upperArm: 0.75,
  forearm: 0.68,
  hand: 0.42,
  legs: 1.45,
};

/** A face in a demo photo: its box (face-api's) and a crop of fabric from the same set of photos. */
export type HeadSource = { photo: Image; face: [number, number, number, number] };
export type FigureSpec = {
  head: HeadSource;
  fabric: Image;
  trousers: Image;
  hairColour: string;
  pose: Pose;
  build: Build;
  /** Head height in pixels and where the head's centre sits. */
  headHeight: number;
  centre: { x: number; y: number };
};
type Point = { x: number; y: number };
type Ellipse = { x: number; y: number; rx: number; ry: number };
/** The named parts whose loss a cut-out must not hide in a good mean: forearms and hands. */
export type Limbs = Record<'leftForearm' | 'leftHand' | 'rightForearm' | 'rightHand', Shape>;

const rad = (degrees: number) => (degrees * Math.PI) / 180;
/** The unit direction of an arm angle for the image's left (-1) or right (+1) arm. */
const direction = (angle: number, side: number): Point => ({
  x: side * Math.sin(rad(angle)),
  y: Math.cos(rad(angle)),
});
const along = (from: Point, dir: Point, length: number): Point => ({
  x: from.x + dir.x * length,
  y: from.y + dir.y * length,
});

/** A tapered capsule from a to b: widths wa and wb. */
function capsule(a: Point, b: Point, wa: number, wb: number): Shape {
  return (ctx) => {
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    ctx.beginPath();
    ctx.arc(a.x, a.y, wa / 2, angle + Math.PI / 2, angle - Math.PI / 2);
    ctx.arc(b.x, b.y, wb / 2, angle - Math.PI / 2, angle + Math.PI / 2);
    ctx.closePath();
  };
}

/** A hand at the wrist, pointing along `dir`: palm, four fingers and a thumb. */
function handShapes(wrist: Point, dir: Point, length: number, side: number): Shape[] {
  const across = { x: -dir.y, y: dir.x };
  const palmLength = length * 0.5;
  const palmWidth = length * 0.72;
  const palmCentre = along(wrist, dir, palmLength * 0.5);
  const shapes: Shape[] = [
    (ctx) => {
      ctx.beginPath();
      ctx.ellipse(
        palmCentre.x,
        palmCentre.y,
        palmLength * 0.62,
        palmWidth / 2,
        Math.atan2(dir.y, dir.x),
        0,
        2 * Math.PI,
      );
    },
  ];
  const fingerWidth = palmWidth * 0.22;
  for (let k = 0; k < 4; k++) {
    const offset = (k - 1.5) * fingerWidth * 1.08;
    const spread = (k - 1.5) * 0.09;
    const fingerDir = { x: dir.x + across.x * spread, y: dir.y + across.y * spread };
    const base = along(along(wrist, dir, palmLength * 0.85), across, offset);
    const fingerLength = length * (k === 0 || k === 3 ? 0.38 : 0.46);
    shapes.push(capsule(base, along(base, fingerDir, fingerLength), fingerWidth, fingerWidth * 0.85));
  }
  // The thumb on the body's side of the hand, turned out.
  const thumbSide = -side;
  const thumbBase = along(along(wrist, dir, palmLength * 0.3), across, thumbSide * palmWidth * 0.4);
  const thumbDir = {
    x: dir.x * 0.7 + across.x * thumbSide * 0.7,
    y: dir.y * 0.7 + across.y * thumbSide * 0.7,
  };
  shapes.push(capsule(thumbBase, along(thumbBase, thumbDir, length * 0.36), fingerWidth * 1.1, fingerWidth));
  return shapes;
}

export type FigureParts = {
  /** The hair (drawn behind) and the face, both ellipses; the head's mask is their union. */
  hair: Ellipse;
  face: Ellipse;
  skin: Shape[];
  clothes: Shape[];
  legs: Shape[];
  limbs: Limbs;
};

/** The shapes of a figure in the photo's pixels. */
export function figureParts(spec: FigureSpec): FigureParts {
  const { build, pose, headHeight: h, centre } = spec;
  const ry = h / 2;
  const neckTop = { x: centre.x, y: centre.y + ry * 0.8 };
  const shoulderY = centre.y + ry + h * 0.12;
  const halfShoulders = (build.shoulders * h) / 2;
  const hipY = shoulderY + build.torso * h;
  const torso: Shape = (ctx) => {
    ctx.beginPath();
    ctx.moveTo(centre.x - halfShoulders + h * 0.12, shoulderY);
    ctx.quadraticCurveTo(
      centre.x - halfShoulders - h * 0.05,
      shoulderY + h * 0.05,
      centre.x - halfShoulders,
      shoulderY + h * 0.3,
    );
    ctx.lineTo(centre.x - halfShoulders * 0.85, hipY);
    ctx.lineTo(centre.x + halfShoulders * 0.85, hipY);
    ctx.lineTo(centre.x + halfShoulders, shoulderY + h * 0.3);
    ctx.quadraticCurveTo(
      centre.x + halfShoulders + h * 0.05,
      shoulderY + h * 0.05,
      centre.x + halfShoulders - h * 0.12,
      shoulderY,
    );
    ctx.closePath();
  };
  const neck = capsule(neckTop, { x: centre.x, y: shoulderY + h * 0.1 }, h * 0.36, h * 0.4);
  const skin: Shape[] = [neck];
  const clothes: Shape[] = [torso];
  const limbs = {} as Limbs;
  for (const [name, side, arm] of [
    ['left', -1, pose.left],
    ['right', 1, pose.right],
  ] as const) {
    const shoulder = { x: centre.x + side * (halfShoulders - h * 0.14), y: shoulderY + h * 0.16 };
    const upperDir = direction(arm.shoulder, side);
    const elbow = along(shoulder, upperDir, build.upperArm * h);
    const foreDir = direction(arm.shoulder + arm.elbow, side);
    const wrist = along(elbow, foreDir, build.forearm * h);
    // A short sleeve over the upper arm's first half; bare skin from there to the fingertips.
    const sleeveEnd = along(shoulder, upperDir, build.upperArm * h * 0.55);
    clothes.push(capsule(shoulder, sleeveEnd, h * 0.42, h * 0.38));
    skin.push(capsule(shoulder, elbow, h * 0.34, h * 0.3));
    const forearm = capsule(elbow, wrist, h * 0.3, h * 0.24);
    const hand = handShapes(wrist, foreDir, build.hand * h, side);
    skin.push(forearm, ...hand);
    limbs[`${name}Forearm`] = forearm;
    limbs[`${name}Hand`] = (ctx) => {
      for (const shape of hand) {
        shape(ctx);
        ctx.fill();
      }
    };
  }
  const legs = [-1, 1].map((side) =>
    capsule(
      { x: centre.x + side * halfShoulders * 0.42, y: hipY - h * 0.1 },
      { x: centre.x + side * halfShoulders * 0.5, y: hipY + build.legs * h },
      h * 0.62,
      h * 0.44,
    ),
  );
  const [, , fw, fh] = spec.head.face;
  const face = { x: centre.x, y: centre.y + h * 0.08, ry: h * 0.4, rx: h * 0.4 * ((0.42 * fw) / (0.5 * fh)) };
  const hair = { x: centre.x, y: centre.y - h * 0.02, rx: face.rx * 1.15, ry: h * 0.48 };
  return { hair, face, skin, clothes, legs, limbs };
}

/** The figure drawn over `ctx` (the background already there) and its exact mask on `mask`. */
export function drawFigure(ctx: SKRSContext2D, mask: SKRSContext2D, spec: FigureSpec, skinTone: string) {
  const parts = figureParts(spec);
  const shirt = ctx.createPattern(spec.fabric, 'repeat');
  const trousers = ctx.createPattern(spec.trousers, 'repeat');
  for (const leg of parts.legs) paint(ctx, leg, trousers);
  for (const shape of parts.skin) paint(ctx, shape, skinTone);
  for (const shape of parts.clothes) paint(ctx, shape, shirt);
  shade(ctx, [...parts.skin, ...parts.clothes, ...parts.legs]);
  grain(ctx, parts.skin);
  paint(ctx, ellipse(parts.hair), spec.hairColour);
  shade(ctx, [ellipse(parts.hair)]);
  grain(ctx, [ellipse(parts.hair)]);
  drawFace(ctx, spec, parts.face);
  mask.fillStyle = '#fff';
  for (const shape of [
    ...parts.legs,
    ...parts.skin,
    ...parts.clothes,
    ellipse(parts.hair),
    ellipse(parts.face),
  ]) {
    shape(mask);
    mask.fill();
  }
  return parts;
}

const ellipse =
  (e: Ellipse): Shape =>
  (ctx) => {
    ctx.beginPath();
    ctx.ellipse(e.x, e.y, e.rx, e.ry, 0, 0, 2 * Math.PI);
  };

/** The real face, cut by an ellipse inside its own box (no background of its photo comes along). */
function drawFace(ctx: SKRSContext2D, spec: FigureSpec, face: Ellipse) {
  const [fx, fy, fw, fh] = spec.head.face;
  const scale = face.ry / (0.5 * fh);
  ctx.save();
  ellipse(face)(ctx);
  ctx.clip();
  ctx.drawImage(
    spec.head.photo,
    face.x - (fx + fw / 2) * scale,
    face.y - (fy + fh / 2) * scale,
    spec.head.photo.width * scale,
    spec.head.photo.height * scale,
  );
  ctx.restore();
}

/** The mean colour of the face box's middle (cheeks and nose), as a CSS colour. */
export function skinToneOf(head: HeadSource): string {
  const { createCanvas } = canvasModule();
  const [fx, fy, fw, fh] = head.face;
  const canvas: Canvas = createCanvas(8, 8);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(head.photo, fx + fw * 0.3, fy + fh * 0.45, fw * 0.4, fh * 0.25, 0, 0, 8, 8);
  const pixels = ctx.getImageData(0, 0, 8, 8).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += pixels[i + c];
  const [r, g, b] = sum.map((s) => Math.round(s / 64));
  return `rgb(${r}, ${g}, ${b})`;
}
