/**
 * HD files: a model's ~1 MP square answer enlarged to the HD size by Skia, at the HD JPEG quality;
 * and an unlocked age shrunk to the preview's size without the watermark (the owner's growth clip).
 */
export { HD_QUALITY } from '../src/hd-quality';
export { createUnmarkedPreviewMaker } from '../src/unmarked-preview';
export { createHdEnlarger, enlargedSquareJpeg } from '../src/upscale';
