/**
 * The one drawing function of a keepsake (docs/architecture.md#keepsakes): the browser runs it on an HTML
 * canvas for what the parent sees, the server runs it on @napi-rs/canvas (the same 2D API, Skia
 * under both) for exports, so the file matches the screen. Pure: it only calls the context it is given.
 */
import { type Canvas2D, type Drawable, type LayerFactory, newLayer } from './canvas-2d';
import { coverCrop, MOMENTS_CANVAS_PX, type MomentsBlend, type Placement, placedBox } from './placement';
import { drawSubject } from './subject-in-scene';

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
  /**
   * The background's ground line, a fraction of its height, when its scene reports one: a taller
   * background is shown around it (coverCrop).
   */
  groundY?: number | null;
};

/** What the parent made in the editor: where the child is, the mended edge, the blend. */
export type KeepsakeEdit = { placement: Placement; strokes: readonly BrushStroke[]; blend: MomentsBlend };

/** Draws the cut-out with its brush strokes applied, at the cut-out's own size. */
export function editedCutout<Image extends Drawable>(
  layers: Pick<KeepsakeLayers<Image>, 'cutout' | 'source'>,
  strokes: readonly BrushStroke[],
  makeLayer: LayerFactory<Image>,
): Image {
  if (strokes.length === 0) return layers.cutout;
  const { width, height } = layers.cutout;
  const { layer, ctx } = newLayer(makeLayer, width, height);
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
 * then the (edited) cut-out at its placement, blended into the scene (subject-in-scene.ts).
 */
export function drawKeepsake<Image extends Drawable>(
  ctx: Canvas2D<Image>,
  size: { width: number; height: number },
  layers: KeepsakeLayers<Image>,
  edit: KeepsakeEdit,
  makeLayer: LayerFactory<Image>,
): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  const crop = coverCrop(layers.background, size, layers.groundY);
  ctx.drawImage(layers.background, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);

  const cutout = editedCutout(layers, edit.strokes, makeLayer);
  const { blend } = edit;
  const box = placedBox(edit.placement, cutout, size);
  drawSubject(
    ctx,
    size,
    cutout,
    { ...box, flip: false },
    {
      brightness: blend.brightness,
      contrast: blend.contrast,
      // The feather is set in pixels of the 800 px editor: the same look at 2000 px.
      featherPx: (blend.feather * size.width) / MOMENTS_CANVAS_PX,
      shadow: { strength: blend.shadowStrength, offset: blend.shadowOffset },
      matchLight: blend.matchLight,
    },
    { image: layers.background, crop, groundY: layers.groundY },
    makeLayer,
  );
}
