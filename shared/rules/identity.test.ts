import { describe, expect, it } from 'vitest';
import { IDENTITY_MAX_DISTANCE, identityDistance, isSamePerson, judgeIdentity } from './identity';

describe('identity distance', () => {
  it('is zero for the same descriptor and Euclidean otherwise', () => {
    const a = Array.from({ length: 128 }, (_, i) => Math.sin(i));
    expect(identityDistance(a, a)).toBe(0);
    const b = [...a];
    b[0] += 0.3;
    b[5] -= 0.4;
    expect(identityDistance(a, b)).toBeCloseTo(0.5, 10);
  });

  it('takes a distance under the threshold as the same person, at or over it as another', () => {
    const a = new Array(128).fill(0);
    const near = [...a];
    near[0] = IDENTITY_MAX_DISTANCE - 0.01;
    const far = [...a];
    far[0] = IDENTITY_MAX_DISTANCE;
    expect(isSamePerson(a, near)).toBe(true);
    expect(isSamePerson(a, far)).toBe(false);
  });

  it('refuses descriptors of different lengths', () => {
    expect(() => identityDistance([1, 2], [1])).toThrow(/length/);
  });
});

describe('judgeIdentity', () => {
  const original = new Array(128).fill(0);
  const at = (distance: number) => original.map((_, i) => (i === 0 ? distance : 0));

  it('keeps a result under the threshold, with its rounded distance', () => {
    expect(judgeIdentity(original, at(0.41234))).toEqual({ ok: true, distance: 0.412 });
  });

  it('refuses a drifted result and one without a face', () => {
    expect(judgeIdentity(original, at(IDENTITY_MAX_DISTANCE))).toEqual({
      ok: false,
      distance: IDENTITY_MAX_DISTANCE,
      why: 'drifted',
    });
    expect(judgeIdentity(original, null)).toEqual({ ok: false, distance: null, why: 'no-face' });
  });
});
