/** A template's files with sharp alone (no Skia): native, watermarked, thumbnail and square copies. */
export { templateImagesOf } from '../src/scenes/template-files';
export { templateSquares } from '../src/template-squares';
