/**
 * Draws keepsakes on the server: the browser's drawing function (shared/rules/keepsake-drawing.ts)
 * on @napi-rs/canvas (Skia, like Chromium's canvas), then the watermark and the JPEG by sharp,
 * which writes no metadata.
 */
import { createHash } from 'node:crypto';
import { CUTOUT_COPY_SIDE } from '@shared/deployment';
import type { Canvas2D, LayerFactory } from '@shared/rules/canvas-2d';
import { drawComposition } from '@shared/rules/composer-drawing';
import { drawKeepsake } from '@shared/rules/keepsake-drawing';
import { coverCrop, groundOnCanvas } from '@shared/rules/placement';
import sharp from 'sharp';
import { canvasModule, giveBack, type NapiCanvas, takeCanvas } from './napi-canvas';
import type { ComposerDrawing, KeepsakeDrawing, KeepsakeTimings, LayerSource } from './types';
import { watermarkOverlay } from './watermark';

export const KEEPSAKE_JPEG_QUALITY = 90;

/** Draws keepsakes on the server with the same drawing function as the browser. */
export interface KeepsakeRenderer {
  /** A JPEG without metadata. */
  render(drawing: KeepsakeDrawing): Promise<{ jpeg: Buffer; timings: KeepsakeTimings }>;
  /** A composer keepsake (no watermark: the free one is made in the browser). */
  renderComposition(drawing: ComposerDrawing): Promise<{ jpeg: Buffer; timings: KeepsakeTimings }>;
  /** A cut-out PNG scaled to fit CUTOUT_COPY_SIDE, for free keepsakes (PNG). */
  cutoutCopy(png: Buffer): Promise<Buffer>;
}

type Layer = InstanceType<NapiCanvas['Canvas']>;

type Pixels = { rgba: Buffer; width: number; height: number };

/**
 * Decoded by sharp on libuv's threads, so a keepsake's layers decode side by side (Skia's decoder
 * runs on the main thread, one layer after the other, and only when first drawn), then copied
 * into a canvas of their own size (layerOf): the same pixels Skia would have decoded.
 */
async function decodePixels(bytes: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new Error('Could not decode a keepsake layer');
    });
  return { rgba: data, width: info.width, height: info.height };
}

const decode = async (bytes: Buffer) => layerOf(await decodePixels(bytes));

/** RGBA pixels as a canvas of their own size (a new one unless given one). */
function layerOf({ rgba, width, height }: Pixels, layer = canvasModule().createCanvas(width, height)): Layer {
  const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  layer.getContext('2d').putImageData(new (canvasModule().ImageData)(pixels, width, height), 0, 0);
  return layer;
}

const makeLayer = ((width: number, height: number) =>
  canvasModule().createCanvas(width, height)) as unknown as LayerFactory<Layer>;

/** The watermark of the age previews (rasterised once per size: watermark.ts) as a transparent layer. */
const watermarks = new Map<number, Promise<Layer>>();
function watermarkLayer(size: number): Promise<Layer> {
  let layer = watermarks.get(size);
  if (!layer) {
    layer = watermarkOverlay(size, size).then((rgba) => layerOf({ rgba, width: size, height: size }));
    watermarks.set(size, layer);
  }
  return layer;
}

/** A small least-recently-used cache: warm Lambdas keep what recent keepsakes decoded. */
function lruCache<T>(capacity: number, evicted: (value: T) => void = () => {}) {
  const entries = new Map<string, Promise<T>>();
  const cache = (key: string, make: () => Promise<T>): Promise<T> => {
    let value = entries.get(key);
    if (value) entries.delete(key);
    else value = make();
    entries.set(key, value);
    // A failed load is not kept: the next keepsake tries again.
    value.catch(() => entries.delete(key));
    if (entries.size > capacity) {
      const [oldest, dropped] = entries.entries().next().value as [string, Promise<T>];
      entries.delete(oldest);
      dropped.then(evicted, () => {});
    }
    return value;
  };
  return Object.assign(cache, { peek: (key: string) => entries.get(key) });
}

/** Bytes that are only known by content (tests, benchmarks): a layer whose key is their hash. */
export function layerOfBytes(bytes: Buffer): LayerSource {
  return { cacheKey: createHash('sha1').update(bytes).digest('hex'), load: async () => bytes };
}

/**
 * One renderer per process. It keeps the last few decoded layers (templates and cut-outs) and the
 * last few backgrounds already scaled to each output size: a parent generates free, then HD, on the
 * same template and cut-out, and retries. Scaling the background once to the canvas's size is
 * exactly what drawKeepsake would do on every call, so the pixels are the same.
 */
export function createKeepsakeRenderer(
  options: { backgrounds?: number; cutouts?: number } = {},
): KeepsakeRenderer {
  // Backgrounds at the canvas's size are only ever drawn from: once dropped and no keepsake is
  // being drawn, their canvases serve again (napi-canvas.ts: a fresh one is slow to fault in).
  let drawing = 0;
  const dropped: Layer[] = [];
  const scaledBackgrounds = lruCache<Layer>(options.backgrounds ?? 6, (layer) => dropped.push(layer));
  const decodedLayers = lruCache<Layer>(options.cutouts ?? 8);
  const whileDrawing = async <T>(work: () => Promise<T>): Promise<T> => {
    drawing++;
    try {
      return await work();
    } finally {
      if (--drawing === 0) for (const layer of dropped.splice(0)) giveBack(layer);
    }
  };
  const timed = async <T>(stage: { ms: number }, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      stage.ms += performance.now() - started;
    }
  };

  /** Per keepsake: the decoded layers (cached) and how long loading and decoding took. */
  const session = () => {
    const load = { ms: 0 };
    const decoding = { ms: 0 };
    const decoded = (layer: LayerSource) =>
      decodedLayers(layer.cacheKey, async () => {
        const bytes = await timed(load, () => layer.load());
        return timed(decoding, () => decode(bytes));
      });
    return { load, decoding, decoded };
  };

  /** Draws with `paint`, then encodes: the pixels are made when read (Skia draws lazily). */
  const finish = async (
    size: { width: number; height: number },
    stages: { load: { ms: number }; decoding: { ms: number } },
    paint: (ctx: unknown) => Promise<void> | void,
  ) => {
    let started = performance.now();
    const canvas = takeCanvas(size.width, size.height);
    let pixels: Uint8ClampedArray;
    try {
      await paint(canvas.getContext('2d'));
      pixels = canvas.getContext('2d').getImageData(0, 0, size.width, size.height).data;
    } finally {
      giveBack(canvas);
    }
    const drawMs = performance.now() - started;

    // Standard Huffman tables: a third of the encoding time for a file ~5 % larger.
    started = performance.now();
    const jpeg = await sharp(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length), {
      raw: { width: size.width, height: size.height, channels: 4 },
    })
      .removeAlpha()
      .jpeg({ quality: KEEPSAKE_JPEG_QUALITY, mozjpeg: false, optimiseCoding: false })
      .toBuffer();
    const timings = {
      load: stages.load.ms,
      decode: stages.decoding.ms,
      draw: drawMs,
      encode: performance.now() - started,
    };
    return { jpeg, timings };
  };

  return {
    render: ({ background, cutout, source, placement, strokes, blend, template, size, watermark }) =>
      whileDrawing(async () => {
        const stages = session();
        // The square shown depends on the ground line too (coverCrop).
        const squareKey = `${background.cacheKey}#${size}#${template?.groundY ?? 'middle'}`;
        const scaledBackground = scaledBackgrounds(squareKey, async () => {
          // An original decoded for the other size (templates stored before their square copies).
          const known = decodedLayers.peek(background.cacheKey);
          let full = known && (await known.catch(() => undefined));
          if (!full) {
            const bytes = await timed(stages.load, () => background.load());
            const pixels = await timed(stages.decoding, () => decodePixels(bytes));
            // A square copy of the template (TEMPLATE_SQUARES) is the canvas already.
            if (pixels.width === size && pixels.height === size)
              return timed(stages.decoding, async () => layerOf(pixels, takeCanvas(size, size)));
            full = await decodedLayers(background.cacheKey, async () => layerOf(pixels));
          }
          const original = full;
          return timed(stages.decoding, async () => {
            const layer = takeCanvas(size, size);
            const ctx = layer.getContext('2d');
            ctx.imageSmoothingEnabled = true;
            ctx.imageSmoothingQuality = 'high';
            const crop = coverCrop(original, { width: size, height: size }, template?.groundY);
            ctx.drawImage(original, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size, size);
            ctx.getImageData(0, 0, 1, 1); // Skia draws lazily: scale now, not in every keepsake.
            return layer;
          });
        });
        const [backgroundLayer, cutoutLayer, sourceLayer] = await Promise.all([
          scaledBackground,
          stages.decoded(cutout),
          // The source photo shows only through restore strokes: not decoded without one.
          source && strokes.some((stroke) => stroke.mode === 'restore') ? stages.decoded(source) : undefined,
        ]);
        return finish({ width: size, height: size }, stages, async (ctx) => {
          const layers = {
            background: backgroundLayer,
            cutout: cutoutLayer,
            source: sourceLayer,
            // The background is the square now: the ground line where the square shows it.
            groundY:
              template?.groundY === undefined
                ? undefined
                : groundOnCanvas(template.groundY, template, { width: 1, height: 1 }),
          };
          const canvas2d = ctx as Canvas2D<Layer>;
          drawKeepsake(
            canvas2d,
            { width: size, height: size },
            layers,
            { placement, strokes, blend },
            makeLayer,
          );
          if (watermark) canvas2d.drawImage(await watermarkLayer(size), 0, 0, size, size);
        });
      }),

    cutoutCopy(png) {
      // Fast deflate, as the cut-out's own PNG.
      return sharp(png)
        .resize(CUTOUT_COPY_SIDE, CUTOUT_COPY_SIDE, { fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 3 })
        .toBuffer();
    },

    renderComposition: ({ background, cutout, transform, safeArea, groundY, width, height }) =>
      whileDrawing(async () => {
        const stages = session();
        const [backgroundLayer, cutoutLayer] = await Promise.all([
          stages.decoded(background),
          stages.decoded(cutout),
        ]);
        return finish({ width, height }, stages, (ctx) =>
          drawComposition(
            ctx as Canvas2D<Layer>,
            { width, height },
            { background: backgroundLayer, cutout: cutoutLayer, groundY },
            transform,
            safeArea,
            width,
            makeLayer,
          ),
        );
      }),
  };
}
