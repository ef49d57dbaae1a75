/**
 * The composer's drawing (docs/architecture.md#keepsakes): the template covering the canvas, then the
 * subject with its transform and effects (flip, feathered edge, brightness, contrast, soft shadow,
 * the scene's light), blended in as Moments blends it (subject-in-scene.ts). The browser runs it
 * for the preview and the free export, the server for the HD export, on the same 2D canvas API.
 * Pure: it only calls the contexts it is given.
 */

import type { SafeArea } from '../templates';
import type { Canvas2D, Drawable, LayerFactory } from './canvas-2d';
import { type ComposerTransform, subjectBox } from './composer-transform';
import { coverCrop } from './placement';
import { drawSubject } from './subject-in-scene';

type Size = { width: number; height: number };

/** The soft-shadow switch's shadow: the same drawing as Moments', at fixed settings. */
const COMPOSER_SHADOW = { strength: 0.35, offset: 0.02 };

/**
 * Draws a composition on `ctx` (`size` pixels): `nativeWidth` is the template's native width, so
 * the feather (in native pixels) looks the same in an 800 px preview and a 2048 px export.
 */
export function drawComposition<Image extends Drawable>(
  ctx: Canvas2D<Image>,
  size: Size,
  layers: { background: Image; cutout: Image; groundY?: number | null },
  t: ComposerTransform,
  safeArea: SafeArea,
  nativeWidth: number,
  makeLayer: LayerFactory<Image>,
): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  const crop = coverCrop(layers.background, size, layers.groundY);
  ctx.drawImage(layers.background, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);

  const box = subjectBox(t, layers.cutout, safeArea, size);
  drawSubject(
    ctx,
    size,
    layers.cutout,
    { ...box, radians: (t.rotation * Math.PI) / 180, flip: t.flip },
    {
      brightness: t.brightness,
      contrast: t.contrast,
      featherPx: (t.feather * size.width) / nativeWidth,
      shadow: t.shadow ? COMPOSER_SHADOW : null,
      matchLight: t.matchLight,
    },
    { image: layers.background, crop, groundY: layers.groundY },
    makeLayer,
  );
}
