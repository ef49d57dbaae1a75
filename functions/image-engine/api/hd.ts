/** HD files: a model's ~1 MP square answer enlarged to the HD size by Skia, at the HD JPEG quality. */
export { HD_QUALITY } from '../src/hd-quality';
export { createHdEnlarger, enlargedSquareJpeg } from '../src/upscale';
