/** Face detection (face-api: boxes, roll, estimated age) and the face identity check (128-d descriptors). */
export {
  detectFaces,
  detectLargestFace,
  detectLargestFaceQuickly,
  loadFaceApi,
} from '../src/face-detector';
export { createFaceIdentity } from '../src/face-identity';
export { findPreviewLandmarks, type NormalisedLandmarks } from '../src/preview-landmarks';
