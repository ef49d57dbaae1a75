/**
 * Geometry shared by the detector, the warp and the ageing pipeline: the face's own frame (from `roll`),
 * the head ellipse the growth warp works in, and the square crop around the head.
 *
 * Conventions: image coordinates (x right, y down). `roll` is the direction from chin to crown,
 * 0 = straight up, positive = clockwise (crown leaning to the image's right). A FaceBox is the face
 * rectangle in the face's own frame: centred on the face, `width` across and `height` along the
 * chin→crown axis (for a tilted face, rotate it by `roll` about its centre to get the true outline).
 * Its top edge sits about mid-forehead and its bottom edge at the chin, like face-api's box.
 */
import type { CropRect, FaceBox } from './types';

export type Vec = { x: number; y: number };

/** The head as the warp sees it, in the pixels of the image being warped. */
export type HeadModel = {
  /** Origin of the strain: near the head's centre, a little above the eyes. */
  cx: number;
  cy: number;
  /** Unit vector chin→crown. */
  up: Vec;
  /** Half-width across the face and half-length along it (chin sits at normalised radius 1). */
  a: number;
  b: number;
};

export function upVector(roll: number): Vec {
  return { x: Math.sin(roll), y: -Math.cos(roll) };
}

/** Roll from a chin→crown direction vector in image coordinates. */
export function rollFromUp(up: Vec): number {
  return Math.atan2(up.x, -up.y);
}

export function faceCentre(face: FaceBox): Vec {
  return { x: face.x + face.width / 2, y: face.y + face.height / 2 };
}

// Proportions measured on face-api boxes: eyes ~0.40 and chin ~0.97 of the box height from its top.
const EYES_ABOVE_CENTRE = 0.1;
const CHIN_BELOW_CENTRE = 0.47;
const ORIGIN_ABOVE_EYES = 0.06;
const HALF_WIDTH = 0.55;

export function headModel(face: FaceBox): HeadModel {
  const up = upVector(face.roll);
  const c = faceCentre(face);
  const lift = (EYES_ABOVE_CENTRE + ORIGIN_ABOVE_EYES) * face.height;
  return {
    cx: c.x + up.x * lift,
    cy: c.y + up.y * lift,
    up,
    a: HALF_WIDTH * face.width,
    // So that the chin lies on the ellipse.
    b: (EYES_ABOVE_CENTRE + ORIGIN_ABOVE_EYES + CHIN_BELOW_CENTRE) * face.height,
  };
}

/** The same head in a crop of the image that was scaled by `scale` after cutting at (left, top). */
export function headInCrop(head: HeadModel, crop: CropRect, scale: number): HeadModel {
  return {
    cx: (head.cx - crop.left) * scale,
    cy: (head.cy - crop.top) * scale,
    up: head.up,
    a: head.a * scale,
    b: head.b * scale,
  };
}

/** Side of the square crop relative to the face box height (head plus shoulders). */
const CROP_PER_FACE_HEIGHT = 3.2;
/** Shift of the crop centre below the face centre, as a fraction of the side (eyes ~40% from top). */
const CROP_CENTRE_BELOW = 0.08;
const MIN_CROP_SIDE = 64;

/** A square around the head with margin, kept inside the image (smaller when the image is). */
export function headCrop(face: FaceBox, imageWidth: number, imageHeight: number): CropRect {
  const longest = Math.max(face.height, face.width);
  const side = Math.round(
    Math.min(imageWidth, imageHeight, Math.max(MIN_CROP_SIDE, longest * CROP_PER_FACE_HEIGHT)),
  );
  const c = faceCentre(face);
  const up = upVector(face.roll);
  const cx = c.x - up.x * CROP_CENTRE_BELOW * side;
  const cy = c.y - up.y * CROP_CENTRE_BELOW * side;
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
  return {
    left: clamp(cx - side / 2, imageWidth - side),
    top: clamp(cy - side / 2, imageHeight - side),
    size: side,
  };
}

/** Pixel bounds (inclusive, clipped to the image) of the head ellipse scaled by `radius`, rotated. */
export function ellipseBounds(img: { width: number; height: number }, head: HeadModel, radius: number) {
  const { x: ux, y: uy } = head.up;
  // Half extents of a rotated ellipse with semi-axes a (across) and b (along up).
  const ex = radius * Math.sqrt((head.a * uy) ** 2 + (head.b * ux) ** 2);
  const ey = radius * Math.sqrt((head.a * ux) ** 2 + (head.b * uy) ** 2);
  return {
    x0: Math.max(0, Math.floor(head.cx - ex)),
    x1: Math.min(img.width - 1, Math.ceil(head.cx + ex)),
    y0: Math.max(0, Math.floor(head.cy - ey)),
    y1: Math.min(img.height - 1, Math.ceil(head.cy + ey)),
  };
}
