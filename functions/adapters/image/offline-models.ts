/**
 * Facts of the offline provider that need none of its models: the HD encoder's quality (the HD
 * enlarger and hosted outputs share it) and what answers each capability (the operators' pages).
 */
import type { ImageCapability } from '../../core/image-ai';

export const HD_QUALITY = 90;

/** What answers each capability offline (operators' pages say it). */
export const OFFLINE_MODELS: Record<ImageCapability, string> = {
  detectFaces: 'face-api SSD MobileNet v1 + 68 landmarks (MIT)',
  ageProgress: 'craniofacial growth warp (built in)',
  removeBackground: 'MediaPipe selfie segmentation (Apache-2.0)',
  faceSwap: 'landmark-aligned face transfer (built in; a colour-matched paste, not a generative swap)',
  generateScene: 'illustrated scene generator (built in)',
};
