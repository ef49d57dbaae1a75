/** What answers each capability offline (the operators' pages say it), without loading any model. */
import type { ImageCapability } from '../../core/image-ai';

export const OFFLINE_MODELS: Record<ImageCapability, string> = {
  detectFaces: 'face-api SSD MobileNet v1 + 68 landmarks (MIT)',
  ageProgress: 'craniofacial growth warp (built in)',
  removeBackground: 'MediaPipe selfie segmentation (Apache-2.0)',
  faceSwap: 'landmark-aligned face transfer (built in; a colour-matched paste, not a generative swap)',
  generateScene: 'illustrated scene generator (built in)',
};
