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
