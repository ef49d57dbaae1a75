/** The image capabilities by name, for the browser (the ImageAI port in functions/core owns their meaning). */
export const IMAGE_CAPABILITY_NAMES = [
  'detectFaces',
  'ageProgress',
  'removeBackground',
  'faceSwap',
  'generateScene',
] as const;
export type ImageCapabilityName = (typeof IMAGE_CAPABILITY_NAMES)[number];
