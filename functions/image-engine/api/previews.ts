/** The watermarked preview anyone with the link may see, and the watermark itself. */
export { createPreviewMaker, PREVIEW_MAX_BYTES, PREVIEW_SIZE_PX } from '../src/preview-maker';
export { watermarkSvg } from '../src/watermark';
