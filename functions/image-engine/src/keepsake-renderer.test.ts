import type { LayerFactory } from '@shared/rules/canvas-2d';
import { drawKeepsake } from '@shared/rules/keepsake-drawing';
import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { lightGains } from '@shared/rules/subject-in-scene';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createKeepsakeRenderer, layerOfBytes } from './keepsake-renderer';
import { canvasModule } from './napi-canvas';

/** No shadow and no light matching: the colours drawn are the layers' own. */
const PLAIN_BLEND = { ...DEFAULT_MOMENTS_BLEND, shadowStrength: 0, matchLight: false };

const renderer = createKeepsakeRenderer();
const blue = () =>
  sharp({ create: { width: 2048, height: 2048, channels: 3, background: '#3070d0' } })
    .jpeg()
    .toBuffer();
/** A red square cut-out whose left half is transparent. */
async function halfRedCutout() {
  const [w, h] = [200, 200];
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data.set([220, 30, 30, x >= w / 2 ? 255 : 0], i);
    }
  }
  return sharp(data, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}
const pixel = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
};
const isRed = ([r, g, b]: number[]) => r > 180 && g < 80 && b < 80;
const isBlue = ([r, _g, b]: number[]) => b > 170 && r < 90;

describe('keepsake renderer (the shared drawing function on @napi-rs/canvas)', () => {
  it('places the cut-out by its placement: centre, size and transparency', async () => {
    const { jpeg } = await renderer.render({
      background: layerOfBytes(await blue()),
      cutout: layerOfBytes(await halfRedCutout()),
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
      strokes: [],
      blend: PLAIN_BLEND,
      size: 1000,
      watermark: false,
    });
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.icc]).toEqual([
      'jpeg',
      1000,
      1000,
      undefined,
      undefined,
    ]);
    // The cut-out spans 250..750; its right half is opaque red, its left half shows the background.
    expect(isRed(await pixel(jpeg, 600, 500))).toBe(true);
    expect(isBlue(await pixel(jpeg, 400, 500))).toBe(true);
    expect(isBlue(await pixel(jpeg, 800, 500))).toBe(true);
  });

  it('rotates about the centre and applies erase strokes', async () => {
    const { jpeg } = await renderer.render({
      background: layerOfBytes(await blue()),
      cutout: layerOfBytes(await halfRedCutout()),
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 180 },
      strokes: [{ mode: 'erase', radius: 0.1, points: [[0.75, 0.5]] }],
      blend: PLAIN_BLEND,
      size: 1000,
      watermark: false,
    });
    // Turned half-way round, the opaque half is on the left; the erased spot (its middle) is background.
    expect(isRed(await pixel(jpeg, 320, 400))).toBe(true);
    expect(isBlue(await pixel(jpeg, 600, 400))).toBe(true);
    expect(isBlue(await pixel(jpeg, 375, 500))).toBe(true);
  });

  it('watermarks free keepsakes only', async () => {
    const input = {
      background: layerOfBytes(await blue()),
      cutout: layerOfBytes(await halfRedCutout()),
      placement: { x: 0.5, y: 0.5, scale: 0.3, rotation: 0 },
      strokes: [],
      blend: PLAIN_BLEND,
      size: 800,
    };
    const plain = await sharp((await renderer.render({ ...input, watermark: false })).jpeg).stats();
    const marked = await sharp((await renderer.render({ ...input, watermark: true })).jpeg).stats();
    // The white text lifts the mean of every channel.
    expect(marked.channels[0].mean).toBeGreaterThan(plain.channels[0].mean + 2);
  });

  it("copies a cut-out for free keepsakes: within 800 px, transparency kept, a small one's size kept", async () => {
    const big = await sharp({
      create: { width: 1000, height: 1250, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0 } },
    })
      .composite([{ input: await halfRedCutout(), left: 400, top: 500 }])
      .png()
      .toBuffer();
    const copy = await sharp(await renderer.cutoutCopy(big)).metadata();
    expect([copy.format, copy.width, copy.height, copy.hasAlpha]).toEqual(['png', 640, 800, true]);
    const small = await sharp(await renderer.cutoutCopy(await halfRedCutout())).metadata();
    expect([small.width, small.height]).toEqual([200, 200]);
  });

  it('keeps decoded layers by key: the same template is fetched once, a new version again', async () => {
    const fresh = createKeepsakeRenderer();
    const loads: string[] = [];
    const bytes = { background: await blue(), cutout: await halfRedCutout() };
    const layer = (name: 'background' | 'cutout', version: string) => ({
      cacheKey: `${name}@${version}`,
      load: async () => {
        loads.push(`${name}@${version}`);
        return bytes[name];
      },
    });
    const draw = (version: string) =>
      fresh.render({
        background: layer('background', version),
        cutout: layer('cutout', 'v1'),
        placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
        strokes: [],
        blend: PLAIN_BLEND,
        size: 400,
        watermark: false,
      });
    const first = await draw('v1');
    const again = await draw('v1');
    await draw('v2');
    expect(loads).toEqual(['background@v1', 'cutout@v1', 'background@v2']);
    // What was kept draws the same pixels as what was decoded.
    expect(again.jpeg.equals(first.jpeg)).toBe(true);
  });

  it('reads the source photo only for a keepsake with a restore stroke', async () => {
    const fresh = createKeepsakeRenderer();
    const loads: string[] = [];
    const sourceBytes = await blue();
    const draw = async (strokes: Parameters<typeof fresh.render>[0]['strokes']) =>
      fresh.render({
        background: layerOfBytes(await blue()),
        cutout: layerOfBytes(await halfRedCutout()),
        source: {
          cacheKey: `source#${strokes.length}`,
          load: async () => {
            loads.push(`source#${strokes.length}`);
            return sourceBytes;
          },
        },
        placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
        strokes,
        blend: PLAIN_BLEND,
        size: 400,
        watermark: false,
      });
    await draw([]);
    await draw([{ mode: 'erase', radius: 0.05, points: [[0.6, 0.5]] }]);
    await draw([
      { mode: 'erase', radius: 0.05, points: [[0.6, 0.5]] },
      { mode: 'restore', radius: 0.05, points: [[0.6, 0.5]] },
    ]);
    expect(loads).toEqual(['source#2']);
  });

  it('draws on canvases it used before as on new ones: nothing of an earlier keepsake shows', async () => {
    // One background kept: each new template drops the previous one, whose canvas serves again.
    const reusing = createKeepsakeRenderer({ backgrounds: 1 });
    const template = (r: number, g: number, b: number, alpha: number) =>
      sharp({ create: { width: 300, height: 300, channels: 4, background: { r, g, b, alpha } } })
        .png()
        .toBuffer();
    const draw = async (on: ReturnType<typeof createKeepsakeRenderer>, background: Buffer) =>
      (
        await on.render({
          background: layerOfBytes(background),
          cutout: layerOfBytes(await halfRedCutout()),
          placement: { x: 0.5, y: 0.5, scale: 0.2, rotation: 30 },
          strokes: [],
          blend: DEFAULT_MOMENTS_BLEND,
          size: 300,
          watermark: false,
        })
      ).jpeg;
    for (const [r, g, b] of [
      [0, 200, 0],
      [250, 250, 0],
      [0, 0, 250],
    ])
      await draw(reusing, await template(r, g, b, 1));
    // A see-through template: any pixel left on a reused canvas would show through it.
    const clear = await template(0, 0, 0, 0);
    const reused = await draw(reusing, clear);
    expect(reused.equals(await draw(createKeepsakeRenderer(), clear))).toBe(true);
    expect(await pixel(reused, 5, 5)).toEqual([0, 0, 0]);
  });

  it("multiplies the subject's channels by the scene's light gains, exactly", () => {
    const napi = canvasModule();
    const solid = (size: number, colour: string, inset: number) => {
      const layer = napi.createCanvas(size, size);
      const ctx = layer.getContext('2d');
      ctx.fillStyle = colour;
      ctx.fillRect(inset, inset, size - 2 * inset, size - 2 * inset);
      return layer;
    };
    const canvas = napi.createCanvas(100, 100);
    const ctx = canvas.getContext('2d');
    // Drawn at its own size (scale 0.5 of 100 px): no resampling, so every value is known.
    const layers = {
      background: solid(100, 'rgb(60, 90, 200)', 0),
      cutout: solid(50, 'rgb(200, 120, 60)', 1),
    };
    const blend = { ...DEFAULT_MOMENTS_BLEND, shadowStrength: 0, matchLight: true };
    type Layer = InstanceType<typeof napi.Canvas>;
    const makeLayer = ((w: number, h: number) => napi.createCanvas(w, h)) as unknown as LayerFactory<Layer>;
    const placement = { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 };
    drawKeepsake(
      ctx as never,
      { width: 100, height: 100 },
      layers,
      { placement, strokes: [], blend },
      makeLayer,
    );
    const gains = lightGains([200, 120, 60], [60, 90, 200]);
    const expected = [200, 120, 60].map((value, c) => Uint8ClampedArray.of(value * gains[c])[0]);
    expect(gains.some((gain) => Math.abs(gain - 1) > 0.05)).toBe(true);
    expect([...ctx.getImageData(50, 50, 1, 1).data]).toEqual([...expected, 255]);
  });
});
