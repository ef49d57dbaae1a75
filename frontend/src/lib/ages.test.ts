import { describe, expect, it } from 'vitest';
import { agesText, isUnlocked, joinAges } from './ages';

describe('agesText', () => {
  it('reads naturally for one, two and three ages', () => {
    expect(agesText([19])).toBe('Age 19');
    expect(agesText([2, 5])).toBe('Ages 2 and 5');
    expect(agesText([2, 5, 19])).toBe('Ages 2, 5 and 19');
  });

  it('lists the ages alone for a sentence of its own', () => {
    expect(joinAges([2, 5, 19])).toBe('2, 5 and 19');
    expect(joinAges([19])).toBe('19');
  });
});

describe('isUnlocked', () => {
  it('counts an age only when its job exists and is unlocked', () => {
    const jobs = [
      { age: 10, hdUnlocked: true },
      { age: 16, hdUnlocked: false },
    ];
    expect(isUnlocked(jobs, 10)).toBe(true);
    expect(isUnlocked(jobs, 16)).toBe(false);
    expect(isUnlocked(jobs, 21)).toBe(false);
  });
});
