/**
 * The free export (docs/product.md#composer-wizard): drawn in the browser at the template's native size from the
 * watermarked template, by the same drawing function as the preview, as a JPEG of quality 0.95
 * named {product}_{templateId}_{timestamp}.jpg.
 */

import type { Canvas2D } from '@shared/rules/canvas-2d';
import { drawComposition } from '@shared/rules/composer-drawing';
import type { ComposerTransform } from '@shared/rules/composer-transform';
import type { TemplateView } from '@shared/schemas/moments';
import { EXPORT_FILE_PRODUCT } from '@shared/templates';
import { type Drawn, makeCanvasLayer } from '../../../lib/canvas-layer';

export const EXPORT_JPEG_QUALITY = 0.95;

export function exportFileName(templateId: string, at: Date = new Date()): string {
  return `${EXPORT_FILE_PRODUCT}_${templateId}_${at.getTime()}.jpg`;
}

export async function exportComposition(
  template: TemplateView,
  layers: { background: HTMLImageElement; cutout: HTMLImageElement },
  transform: ComposerTransform,
): Promise<File> {
  performance.mark('composer-export-start');
  const size = { width: template.nativeWidth, height: template.nativeHeight };
  const canvas = Object.assign(document.createElement('canvas'), size);
  const ctx = canvas.getContext('2d') as unknown as Canvas2D<Drawn> | null;
  if (!ctx) throw new Error('this browser cannot draw images');
  drawComposition(
    ctx,
    size,
    { ...layers, groundY: template.groundY },
    transform,
    template.safeArea,
    template.nativeWidth,
    makeCanvasLayer,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', EXPORT_JPEG_QUALITY),
  );
  // Release the 16 MB bitmap now rather than at the next collection (phones run short).
  canvas.width = 0;
  if (!blob) throw new Error('the image could not be encoded');
  // User Timing: what `npm run bench:composer` reads (drawing and encoding, not saving).
  performance.measure('composer-export', 'composer-export-start');
  return new File([blob], exportFileName(template.templateId), { type: 'image/jpeg' });
}
