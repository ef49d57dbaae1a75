/** The shared drawing functions' layer in the browser: an HTML canvas (the server uses Skia's). */
import type { LayerFactory } from '@shared/rules/canvas-2d';

export type Drawn = HTMLImageElement | HTMLCanvasElement;

export const makeCanvasLayer = ((width: number, height: number) =>
  Object.assign(document.createElement('canvas'), { width, height })) as unknown as LayerFactory<Drawn>;
