/**
 * The slice of the 2D canvas API the keepsake drawings use (docs/architecture.md#keepsakes): the
 * browser's CanvasRenderingContext2D and @napi-rs/canvas's context both implement it (Skia under
 * both), so one drawing runs on either.
 */

/** An image the context can draw: HTMLImageElement, ImageBitmap, a canvas, or @napi-rs/canvas's Image. */
export type Drawable = { readonly width: number; readonly height: number };

/** Pixels read back from a context, unpremultiplied RGBA (what getImageData returns on both). */
export type Pixels = { readonly width: number; readonly height: number; readonly data: Uint8ClampedArray };

export interface Canvas2D<Image extends Drawable = Drawable> {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  scale(x: number, y: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  clip(): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradientLike;
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
  getImageData(x: number, y: number, w: number, h: number): Pixels;
  putImageData(pixels: Pixels, x: number, y: number): void;
  fillStyle: unknown;
  filter: string;
  globalAlpha: number;
  globalCompositeOperation: string;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: 'low' | 'medium' | 'high';
}

export interface CanvasGradientLike {
  addColorStop(offset: number, colour: string): void;
}

/** A canvas to draw a layer on; it must be drawable onto the keepsake's context. */
export type OffscreenLayer<Image extends Drawable> = Drawable & {
  getContext(kind: '2d'): Canvas2D<Image> | null;
};
export type LayerFactory<Image extends Drawable> = (
  width: number,
  height: number,
) => OffscreenLayer<Image> & Image;

/** A layer and its context, or an error: a canvas without a 2D context cannot draw a keepsake. */
export function newLayer<Image extends Drawable>(
  makeLayer: LayerFactory<Image>,
  width: number,
  height: number,
): { layer: OffscreenLayer<Image> & Image; ctx: Canvas2D<Image> } {
  const layer = makeLayer(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  const ctx = layer.getContext('2d');
  if (!ctx) throw new Error('No 2D context for a keepsake layer');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  return { layer, ctx };
}
