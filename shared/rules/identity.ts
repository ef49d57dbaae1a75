/** Is this the same person? Face descriptor distance, as face-api measures it (the identity guard). */

/**
 * Largest Euclidean distance between two 128-d face descriptors still taken as the same person.
 * 0.6 is face-api's (and dlib's, whose ResNet it ports) published threshold: dlib reports 99.38 %
 * accuracy on LFW at this value. It was tuned on adults; children's faces sit closer together, so
 * it errs towards accepting a look-alike rather than refusing the right child. Ageing legitimately
 * moves a face, so the guard allows the top of that range and no more.
 */
export const IDENTITY_MAX_DISTANCE = 0.6;

/** Euclidean distance between two face descriptors of the same length (0 = identical). */
export function identityDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) {
    throw new Error(`descriptors differ in length: ${a.length} and ${b.length}`);
  }
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** True when the two descriptors are close enough to be the same person. */
export const isSamePerson = (a: readonly number[], b: readonly number[]): boolean =>
  identityDistance(a, b) < IDENTITY_MAX_DISTANCE;

export type IdentityVerdict =
  | { ok: true; distance: number }
  | { ok: false; distance: number | null; why: 'no-face' | 'drifted' };

/** Whether an ageing result keeps the original's identity; `result` null: the model returned no face. */
export function judgeIdentity(
  original: readonly number[],
  result: readonly number[] | null,
  maxDistance = IDENTITY_MAX_DISTANCE,
): IdentityVerdict {
  if (!result) return { ok: false, distance: null, why: 'no-face' };
  const distance = Math.round(identityDistance(original, result) * 1000) / 1000;
  return distance < maxDistance ? { ok: true, distance } : { ok: false, distance, why: 'drifted' };
}
