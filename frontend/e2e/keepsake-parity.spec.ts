/**
 * What the parent sees is what they get: the browser's canvas (Chromium) and the server's export
 * (@napi-rs/canvas, then JPEG) run the same drawing function (shared/rules/keepsake-drawing.ts);
 * over 20 random placements with random blends (brightness, contrast, shadow, feather, the scene's
 * light on and off), brush strokes, a cut-out cropped at its bottom (the faded edge) and a ground
 * line, they differ by at most 2/255 per channel on average.
 */
import { createKeepsakeRenderer, layerOfBytes } from '@little-futures/image-engine/keepsakes';
import { expect, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import sharp from 'sharp';

const SIZE = 800;
const TRANSFORMS = 20;
const MAX_MEAN_ABS_ERROR = 2;

/** The drawing function as a script for the page: `window.keepsake.drawKeepsake`. */
const drawingScript = () =>
  buildSync({
    entryPoints: ['shared/rules/keepsake-drawing.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'keepsake',
    write: false,
  }).outputFiles[0].text;

/**
 * Smooth gradients with soft detail, like a scene; cut-outs with a feathered oval edge, one of them
 * cropped at its bottom like a waist-up portrait.
 */
async function layers() {
  const gradient = (w: number, h: number, channels: 3 | 4, waistUp = false) => {
    const data = Buffer.alloc(w * h * channels);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * channels;
        data[i] = 40 + (x / w) * 180 + 20 * Math.sin(y / 37);
        data[i + 1] = 60 + (y / h) * 150;
        data[i + 2] = 200 - (x / w) * 120 + 15 * Math.cos(x / 53);
        if (channels === 4) {
          const across = (x - w / 2) / (w / 2);
          const d = waistUp && y > h / 2 ? Math.abs(across) : Math.hypot(across, (y - h / 2) / (h / 2));
          data[i + 3] = Math.max(0, Math.min(255, (1.05 - d) * 255 * 8));
        }
      }
    }
    return sharp(data, { raw: { width: w, height: h, channels } });
  };
  const background = await gradient(2048, 2048, 3).jpeg({ quality: 92 }).toBuffer();
  // A 9:16 template: the square shows it around its ground line, in the browser and on the server.
  const tall = await gradient(1152, 2048, 3).jpeg({ quality: 92 }).toBuffer();
  const cutout = await gradient(600, 800, 4).png().toBuffer();
  const waistUp = await gradient(600, 800, 4, true).png().toBuffer();
  const source = await gradient(600, 800, 3).modulate({ hue: 90 }).jpeg({ quality: 92 }).toBuffer();
  return { backgrounds: [background, tall], cutouts: [cutout, waistUp], source };
}

const rawRgb = async (image: Buffer) =>
  (await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

// Pixels, not layout: one browser profile is enough (the config runs @desktop-only tests on desktop).
test('the server export matches the browser canvas within 2/255 over 20 random placements and blends @desktop-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const images = await layers();
  const renderer = createKeepsakeRenderer();
  await page.setContent('<!doctype html><title>parity</title>');
  await page.addScriptTag({ content: drawingScript() });
  const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString('base64')}`;

  let random = 42;
  const next = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  const errors: number[] = [];
  for (let run = 0; run < TRANSFORMS; run++) {
    const placement = {
      x: next(),
      y: next(),
      scale: 0.1 + next() * 0.9,
      rotation: Math.round(next() * 360 - 180),
    };
    const step = (min: number, max: number, by: number) => min + Math.round((next() * (max - min)) / by) * by;
    const blend = {
      brightness: step(0.5, 1.5, 0.1),
      contrast: step(0.5, 1.5, 0.1),
      shadowStrength: step(0, 1, 0.05),
      shadowOffset: step(0, 0.2, 0.01),
      feather: run % 4 === 0 ? 0 : step(0, 10, 1),
      matchLight: run % 5 !== 1,
    };
    const cutout = images.cutouts[run % 2];
    const groundY = run % 3 === 2 ? 0.8 : undefined;
    const background = images.backgrounds[run % 4 === 2 ? 1 : 0];
    const backgroundSize = await sharp(background).metadata();
    const strokes =
      run % 3 === 0
        ? [
            {
              mode: 'erase' as const,
              radius: 0.04,
              points: [
                [0.3, 0.3],
                [0.35, 0.32],
                [0.4, 0.35],
              ] as [number, number][],
            },
            { mode: 'restore' as const, radius: 0.05, points: [[0.5, 0.05]] as [number, number][] },
          ]
        : [];
    const browserPng = await page.evaluate(
      async ({ size, background, cutout, source, groundY, edit }) => {
        const load = async (src: string) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return img;
        };
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const ctx = canvas.getContext('2d')!;
        const makeLayer = (w: number, h: number) =>
          Object.assign(document.createElement('canvas'), { width: w, height: h });
        // biome-ignore lint/suspicious/noExplicitAny: the bundled script's global
        (window as any).keepsake.drawKeepsake(
          ctx,
          { width: size, height: size },
          {
            background: await load(background),
            cutout: await load(cutout),
            source: await load(source),
            groundY,
          },
          edit,
          makeLayer,
        );
        return canvas.toDataURL('image/png');
      },
      {
        size: SIZE,
        background: dataUrl(background, 'image/jpeg'),
        cutout: dataUrl(cutout, 'image/png'),
        source: dataUrl(images.source, 'image/jpeg'),
        groundY,
        edit: { placement, strokes, blend },
      },
    );
    const server = await renderer.render({
      background: layerOfBytes(background),
      cutout: layerOfBytes(cutout),
      source: layerOfBytes(images.source),
      placement,
      strokes,
      blend,
      template: { width: backgroundSize.width!, height: backgroundSize.height!, groundY },
      size: SIZE,
      watermark: false,
    });
    const a = await rawRgb(Buffer.from(browserPng.split(',')[1], 'base64'));
    const b = await rawRgb(server.jpeg);
    expect(a.length).toBe(b.length);
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
    errors.push(sum / a.length);
  }
  console.log(
    `keepsake parity: mean abs error per channel ${errors.map((e) => e.toFixed(2)).join(', ')} (max ${Math.max(...errors).toFixed(2)}/255)`,
  );
  expect(Math.max(...errors)).toBeLessThanOrEqual(MAX_MEAN_ABS_ERROR);
});
