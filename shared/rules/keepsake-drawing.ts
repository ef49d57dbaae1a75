/**
 * The one drawing function of a keepsake (docs/architecture.md#keepsakes): the browser runs it on an HTML
 * canvas for what the parent sees, the server runs it on @napi-rs/canvas (the same 2D API, Skia
 * under both) for exports, so the file matches the screen. Pure: it only calls the context it is given.
 */
import { coverCrop, type Placement, placedBox } from './placement';

/** An image the context can draw: HTMLImageElement, ImageBitmap, a canvas, or @napi-rs/canvas's Image. */
export type Drawable = { readonly width: number; readonly height: number };

/** The slice of CanvasRenderingContext2D this module uses; both canvases implement it. */
export interface Canvas2D<Image extends Drawable = Drawable> {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  clip(): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: Image, dx: number, dy: number, dw: number, dh: number): void;
  drawImage(
    image: Image,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: 'low' | 'medium' | 'high';
}

/** A canvas to draw the edited cut-out on; it must be drawable onto the keepsake's context. */
export type OffscreenLayer<Image extends Drawable> = Drawable & {
  getContext(kind: '2d'): Canvas2D<Image> | null;
};
export type LayerFactory<Image extends Drawable> = (
  width: number,
  height: number,
) => OffscreenLayer<Image> & Image;

/**
 * One brush stroke on the cut-out: erase makes the touched pixels transparent, restore brings back
 * the original photo there. Points and radius are fractions of the cut-out's width (x, radius) and
 * height (y), so a stroke fits any resolution of the same cut-out.
 */
export type BrushStroke = {
  mode: 'erase' | 'restore';
  radius: number;
  points: Array<[number, number]>;
};

export type KeepsakeLayers<Image extends Drawable> = {
  background: Image;
  cutout: Image;
  /** The photo behind the cut-out, same size and framing: what a restore stroke paints back. */
  source?: Image;
};

/** Draws the cut-out with its brush strokes applied, at the cut-out's own size. */
export function editedCutout<Image extends Drawable>(
  layers: Pick<KeepsakeLayers<Image>, 'cutout' | 'source'>,
  strokes: readonly BrushStroke[],
  makeLayer: LayerFactory<Image>,
): Image {
  if (strokes.length === 0) return layers.cutout;
  const { width, height } = layers.cutout;
  const layer = makeLayer(width, height);
  const ctx = layer.getContext('2d');
  if (!ctx) throw new Error('No 2D context for the cut-out layer');
  ctx.drawImage(layers.cutout, 0, 0, width, height);
  for (const stroke of strokes) {
    if (stroke.mode === 'restore' && !layers.source) continue;
    ctx.save();
    ctx.beginPath();
    const radius = stroke.radius * width;
    for (const [x, y] of stroke.points) {
      ctx.moveTo(x * width + radius, y * height);
      ctx.arc(x * width, y * height, radius, 0, Math.PI * 2);
    }
    ctx.clip();
    ctx.clearRect(0, 0, width, height);
    if (stroke.mode === 'restore' && layers.source) ctx.drawImage(layers.source, 0, 0, width, height);
    ctx.restore();
  }
  return layer;
}

/**
 * Draws a keepsake on `ctx` (size × size pixels of canvas): the background covering the canvas,
 * then the (edited) cut-out at its placement.
 */
export function drawKeepsake<Image extends Drawable>(
  ctx: Canvas2D<Image>,
  size: { width: number; height: number },
  layers: KeepsakeLayers<Image>,
  placement: Placement,
  strokes: readonly BrushStroke[],
  makeLayer: LayerFactory<Image>,
): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  const crop = coverCrop(layers.background, size);
  ctx.drawImage(layers.background, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);

  const cutout = editedCutout(layers, strokes, makeLayer);
  const box = placedBox(placement, cutout, size);
  ctx.save();
  ctx.translate(box.cx, box.cy);
  ctx.rotate(box.radians);
  ctx.drawImage(cutout, -box.width / 2, -box.height / 2, box.width, box.height);
  ctx.restore();
}
