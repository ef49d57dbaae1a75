/**
 * The offline ImageAI provider: face detection (face-api) and age progression (growth warp) run
 * locally with models shipped in npm packages. What needs a model it does not have says so.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import type { ImageAIProviderInstance } from '../../core/image-ai';
import { agedHeadCrop, type FaceFinder } from './age-pipeline';
import { removeBackgroundOffline } from './background/remove-background';
import { detectFaces } from './face-detector';
import { swapFace } from './face-swap/face-swap';
import { HD_QUALITY, OFFLINE_MODELS } from './offline-models';
import { generateOfflineScene } from './scenes/generate-scene';

export type OfflineImageAIOptions = {
  /** Replaces the face-api detector in ageProgress (tests of other layers); defaults to the real one. */
  findFace?: FaceFinder;
};

export function createOfflineImageAI(options: OfflineImageAIOptions = {}): ImageAIProviderInstance {
  return {
    describe: (capability) => ({ model: OFFLINE_MODELS[capability] }),
    async detectFaces({ image }) {
      return { faces: (await detectFaces(image)).faces };
    },
    async ageProgress({ image, targetAge, face, size = HD_SIZE_PX }) {
      const aged = await agedHeadCrop({ image, targetAge, face, maxSide: size, findFace: options.findFace });
      const started = performance.now();
      const { data, width, height, channels } = aged.aged;
      // Default sharp output carries no EXIF, GPS, XMP or ICC: nothing of the original survives.
      const jpeg = await sharp(data, { raw: { width, height, channels } })
        .resize(size, size, { kernel: 'lanczos3' })
        .jpeg({ quality: HD_QUALITY })
        .toBuffer();
      return {
        image: jpeg,
        face: aged.face,
        crop: aged.crop,
        timings: { ...aged.timings, encode: performance.now() - started },
      };
    },
    async removeBackground({ image }) {
      const { png, mask, source } = await removeBackgroundOffline(image);
      return { png, mask, source };
    },
    async faceSwap(input) {
      const { image } = await swapFace(input);
      return { image };
    },
    generateScene: generateOfflineScene,
  };
}
