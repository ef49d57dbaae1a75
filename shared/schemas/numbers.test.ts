import { describe, expect, it } from 'vitest';
import { isStorableNumber, storableNumber } from './numbers';

describe('storableNumber', () => {
  it('keeps zero, ordinary fractions and the bounds', () => {
    for (const n of [0, -0, 1, 0.5, 1e-17, 1e-130])
      expect(storableNumber(0, 1).safeParse(n).success).toBe(true);
  });

  it('refuses what DynamoDB would refuse with "Number underflow"', () => {
    for (const n of [5e-324, 1e-200, 9e-131]) expect(storableNumber(0, 1).safeParse(n).success).toBe(false);
    expect(isStorableNumber(-1e-131)).toBe(false);
  });

  it('still refuses what is out of range', () => {
    expect(storableNumber(0, 1).safeParse(1.5).success).toBe(false);
    expect(storableNumber(0, 1).safeParse(-0.1).success).toBe(false);
  });
});
