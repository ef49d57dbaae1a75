/**
 * Draws keepsakes on the server: the browser's drawing function (shared/rules/keepsake-drawing.ts)
 * on @napi-rs/canvas (Skia, like Chromium's canvas), then the watermark and the JPEG by sharp,
 * which writes no metadata. @napi-rs/canvas is a native module that only the Lambdas which draw
 * ship (infra's nodeModules): it is resolved at run time, so the other bundles never include it.
 */
import { createRequire } from 'node:module';
import { type Canvas2D, drawKeepsake, type LayerFactory } from '@shared/rules/keepsake-drawing';
import sharp from 'sharp';
import type { KeepsakeRenderer } from '../../core/moments/moments-ports';
import { watermarkSvg } from './watermark';

export const KEEPSAKE_JPEG_QUALITY = 90;

type NapiCanvas = typeof import('@napi-rs/canvas');
let napi: NapiCanvas | undefined;
function canvasModule(): NapiCanvas {
  napi ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)(
    '@napi-rs/canvas',
  ) as NapiCanvas;
  return napi;
}

type Image = InstanceType<NapiCanvas['Image']>;
type Layer = Image | ReturnType<NapiCanvas['createCanvas']>;

function decode(bytes: Buffer): Image {
  const image = new (canvasModule().Image)();
  image.src = bytes;
  if (!image.complete || image.width === 0) throw new Error('Could not decode a keepsake layer');
  return image;
}

const makeLayer = ((width: number, height: number) =>
  canvasModule().createCanvas(width, height)) as unknown as LayerFactory<Layer>;

/** The watermark of the age previews as a transparent layer, drawn once per output size. */
const watermarks = new Map<number, Promise<Image>>();
function watermarkLayer(size: number): Promise<Image> {
  let layer = watermarks.get(size);
  if (!layer) {
    layer = sharp(Buffer.from(watermarkSvg(size, size)))
      .png()
      .toBuffer()
      .then(decode);
    watermarks.set(size, layer);
  }
  return layer;
}

export function createKeepsakeRenderer(): KeepsakeRenderer {
  return {
    async render({ background, cutout, source, placement, strokes, size, watermark }) {
      let started = performance.now();
      const layers = {
        background: decode(background),
        cutout: decode(cutout),
        source: source ? decode(source) : undefined,
      };
      const decodeMs = performance.now() - started;

      started = performance.now();
      const canvas = canvasModule().createCanvas(size, size);
      const ctx = canvas.getContext('2d') as unknown as Canvas2D<Layer>;
      drawKeepsake(ctx, { width: size, height: size }, layers, placement, strokes, makeLayer);
      if (watermark) ctx.drawImage(await watermarkLayer(size), 0, 0, size, size);
      // Skia draws lazily: the pixels are made here.
      const pixels = canvas.getContext('2d').getImageData(0, 0, size, size).data;
      const raw = {
        data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length),
        width: size,
        height: size,
        channels: 4 as const,
      };
      const drawMs = performance.now() - started;

      started = performance.now();
      const jpeg = await sharp(raw.data, { raw: { width: size, height: size, channels: raw.channels } })
        .removeAlpha()
        .jpeg({ quality: KEEPSAKE_JPEG_QUALITY, mozjpeg: false })
        .toBuffer();
      return { jpeg, timings: { decode: decodeMs, draw: drawMs, encode: performance.now() - started } };
    },
  };
}
