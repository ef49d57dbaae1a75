/**
 * The safe-area editor's form (docs/product.md#template-editor): the fields as typed (strings, so a
 * half-typed "0." is not clobbered), and what they mean with the clamps and fallbacks of
 * shared/rules/safe-area.ts applied; the preview draws the meaning on every keystroke and a field
 * shows its clamped value once it loses focus.
 */
import { dragCorner, type SafeAreaCorner, safeAreaFromInputs } from '@shared/rules/safe-area';
import type { UpdateTemplateRequest } from '@shared/schemas/admin-templates';
import type { TemplateView } from '@shared/schemas/moments';
import type { Orientation, SafeArea, SafeAreaAnchor, TemplateCategory } from '@shared/templates';

export type EditorForm = {
  sceneName: string;
  category: TemplateCategory;
  orientation: Orientation;
  displayOrder: string;
  x: string;
  y: string;
  width: string;
  height: string;
  anchor: SafeAreaAnchor;
};

export type SafeAreaField = 'x' | 'y' | 'width' | 'height';

const text = (n: number) => String(n);

export function formOf(template: TemplateView): EditorForm {
  const { x, y, width, height, anchor } = template.safeArea;
  return {
    sceneName: template.sceneName,
    category: template.category,
    orientation: template.orientation,
    displayOrder: text(template.displayOrder),
    x: text(x),
    y: text(y),
    width: text(width),
    height: text(height),
    anchor,
  };
}

/** The safe area the fields mean: non-numbers fall back (0 for x/y, 0.1 for sizes), then the clamps. */
export function safeAreaOf(form: EditorForm): SafeArea {
  return safeAreaFromInputs(form, form.anchor);
}

/** Display order falls back to 0 when it is not a whole number. */
export function displayOrderOf(form: EditorForm): number {
  const n = Number(form.displayOrder.trim());
  return form.displayOrder.trim() !== '' && Number.isInteger(n) ? n : 0;
}

/** The fields rewritten to what they mean (on blur): the clamped safe area, the display order. */
export function normalised(form: EditorForm): EditorForm {
  const sa = safeAreaOf(form);
  return {
    ...form,
    x: text(sa.x),
    y: text(sa.y),
    width: text(sa.width),
    height: text(sa.height),
    displayOrder: text(displayOrderOf(form)),
  };
}

/** A corner dragged to `pointer` (fractions of the image): the fields follow, rounded to 3 decimals. */
export function withCornerAt(
  form: EditorForm,
  corner: SafeAreaCorner,
  pointer: { x: number; y: number },
): EditorForm {
  const sa = dragCorner(safeAreaOf(form), corner, pointer);
  return { ...form, x: text(sa.x), y: text(sa.y), width: text(sa.width), height: text(sa.height) };
}

/** Keyboard resizing: a corner moved by (dx, dy) fractions of the image, with the drag's rules. */
export function withCornerNudged(
  form: EditorForm,
  corner: SafeAreaCorner,
  dx: number,
  dy: number,
): EditorForm {
  const sa = safeAreaOf(form);
  const x = corner === 'ne' || corner === 'se' ? sa.x + sa.width : sa.x;
  const y = corner === 'sw' || corner === 'se' ? sa.y + sa.height : sa.y;
  return withCornerAt(form, corner, { x: x + dx, y: y + dy });
}

export function saveRequestOf(form: EditorForm, template: TemplateView): UpdateTemplateRequest {
  return {
    sceneName: form.sceneName.trim(),
    category: form.category,
    orientation: form.orientation,
    safeArea: safeAreaOf(form),
    nativeWidth: template.nativeWidth,
    nativeHeight: template.nativeHeight,
    displayOrder: displayOrderOf(form),
  };
}
