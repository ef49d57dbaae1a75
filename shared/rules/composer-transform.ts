/**
 * The composer's transform and safe-area maths (step 4 of docs/product.md#composer-wizard;
 * docs/architecture.md#keepsakes): one module for the wizard's controls, its canvas gestures, the browser's
 * export and the server's HD export. Positions are fractions of the template (0–1); scale 1 is the
 * largest box of the cut-out's shape that fits the template's safe area.
 */
import type { SafeArea } from '../templates';

export type ComposerTransform = {
  /** Centre of the subject, fractions of the template's width and height. */
  x: number;
  y: number;
  scale: number;
  /** Degrees, clockwise. */
  rotation: number;
  flip: boolean;
  /** Feathered edge, in pixels of the template at its native size. */
  feather: number;
  brightness: number;
  contrast: number;
  shadow: boolean;
  /** Moves the subject's colour partway to the scene's light (docs/architecture.md#keepsakes). */
  matchLight: boolean;
};

export const COMPOSER_RANGES = {
  x: { min: 0, max: 1, step: 0.01 },
  y: { min: 0, max: 1, step: 0.01 },
  scale: { min: 0.1, max: 3, step: 0.1 },
  rotation: { min: -15, max: 15, step: 1 },
  feather: { min: 0, max: 10, step: 1 },
  brightness: { min: 0.5, max: 1.5, step: 0.1 },
  contrast: { min: 0.5, max: 1.5, step: 0.1 },
} as const;
export type RangedField = keyof typeof COMPOSER_RANGES;

export const INITIAL_COMPOSER_TRANSFORM: ComposerTransform = {
  x: 0.5,
  y: 0.5,
  scale: 1,
  rotation: 0,
  flip: false,
  feather: 0,
  brightness: 1,
  contrast: 1,
  shadow: false,
  matchLight: true,
};

export const FIT_SCALE = 0.9;
export const FILL_SCALE = 1.1;
/** The subject's centre may stray this far outside the safe area before the parent is warned. */
export const SAFE_AREA_TOLERANCE = 0.05;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Every field within its range; a value that is not a number goes back to its initial value. */
export function clampComposerTransform(t: ComposerTransform): ComposerTransform {
  const next = { ...t };
  for (const field of Object.keys(COMPOSER_RANGES) as RangedField[]) {
    const { min, max } = COMPOSER_RANGES[field];
    const value = t[field];
    next[field] = Number.isFinite(value) ? clamp(value, min, max) : INITIAL_COMPOSER_TRANSFORM[field];
  }
  return next;
}

export function isWithinComposerRanges(t: ComposerTransform): boolean {
  return (Object.keys(COMPOSER_RANGES) as RangedField[]).every((field) => {
    const { min, max } = COMPOSER_RANGES[field];
    return Number.isFinite(t[field]) && t[field] >= min && t[field] <= max;
  });
}

type Size = { width: number; height: number };

/** The subject's drawn box in pixels of `canvas` (centre and size, before rotation). */
export function subjectBox(
  t: Pick<ComposerTransform, 'x' | 'y' | 'scale'>,
  subject: Size,
  safeArea: SafeArea,
  canvas: Size,
): { cx: number; cy: number; width: number; height: number } {
  const fit = Math.min(
    (safeArea.width * canvas.width) / subject.width,
    (safeArea.height * canvas.height) / subject.height,
  );
  return {
    cx: t.x * canvas.width,
    cy: t.y * canvas.height,
    width: subject.width * fit * t.scale,
    height: subject.height * fit * t.scale,
  };
}

/**
 * Puts the subject in the safe area at its anchor: against the named edge (bottom: standing on
 * it), centred otherwise and on any axis where the subject is larger than the area. The centre
 * always lands inside the safe area.
 */
export function snapIntoSafeArea(
  t: ComposerTransform,
  safeArea: SafeArea,
  subject: Size,
  canvas: Size,
): ComposerTransform {
  const box = subjectBox(t, subject, safeArea, canvas);
  const along = (start: number, length: number, boxLength: number, edge: 'start' | 'end' | 'centre') => {
    const slack = length - boxLength;
    if (slack <= 0 || edge === 'centre') return start + length / 2;
    return edge === 'start' ? start + boxLength / 2 : start + length - boxLength / 2;
  };
  const { anchor } = safeArea;
  const x = along(
    safeArea.x,
    safeArea.width,
    box.width / canvas.width,
    anchor === 'left' ? 'start' : anchor === 'right' ? 'end' : 'centre',
  );
  const y = along(
    safeArea.y,
    safeArea.height,
    box.height / canvas.height,
    anchor === 'top' ? 'start' : anchor === 'bottom' ? 'end' : 'centre',
  );
  return clampComposerTransform({ ...t, x, y });
}

/** Fit (0.9) and Fill (1.1): the subject at that scale, snapped into the safe area. */
export const fitToSafeArea = (t: ComposerTransform, safeArea: SafeArea, subject: Size, canvas: Size) =>
  snapIntoSafeArea({ ...t, scale: FIT_SCALE }, safeArea, subject, canvas);
export const fillSafeArea = (t: ComposerTransform, safeArea: SafeArea, subject: Size, canvas: Size) =>
  snapIntoSafeArea({ ...t, scale: FILL_SCALE }, safeArea, subject, canvas);

/** Reset: every control back to its initial value, the subject snapped into the safe area. */
export const resetTransform = (safeArea: SafeArea, subject: Size, canvas: Size) =>
  snapIntoSafeArea(INITIAL_COMPOSER_TRANSFORM, safeArea, subject, canvas);

/** Snap to centre: the subject's centre on the safe area's centre. */
export const snapToSafeAreaCentre = (t: ComposerTransform, safeArea: SafeArea): ComposerTransform => ({
  ...t,
  x: safeArea.x + safeArea.width / 2,
  y: safeArea.y + safeArea.height / 2,
});

/** True when the subject's centre is more than the tolerance outside the safe-area rectangle. */
export function isOutsideSafeArea(t: Pick<ComposerTransform, 'x' | 'y'>, safeArea: SafeArea): boolean {
  const outside = (value: number, start: number, length: number) =>
    Math.max(start - value, value - (start + length), 0);
  return (
    outside(t.x, safeArea.x, safeArea.width) > SAFE_AREA_TOLERANCE ||
    outside(t.y, safeArea.y, safeArea.height) > SAFE_AREA_TOLERANCE
  );
}

/** A control's value on its step (sliders and the server agree on 0.30000000000000004 being 0.3). */
export function onStep(field: RangedField, value: number): number {
  const { min, step } = COMPOSER_RANGES[field];
  const steps = Math.round((value - min) / step);
  return Number((min + steps * step).toFixed(2));
}
