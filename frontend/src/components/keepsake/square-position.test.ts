import { describe, expect, it } from 'vitest';
import { squarePosition } from './square-position';

const position = (scene: Parameters<typeof squarePosition>[0]) =>
  squarePosition(scene)
    .split(' ')
    .map((part) => Number.parseFloat(part));

describe("a Moments card's square", () => {
  it('shows a tall scene around its ground line, as the square keepsake does', () => {
    // 9:16 at 1152 × 2048, ground at 0.88: the square starts 788 px down, of the 896 px left out.
    expect(position({ nativeWidth: 1152, nativeHeight: 2048, groundY: 0.88 })).toEqual([
      50,
      expect.closeTo(88, 6),
    ]);
    // 4:5 likewise: its square starts 88 % of the way along the 410 px it leaves out.
    expect(position({ nativeWidth: 1638, nativeHeight: 2048, groundY: 0.88 })).toEqual([
      50,
      expect.closeTo(88, 6),
    ]);
  });

  it('centres a scene without a ground line, and a square one', () => {
    expect(position({ nativeWidth: 1152, nativeHeight: 2048 })).toEqual([50, 50]);
    expect(position({ nativeWidth: 2048, nativeHeight: 2048, groundY: 0.88 })).toEqual([50, 50]);
    expect(position({ nativeWidth: 2048, nativeHeight: 1152, groundY: 0.88 })).toEqual([50, 50]);
  });
});
