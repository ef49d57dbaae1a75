import type { TemplateView } from '@shared/schemas/moments';
import { describe, expect, it } from 'vitest';
import {
  displayOrderOf,
  formOf,
  normalised,
  safeAreaOf,
  saveRequestOf,
  withCornerAt,
  withCornerNudged,
} from './editor-form';

const template: TemplateView = {
  templateId: '6f1c1d9e-2f6a-4d3b-9d7e-1a2b3c4d5e6f',
  sceneName: 'Balloon Party',
  theme: 'birthday',
  category: 'Birthdays',
  orientation: '4:5',
  nativeWidth: 1638,
  nativeHeight: 2048,
  safeArea: { x: 0.25, y: 0.3, width: 0.5, height: 0.6, anchor: 'bottom' },
  status: 'active',
  displayOrder: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  imageUrl: '/templates/x/wm.jpg',
  thumbUrl: '/templates/x/thumb.webp',
};

describe('the editor form', () => {
  it('loads a template as text and reads it back unchanged', () => {
    const form = formOf(template);
    expect(form).toMatchObject({ x: '0.25', width: '0.5', displayOrder: '2', anchor: 'bottom' });
    expect(safeAreaOf(form)).toEqual(template.safeArea);
  });

  it('falls back for non-numbers: 0 for x and y, 0.1 for width and height, 0 for display order', () => {
    const form = { ...formOf(template), x: 'abc', y: '', width: 'wide', height: '-', displayOrder: '1.5' };
    expect(safeAreaOf(form)).toMatchObject({ x: 0, y: 0, width: 0.1, height: 0.1 });
    expect(displayOrderOf(form)).toBe(0);
    expect(normalised(form)).toMatchObject({
      x: '0',
      y: '0',
      width: '0.1',
      height: '0.1',
      displayOrder: '0',
    });
  });

  it('clamps: the box stays inside the image, at least 0.1 each way, 3 decimals', () => {
    const form = { ...formOf(template), x: '0.95', width: '0.8', y: '0.12345', height: '2' };
    expect(safeAreaOf(form)).toMatchObject({ x: 0.2, width: 0.8, y: 0, height: 1 });
  });

  it('moves the dragged corner and keeps the opposite one', () => {
    const form = withCornerAt(formOf(template), 'se', { x: 0.81234, y: 0.95 });
    expect(form).toMatchObject({ x: '0.25', y: '0.3', width: '0.562', height: '0.65' });
    const nw = withCornerAt(formOf(template), 'nw', { x: 0.9, y: -1 });
    expect(safeAreaOf(nw)).toMatchObject({ x: 0.65, y: 0, width: 0.1, height: 0.9 });
  });

  it('nudges a corner from the keyboard, with the same clamps', () => {
    expect(safeAreaOf(withCornerNudged(formOf(template), 'se', 0.01, 0))).toMatchObject({ width: 0.51 });
    expect(safeAreaOf(withCornerNudged(formOf(template), 'nw', 0, -0.01))).toMatchObject({
      y: 0.29,
      height: 0.61,
    });
    const edge = { ...formOf(template), x: '0', width: '0.1' };
    expect(safeAreaOf(withCornerNudged(edge, 'nw', -0.01, 0))).toMatchObject({ x: 0, width: 0.1 });
  });

  it('saves the clamped values with the native size of the template', () => {
    const form = { ...formOf(template), sceneName: '  Party  ', width: '0.9', displayOrder: '7' };
    expect(saveRequestOf(form, template)).toEqual({
      sceneName: 'Party',
      category: 'Birthdays',
      orientation: '4:5',
      safeArea: { x: 0.1, y: 0.3, width: 0.9, height: 0.6, anchor: 'bottom' },
      nativeWidth: 1638,
      nativeHeight: 2048,
      displayOrder: 7,
    });
  });
});
