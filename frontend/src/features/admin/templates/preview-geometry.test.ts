import { describe, expect, it } from 'vitest';
import { anchorPoint, cornerAt, imageBox, safeAreaBox, toImageFraction } from './preview-geometry';

describe('the preview geometry', () => {
  it('fits the image inside 800×800 without stretching it', () => {
    expect(imageBox(2048, 2048)).toEqual({ left: 0, top: 0, width: 800, height: 800 });
    expect(imageBox(1152, 2048)).toEqual({ left: 175, top: 0, width: 450, height: 800 });
  });

  it('places the safe area and its anchor on the image', () => {
    const box = safeAreaBox(imageBox(1152, 2048), {
      x: 0.2,
      y: 0.25,
      width: 0.5,
      height: 0.5,
      anchor: 'bottom',
    });
    expect(box).toEqual({ left: 265, top: 200, width: 225, height: 400 });
    expect(anchorPoint(box, 'bottom')).toEqual({ x: 377.5, y: 600 });
    expect(anchorPoint(box, 'center')).toEqual({ x: 377.5, y: 400 });
  });

  it('grabs a corner within 12 px with a mouse, further with a finger on a small stage', () => {
    const box = { left: 200, top: 200, width: 400, height: 400 };
    const mouse = { touch: false, stageScale: 0.45 };
    expect(cornerAt(box, { x: 611, y: 604 }, mouse)).toBe('se');
    expect(cornerAt(box, { x: 213, y: 200 }, mouse)).toBeNull();
    expect(cornerAt(box, { x: 230, y: 230 }, { touch: true, stageScale: 0.45 })).toBe('nw');
    expect(cornerAt(box, { x: 400, y: 400 }, { touch: true, stageScale: 0.45 })).toBeNull();
  });

  it('turns a preview point into fractions of the image', () => {
    expect(toImageFraction(imageBox(1152, 2048), { x: 400, y: 200 })).toEqual({ x: 0.5, y: 0.25 });
  });
});
