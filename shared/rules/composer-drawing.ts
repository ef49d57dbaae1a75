/**
 * The composer's drawing (docs/architecture.md#keepsakes): the template covering the canvas, then the subject
 * with its transform and effects (flip, feathered edge, brightness, contrast, soft shadow). The
 * browser runs it for the preview and the free export, the server for the HD export, on the same
 * 2D canvas API. Pure: it only calls the contexts it is given.
 */

import type { SafeArea } from '../templates';
import { type ComposerTransform, subjectBox } from './composer-transform';
import type { Canvas2D, Drawable, LayerFactory } from './keepsake-drawing';
import { coverCrop } from './placement';

/** What the composer needs beyond the keepsake's slice of the 2D API (both canvases have it). */
export interface ComposerCanvas2D<Image extends Drawable = Drawable> extends Canvas2D<Image> {
  scale(x: number, y: number): void;
  filter: string;
  globalCompositeOperation: string;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
}

type Size = { width: number; height: number };

/** The soft shadow: a share of the subject's height, below it. */
const SHADOW = { color: 'rgba(15, 23, 42, 0.35)', blur: 0.04, offsetY: 0.02 };

/**
 * The cut-out with its colour and edge effects, at the size it will be drawn (so the feather is
 * measured in canvas pixels). Flip and rotation are left to the placement.
 */
export function styledSubject<Image extends Drawable>(
  cutout: Image,
  t: Pick<ComposerTransform, 'feather' | 'brightness' | 'contrast'>,
  drawn: Size,
  featherPx: number,
  makeLayer: LayerFactory<Image>,
): Image {
  const width = Math.max(1, Math.round(drawn.width));
  const height = Math.max(1, Math.round(drawn.height));
  const layer = makeLayer(width, height);
  const ctx = layer.getContext('2d') as ComposerCanvas2D<Image> | null;
  if (!ctx) throw new Error('No 2D context for the subject layer');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  if (t.brightness !== 1 || t.contrast !== 1)
    ctx.filter = `brightness(${t.brightness}) contrast(${t.contrast})`;
  ctx.drawImage(cutout, 0, 0, width, height);
  ctx.filter = 'none';
  if (featherPx > 0) {
    // Keep only what a blurred copy of the subject covers: the edge fades over about the radius.
    const mask = makeLayer(width, height);
    const maskCtx = mask.getContext('2d') as ComposerCanvas2D<Image> | null;
    if (!maskCtx) throw new Error('No 2D context for the feather mask');
    maskCtx.filter = `blur(${featherPx}px)`;
    maskCtx.drawImage(cutout, 0, 0, width, height);
    ctx.globalCompositeOperation = 'destination-in';
    ctx.drawImage(mask, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-over';
  }
  return layer;
}

/**
 * Draws a composition on `ctx` (`size` pixels): `nativeWidth` is the template's native width, so
 * the feather (in native pixels) looks the same in an 800 px preview and a 2048 px export.
 */
export function drawComposition<Image extends Drawable>(
  ctx: ComposerCanvas2D<Image>,
  size: Size,
  layers: { background: Image; cutout: Image },
  t: ComposerTransform,
  safeArea: SafeArea,
  nativeWidth: number,
  makeLayer: LayerFactory<Image>,
): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  const crop = coverCrop(layers.background, size);
  ctx.drawImage(layers.background, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);

  const box = subjectBox(t, layers.cutout, safeArea, size);
  const featherPx = (t.feather * size.width) / nativeWidth;
  const subject = styledSubject(layers.cutout, t, box, featherPx, makeLayer);
  ctx.save();
  ctx.translate(box.cx, box.cy);
  ctx.rotate((t.rotation * Math.PI) / 180);
  if (t.flip) ctx.scale(-1, 1);
  if (t.shadow) {
    ctx.shadowColor = SHADOW.color;
    ctx.shadowBlur = SHADOW.blur * box.height;
    ctx.shadowOffsetY = SHADOW.offsetY * box.height;
  }
  ctx.drawImage(subject, -box.width / 2, -box.height / 2, box.width, box.height);
  ctx.restore();
}
