/** Offline ageing: the craniofacial growth warp around a face, as a square HD JPEG; and the head crop it ages. */
export { agedHeadJpeg, type FaceFinder, imagePipeline, imageSize } from '../src/age-pipeline';
export { FaceNotFoundError } from '../src/errors';
export { headCrop } from '../src/head-geometry';
