/** Keepsakes drawn on the server with the browser's drawing function (Skia). */
export { createKeepsakeRenderer, layerOfBytes } from '../src/keepsake-renderer';
