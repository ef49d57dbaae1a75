import { describe, expect, it } from 'vitest';
import { limbMap } from './limbs';

const [width, height] = [100, 60];
const at = (map: Uint8Array, x: number, y: number) => map[y * width + x];

describe('the forearms the pose model found, as capsules', () => {
  it('covers the forearm and the hand past the wrist, a quarter of the forearm wide each side', () => {
    const map = limbMap([{ elbow: { x: 20, y: 30 }, wrist: { x: 60, y: 30 } }], width, height);
    // Elbow, middle, wrist, the hand (half a forearm past the wrist).
    expect([at(map, 20, 30), at(map, 40, 30), at(map, 60, 30), at(map, 79, 30)]).toEqual([1, 1, 1, 1]);
    expect([at(map, 40, 39), at(map, 40, 21)]).toEqual([1, 1]);
    // Not beyond the hand's tip and its radius, nor far to the sides.
    expect([at(map, 92, 30), at(map, 40, 41), at(map, 40, 19)]).toEqual([0, 0, 0]);
  });

  it('follows a raised forearm and leaves the picture alone without one', () => {
    const raised = limbMap([{ elbow: { x: 50, y: 50 }, wrist: { x: 50, y: 20 } }], width, height);
    expect([at(raised, 50, 10), at(raised, 50, 35), at(raised, 70, 35)]).toEqual([1, 1, 0]);
    expect(limbMap([], width, height).some(Boolean)).toBe(false);
  });

  it('draws nothing for a forearm folded onto itself (elbow and wrist in one place)', () => {
    expect(limbMap([{ elbow: { x: 50, y: 30 }, wrist: { x: 51, y: 30 } }], width, height).some(Boolean)).toBe(
      false,
    );
  });
});
