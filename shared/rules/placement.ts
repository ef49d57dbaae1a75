/**
 * Where the cut-out sits on a keepsake (one transform model, docs/architecture.md#keepsakes): position as
 * fractions of the canvas, scale, rotation in degrees. The Moments editor, the server's exports and
 * the drawing function all turn a placement into pixels here, so they can never disagree.
 */

export type Placement = {
  /** Centre of the cut-out, fractions 0–1 of the canvas width and height. */
  x: number;
  y: number;
  /** Longest side of the cut-out as a fraction of the scale unit (Moments: the canvas's shorter side). */
  scale: number;
  /** Degrees, clockwise. */
  rotation: number;
};

/** The Moments editor's ranges (docs/product.md#moments-editor): sliders in steps of 1 %. */
export const MOMENTS_RANGES = {
  x: { min: 0, max: 1 },
  y: { min: 0, max: 1 },
  scale: { min: 0.1, max: 1 },
  rotation: { min: -180, max: 180 },
} as const;

/**
 * How the child is blended into the scene (docs/product.md#moments-editor): brightness and
 * contrast as the composer's, a soft shadow (strength 0–1; offset a fraction of the child's height,
 * falling down and a little right), a feathered edge in pixels of the 800 px canvas, and matching
 * the scene's light.
 */
export type MomentsBlend = {
  brightness: number;
  contrast: number;
  shadowStrength: number;
  shadowOffset: number;
  feather: number;
  matchLight: boolean;
};

export const MOMENTS_BLEND_RANGES = {
  brightness: { min: 0.5, max: 1.5, step: 0.1 },
  contrast: { min: 0.5, max: 1.5, step: 0.1 },
  shadowStrength: { min: 0, max: 1, step: 0.05 },
  shadowOffset: { min: 0, max: 0.2, step: 0.01 },
  feather: { min: 0, max: 10, step: 1 },
} as const;

export const DEFAULT_MOMENTS_BLEND: MomentsBlend = {
  brightness: 1,
  contrast: 1,
  shadowStrength: 0.3,
  shadowOffset: 0,
  feather: 0,
  matchLight: true,
};

export const MOMENTS_CANVAS_PX = 800;
export const MOMENTS_HD_PX = 2000;
export const INITIAL_MOMENTS_PLACEMENT: Placement = { x: 0.5, y: 0.5, scale: 0.3, rotation: 0 };

/**
 * An edge of the child within this share of the canvas of the frame or the ground line stands on
 * it (subject-in-scene.ts: such a cropped edge is not faded).
 */
export const STANDING_TOLERANCE = 0.025;

/**
 * Where the editor first puts a new cut-out (docs/product.md#moments-editor): the spec's 50 %, 50 %,
 * 30 %; on a template whose ground line is known, standing on it instead: centred across, at 30 %,
 * its lowest opaque row on the ground line. A photo cropped at the bottom (a waist-up portrait)
 * stands on the frame instead: a bust on the floor looks pasted, one rising from the frame's edge
 * looks like a portrait in front of the scene. A ground line at or past the frame's bottom puts the
 * feet on the frame, and one too high for the child puts its head at the top: the child stays in view.
 */
export function initialMomentsPlacement(
  cutout: { width: number; height: number },
  /** The bottom of the cut-out's lowest opaque row, a fraction of its height (cutout-profile.ts). */
  lowestOpaque: number,
  template: { width: number; height: number; groundY?: number | null },
): Placement {
  const longest = Math.max(cutout.width, cutout.height);
  if (template.groundY == null || !(longest > 0)) return INITIAL_MOMENTS_PLACEMENT;
  const square = { width: MOMENTS_CANVAS_PX, height: MOMENTS_CANVAS_PX };
  const ground = groundOnCanvas(template.groundY, template, square);
  if (!Number.isFinite(ground)) return INITIAL_MOMENTS_PLACEMENT;
  const { scale } = INITIAL_MOMENTS_PLACEMENT;
  const height = (scale * cutout.height) / longest;
  const standsAt = clamp(lowestOpaque, 0, 1) * height;
  // A ground line this close to the frame is the frame: no sliver of scene under a cropped bottom.
  const croppedBottom = lowestOpaque >= 1;
  const feet = croppedBottom || ground >= 1 - STANDING_TOLERANCE ? 1 : clamp(ground, standsAt, 1);
  return clampMomentsPlacement({ ...INITIAL_MOMENTS_PLACEMENT, y: feet - standsAt + height / 2 });
}

/** Keyboard nudges: one press moves this fraction of the canvas (Shift: ten times as far). */
export const NUDGE_STEP = 0.01;

/** Centre guides snap within this fraction of the canvas. */
export const SNAP_DISTANCE = 0.015;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps every field within the Moments ranges (a canvas gesture may overshoot a slider's end). */
export function clampMomentsPlacement(p: Placement): Placement {
  const r = MOMENTS_RANGES;
  return {
    x: clamp(p.x, r.x.min, r.x.max),
    y: clamp(p.y, r.y.min, r.y.max),
    scale: clamp(p.scale, r.scale.min, r.scale.max),
    rotation: clamp(normaliseDegrees(p.rotation), r.rotation.min, r.rotation.max),
  };
}

/** An angle in −180..180. */
export function normaliseDegrees(degrees: number): number {
  const wrapped = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && degrees > 0 ? 180 : wrapped;
}

/** The cut-out's drawn box in canvas pixels: centre, size and rotation (radians). */
export type PlacedBox = { cx: number; cy: number; width: number; height: number; radians: number };

export function placedBox(
  p: Placement,
  cutout: { width: number; height: number },
  canvas: { width: number; height: number },
  scaleUnitPx: number = Math.min(canvas.width, canvas.height),
): PlacedBox {
  const longest = Math.max(cutout.width, cutout.height);
  const factor = (p.scale * scaleUnitPx) / longest;
  return {
    cx: p.x * canvas.width,
    cy: p.y * canvas.height,
    width: cutout.width * factor,
    height: cutout.height * factor,
    radians: (p.rotation * Math.PI) / 180,
  };
}

/** Snaps a centre coordinate to the middle of the canvas when it is close; says whether it did. */
export function snapToCentre(value: number): { value: number; snapped: boolean } {
  return Math.abs(value - 0.5) <= SNAP_DISTANCE ? { value: 0.5, snapped: true } : { value, snapped: false };
}

/** A template's ground line (a fraction of its height) as a fraction of the canvas showing it (coverCrop). */
export function groundOnCanvas(
  groundY: number,
  image: { width: number; height: number },
  canvas: { width: number; height: number },
): number {
  const crop = coverCrop(image, canvas, groundY);
  return (groundY * image.height - crop.sy) / crop.sh;
}

/**
 * Where a view shorter than its template shows the ground line: where the library's square scenes
 * draw it, so a 9:16 or 4:5 scene on the square Moments canvas looks like a square one (its floor,
 * its props and the child's feet in view, not the empty middle of a wall).
 */
export const GROUND_IN_VIEW = 0.88;

/**
 * The part of a background image that covers the canvas (no stretching): centred across; down, the
 * middle, or, when the template's ground line is known, the part that puts it at GROUND_IN_VIEW
 * (as far as the image reaches). The browser's canvas, the server's square copies and the ground
 * line's place on them all come from here.
 */
export function coverCrop(
  image: { width: number; height: number },
  canvas: { width: number; height: number },
  groundY?: number | null,
): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(canvas.width / image.width, canvas.height / image.height);
  const sw = canvas.width / scale;
  const sh = canvas.height / scale;
  const spare = image.height - sh;
  const sy = groundY == null ? spare / 2 : clamp(groundY * image.height - GROUND_IN_VIEW * sh, 0, spare);
  return { sx: (image.width - sw) / 2, sy, sw, sh };
}
