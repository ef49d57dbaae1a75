/**
 * @napi-rs/canvas (Skia) is a native module that only the Lambdas which draw ship (infra's
 * nodeModules): it is resolved at run time, so bundles that never draw never include it.
 */
import { createRequire } from 'node:module';

export type NapiCanvas = typeof import('@napi-rs/canvas');

let napi: NapiCanvas | undefined;
export function canvasModule(): NapiCanvas {
  napi ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)(
    '@napi-rs/canvas',
  ) as NapiCanvas;
  return napi;
}

type SpareCanvas = InstanceType<NapiCanvas['Canvas']>;
/**
 * Canvases kept per size for the next keepsake: a fresh 2000 px canvas costs more to allocate and
 * fault in than a keepsake costs to draw on a used one. reset() clears its pixels and state.
 */
const spareCanvases = new Map<string, SpareCanvas[]>();
const SPARES_PER_SIZE = 2;

export function takeCanvas(width: number, height: number): SpareCanvas {
  const spare = spareCanvases.get(`${width}x${height}`)?.pop();
  if (!spare) return canvasModule().createCanvas(width, height);
  spare.getContext('2d').reset();
  return spare;
}

/** A canvas nothing draws on or from any more. */
export function giveBack(canvas: SpareCanvas): void {
  const key = `${canvas.width}x${canvas.height}`;
  const spares = spareCanvases.get(key) ?? [];
  if (spares.length < SPARES_PER_SIZE) spares.push(canvas);
  spareCanvases.set(key, spares);
}
