/**
 * The identity guard's rule: how far a hosted ageing result's face may drift from the original's.
 * Distances are Euclidean between face-api's 128-d descriptors; face-api's own convention is that
 * under 0.6 is usually the same person. Ageing legitimately moves a face, so the guard allows the
 * top of that range and no more: past it the "aged child" is more likely someone else.
 */
export const IDENTITY_MAX_DISTANCE = 0.6;

export function identityDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`descriptors differ in length: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

export type IdentityVerdict =
  | { ok: true; distance: number }
  | { ok: false; distance: number | null; why: 'no-face' | 'drifted' };

/** Whether a result keeps the original's identity; `result` null means the model returned no face. */
export function judgeIdentity(
  original: readonly number[],
  result: readonly number[] | null,
  maxDistance = IDENTITY_MAX_DISTANCE,
): IdentityVerdict {
  if (!result) return { ok: false, distance: null, why: 'no-face' };
  const distance = Math.round(identityDistance(original, result) * 1000) / 1000;
  return distance <= maxDistance ? { ok: true, distance } : { ok: false, distance, why: 'drifted' };
}
