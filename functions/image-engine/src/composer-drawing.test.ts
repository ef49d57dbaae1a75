/** The composer's drawing function on @napi-rs/canvas (the server's canvas): each effect changes what it should. */

import type { LayerFactory } from '@shared/rules/canvas-2d';
import { drawComposition } from '@shared/rules/composer-drawing';
import { type ComposerTransform, INITIAL_COMPOSER_TRANSFORM } from '@shared/rules/composer-transform';
import type { SafeArea } from '@shared/templates';
import { describe, expect, it } from 'vitest';
import { canvasModule } from './napi-canvas';

type Layer = InstanceType<ReturnType<typeof canvasModule>['Canvas']>;
const napi = canvasModule();
const makeLayer = ((w: number, h: number) => napi.createCanvas(w, h)) as unknown as LayerFactory<Layer>;
const SIZE = { width: 200, height: 250 };
const AREA: SafeArea = { x: 0.25, y: 0.2, width: 0.5, height: 0.6, anchor: 'center' };

function solid(width: number, height: number, colour: string): Layer {
  const layer = napi.createCanvas(width, height);
  const ctx = layer.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  return layer;
}

/**
 * A grey cut-out: its left half solid, its right half transparent (so flips show), with a
 * transparent border (nothing cropped); or cropped at the bottom like a waist-up portrait.
 */
function subject(kind: 'half' | 'waist-up'): Layer {
  const layer = napi.createCanvas(100, 100);
  const ctx = layer.getContext('2d');
  ctx.fillStyle = 'rgb(100, 100, 100)';
  if (kind === 'half') ctx.fillRect(1, 1, 49, 98);
  else ctx.fillRect(10, 10, 80, 90);
  return layer;
}

/** The light is not matched unless asked, so the subject keeps its own grey. */
function draw(over: Partial<ComposerTransform>, kind: 'half' | 'waist-up' = 'half') {
  const canvas = napi.createCanvas(SIZE.width, SIZE.height);
  const ctx = canvas.getContext('2d');
  const layers = { background: solid(400, 500, 'rgb(255, 255, 255)'), cutout: subject(kind) };
  const transform = { ...INITIAL_COMPOSER_TRANSFORM, matchLight: false, ...over };
  drawComposition(ctx as never, SIZE, layers, transform, AREA, SIZE.width, makeLayer);
  const data = ctx.getImageData(0, 0, SIZE.width, SIZE.height).data;
  return (x: number, y: number) => data[(Math.round(y) * SIZE.width + Math.round(x)) * 4];
}

describe('drawComposition on the server canvas', () => {
  // Scale 1: the square subject fits the 100×150 safe area as a 100×100 box centred at (100, 125).
  it('places the subject by the shared transform, and flips it', () => {
    const plain = draw({});
    expect(plain(70, 125)).toBe(100); // left half of the subject
    expect(plain(130, 125)).toBe(255); // its transparent right half shows the template
    expect(plain(20, 20)).toBe(255);
    const flipped = draw({ flip: true });
    expect([flipped(70, 125), flipped(130, 125)]).toEqual([255, 100]);
  });

  it('applies brightness and contrast to the subject only', () => {
    const brighter = draw({ brightness: 1.5 });
    expect(brighter(70, 125)).toBeGreaterThanOrEqual(148);
    expect(brighter(70, 125)).toBeLessThanOrEqual(152);
    expect(brighter(20, 20)).toBe(255);
    const flatter = draw({ contrast: 0.5 });
    expect(flatter(70, 125)).toBeGreaterThan(100);
  });

  it('feathers the edge and casts a soft shadow', () => {
    const sharp = draw({});
    const feathered = draw({ feather: 10 });
    // At the subject's left edge the feathered one lets the template show through; inside it does not.
    expect(sharp(52, 125)).toBe(100);
    expect(feathered(52, 125)).toBeGreaterThan(140);
    expect(feathered(75, 125)).toBeLessThan(110);
    const shadowed = draw({ shadow: true });
    expect(sharp(75, 178)).toBe(255);
    expect(shadowed(75, 178)).toBeLessThan(250);
  });

  it('fades an edge the photo cropped where it floats, not where it stands on the frame', () => {
    // The waist-up subject's bottom edge is at y 175: faded just above it, solid further in.
    const floating = draw({}, 'waist-up');
    expect(floating(100, 173)).toBeGreaterThan(200);
    expect(floating(100, 130)).toBe(100);
    expect(draw({}, 'half')(60, 172)).toBe(100);
    const onFrame = draw({ y: 0.8 }, 'waist-up');
    expect(onFrame(100, 248)).toBe(100);
  });

  it("moves the subject partway to the scene's light", () => {
    const matched = draw({ matchLight: true })(70, 125);
    // A white scene lifts the grey, bounded (at most 1.2 times).
    expect(matched).toBeGreaterThan(110);
    expect(matched).toBeLessThanOrEqual(121);
  });
});
