/**
 * The composer's preview and free export (Chromium's canvas) and its HD export (@napi-rs/canvas,
 * then JPEG) run the same drawing function (shared/rules/composer-drawing.ts): over random
 * transforms with every effect (flip, feather, brightness, contrast, shadow, the scene's light on and
 * off) and a cut-out cropped at its bottom (the faded edge) they differ by at most 2/255 per channel
 * on average.
 */
import { createKeepsakeRenderer, layerOfBytes } from '@little-futures/image-engine/keepsakes';
import { expect, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import sharp from 'sharp';

/** A 4:5 template at half its native size keeps the test quick; the drawing does not care. */
const SIZE = { width: 820, height: 1024 };
const SAFE_AREA = { x: 0.15, y: 0.3, width: 0.7, height: 0.6, anchor: 'bottom' as const };
const TRANSFORMS = 20;
const MAX_MEAN_ABS_ERROR = 2;

const drawingScript = () =>
  buildSync({
    entryPoints: ['shared/rules/composer-drawing.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'composer',
    write: false,
  }).outputFiles[0].text;

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
  return {
    background: await gradient(SIZE.width, SIZE.height, 3).jpeg({ quality: 92 }).toBuffer(),
    cutouts: [
      await gradient(600, 800, 4).png().toBuffer(),
      await gradient(600, 800, 4, true).png().toBuffer(),
    ],
  };
}

const rawRgb = async (image: Buffer) =>
  (await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

// Pixels, not layout: one browser profile is enough (the config runs @desktop-only tests on desktop).
test('the HD export matches the browser canvas within 2/255 with every effect @desktop-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const images = await layers();
  const renderer = createKeepsakeRenderer();
  await page.setContent('<!doctype html><title>parity</title>');
  await page.addScriptTag({ content: drawingScript() });
  const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString('base64')}`;

  let random = 7;
  const next = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return random / 2 ** 31;
  };
  const errors: number[] = [];
  for (let run = 0; run < TRANSFORMS; run++) {
    const transform = {
      x: 0.2 + next() * 0.6,
      y: 0.3 + next() * 0.5,
      scale: Math.round((0.3 + next() * 1.5) * 10) / 10,
      rotation: Math.round(next() * 30 - 15),
      flip: run % 2 === 1,
      feather: run % 3 === 0 ? 0 : Math.round(next() * 10),
      brightness: Math.round((0.5 + next()) * 10) / 10,
      contrast: Math.round((0.5 + next()) * 10) / 10,
      shadow: run % 4 < 2,
      matchLight: run % 5 !== 1,
    };
    const cutout = images.cutouts[run % 2];
    const browserPng = await page.evaluate(
      async ({ size, background, cutout, transform, safeArea }) => {
        const load = async (src: string) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return img;
        };
        const canvas = Object.assign(document.createElement('canvas'), size);
        const makeLayer = (w: number, h: number) =>
          Object.assign(document.createElement('canvas'), { width: w, height: h });
        // biome-ignore lint/suspicious/noExplicitAny: the bundled script's global
        (window as any).composer.drawComposition(
          canvas.getContext('2d'),
          size,
          { background: await load(background), cutout: await load(cutout) },
          transform,
          safeArea,
          size.width,
          makeLayer,
        );
        return canvas.toDataURL('image/png');
      },
      {
        size: SIZE,
        background: dataUrl(images.background, 'image/jpeg'),
        cutout: dataUrl(cutout, 'image/png'),
        transform,
        safeArea: SAFE_AREA,
      },
    );
    const server = await renderer.renderComposition({
      background: layerOfBytes(images.background),
      cutout: layerOfBytes(cutout),
      transform,
      safeArea: SAFE_AREA,
      ...SIZE,
    });
    const a = await rawRgb(Buffer.from(browserPng.split(',')[1], 'base64'));
    const b = await rawRgb(server.jpeg);
    expect(a.length).toBe(b.length);
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
    errors.push(sum / a.length);
  }
  console.log(
    `composer parity: mean abs error per channel ${errors.map((e) => e.toFixed(2)).join(', ')} ` +
      `(max ${Math.max(...errors).toFixed(2)}/255)`,
  );
  expect(Math.max(...errors)).toBeLessThanOrEqual(MAX_MEAN_ABS_ERROR);
});
