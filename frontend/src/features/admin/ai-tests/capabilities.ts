/** How the test pages name an image capability, and the variable that routes it to a provider. */
import type { ImageCapabilityName } from '@shared/rules/image-capabilities';

export const CAPABILITY_LABELS: Record<ImageCapabilityName, string> = {
  detectFaces: 'Face detection',
  ageProgress: 'Ageing',
  removeBackground: 'Background removal',
  faceSwap: 'Face swap',
  generateScene: 'Scene generation',
};

/** `faceSwap` → `IMAGE_AI_FACE_SWAP` (README, Configuration). */
export const capabilityVariable = (capability: ImageCapabilityName) =>
  `IMAGE_AI_${capability.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
