/** Numbers a request may carry into the table: DynamoDB refuses magnitudes it cannot store. */
import { z } from 'zod';

/** DynamoDB numbers go down to 1e-130 in magnitude (then "Number underflow", a ValidationException). */
export const MIN_STORABLE_MAGNITUDE = 1e-130;

export const isStorableNumber = (n: number): boolean => n === 0 || Math.abs(n) >= MIN_STORABLE_MAGNITUDE;

/**
 * A number from `min` to `max` the table can keep: a value such as 5e-324 is in range but no
 * browser sends it, so it is refused here (400) rather than by DynamoDB (500).
 */
export const storableNumber = (min: number, max: number) =>
  z.number().min(min).max(max).refine(isStorableNumber, { error: 'Number too close to zero to store' });
