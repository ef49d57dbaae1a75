/**
 * Painting the figure's shapes like a photo: flat fills and fabric patterns, a little shade on the
 * side away from the light, and grain over flat skin.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { canvasModule } from '../../src/napi-canvas';

/** A path on a context, to fill or clip by. */
export type Shape = (ctx: SKRSContext2D) => void;

/** Fills `shape` with a flat colour or a pattern. */
export function paint(ctx: SKRSContext2D, shape: Shape, fill: string | CanvasPattern) {
  ctx.save();
  shape(ctx);
  ctx.fillStyle = fill as string;
  ctx.fill();
  ctx.restore();
}

type CanvasPattern = ReturnType<SKRSContext2D['createPattern']>;

/** Light from the upper left: each shape darkened but for a lit rim along its upper left. */
export function shade(ctx: SKRSContext2D, shapes: Shape[]) {
  for (const shape of shapes) {
    ctx.save();
    shape(ctx);
    ctx.clip();
    ctx.fillStyle = 'rgba(20, 10, 0, 0.12)';
    ctx.translate(6, 6);
    shape(ctx);
    ctx.fill();
    ctx.restore();
  }
}

/** A photo's grain over flat skin: a fixed noise tile, lightly overlaid. */
export function grain(ctx: SKRSContext2D, shapes: Shape[]) {
  const { createCanvas } = canvasModule();
  const tile = createCanvas(61, 59);
  const tileCtx = tile.getContext('2d');
  const noise = tileCtx.createImageData(61, 59);
  let seed = 12345;
  for (let i = 0; i < noise.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    noise.data.fill(Math.round((seed / 2147483648) * 255), i, i + 3);
    noise.data[i + 3] = 255;
  }
  tileCtx.putImageData(noise, 0, 0);
  const pattern = ctx.createPattern(tile, 'repeat');
  ctx.save();
  ctx.globalAlpha = 0.1;
  ctx.globalCompositeOperation = 'overlay';
  for (const shape of shapes) paint(ctx, shape, pattern);
  ctx.restore();
}
