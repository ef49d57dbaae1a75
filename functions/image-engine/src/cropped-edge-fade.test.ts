/** A cut-out cropped at its side, drawn by the keepsake drawing on @napi-rs/canvas (the server's canvas). */

import type { LayerFactory } from '@shared/rules/canvas-2d';
import { drawKeepsake } from '@shared/rules/keepsake-drawing';
import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { describe, expect, it } from 'vitest';
import { canvasModule } from './napi-canvas';

type Layer = InstanceType<ReturnType<typeof canvasModule>['Canvas']>;
const napi = canvasModule();
const makeLayer = ((w: number, h: number) => napi.createCanvas(w, h)) as unknown as LayerFactory<Layer>;
const SIZE = { width: 400, height: 400 };

function white(): Layer {
  const layer = napi.createCanvas(400, 400);
  const ctx = layer.getContext('2d');
  ctx.fillStyle = 'rgb(255, 255, 255)';
  ctx.fillRect(0, 0, 400, 400);
  return layer;
}

/** A black child in a transparent margin, an arm held out across the photo’s left side (rows 45–54). */
function armCutLeft(): Layer {
  const layer = napi.createCanvas(100, 100);
  const ctx = layer.getContext('2d');
  ctx.fillStyle = 'rgb(0, 0, 0)';
  ctx.fillRect(30, 5, 40, 90);
  ctx.fillRect(0, 45, 40, 10);
  return layer;
}

/** The red channel across the arm's row, drawn with its centre at x (the child 100 px a side). */
function drawnAt(x: number) {
  const canvas = napi.createCanvas(SIZE.width, SIZE.height);
  const ctx = canvas.getContext('2d');
  const blend = { ...DEFAULT_MOMENTS_BLEND, shadowStrength: 0, matchLight: false };
  const placement = { x: x / SIZE.width, y: 0.5, scale: 0.25, rotation: 0 };
  drawKeepsake(
    ctx as never,
    SIZE,
    { background: white(), cutout: armCutLeft() },
    { placement, strokes: [], blend },
    makeLayer,
  );
  const data = ctx.getImageData(0, 0, SIZE.width, SIZE.height).data;
  return (px: number) => data[(200 * SIZE.width + Math.round(px)) * 4];
}

describe('a side the photo cropped', () => {
  it('fades out in mid-air, the way a cropped bottom does', () => {
    const red = drawnAt(200);
    // The arm's cut end (x 150) all but gone; solid a fifth of the child's height in.
    expect(red(151)).toBeGreaterThan(200);
    expect(red(175)).toBeLessThan(30);
  });

  it('stays solid where it runs out of the frame', () => {
    const red = drawnAt(50);
    expect(red(1)).toBeLessThan(30);
  });
});
