/**
 * The offline ImageAI provider: the image engine (functions/image-engine) behind the ImageAI port.
 * Face detection, ageing (growth warp), background removal, face swap and scenes run locally with
 * models shipped in npm packages; what the engine refuses becomes the app's domain errors here.
 */
import { agedHeadJpeg, type FaceFinder, FaceNotFoundError } from '@little-futures/image-engine/ageing';
import { removeBackgroundOffline, SubjectNotFoundError } from '@little-futures/image-engine/background';
import { SwapFaceRefusedError, swapFace } from '@little-futures/image-engine/face-swap';
import { detectFaces } from '@little-futures/image-engine/faces';
import { generateOfflineScene } from '@little-futures/image-engine/scenes';
import { HD_SIZE_PX } from '@shared/catalog';
import { FaceSwapRefusedError, NoFaceError, NoSubjectError } from '../../core/errors';
import type { ImageAIProviderInstance } from '../../core/image-ai';
import { OFFLINE_MODELS } from './offline-models';

export type OfflineImageAIOptions = {
  /** Replaces the face-api detector in ageProgress (tests of other layers); defaults to the real one. */
  findFace?: FaceFinder;
};

/** The engine's refusals as the domain errors the use cases and the router know; anything else as it is. */
export function domainErrorOf(error: unknown): unknown {
  if (error instanceof FaceNotFoundError) return new NoFaceError();
  if (error instanceof SubjectNotFoundError) return new NoSubjectError();
  if (error instanceof SwapFaceRefusedError)
    return new FaceSwapRefusedError(error.image, error.reason, error.score);
  return error;
}

const inDomainTerms = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw domainErrorOf(error);
  }
};

export function createOfflineImageAI(options: OfflineImageAIOptions = {}): ImageAIProviderInstance {
  return {
    describe: (capability) => ({ model: OFFLINE_MODELS[capability] }),
    async detectFaces({ image }) {
      return { faces: (await detectFaces(image)).faces };
    },
    ageProgress({ image, targetAge, face, size = HD_SIZE_PX }) {
      return inDomainTerms(agedHeadJpeg({ image, targetAge, face, size, findFace: options.findFace }));
    },
    async removeBackground({ image }) {
      const { png, mask, source } = await inDomainTerms(removeBackgroundOffline(image));
      return { png, mask, source };
    },
    async faceSwap(input) {
      const { image } = await inDomainTerms(swapFace(input));
      return { image };
    },
    generateScene: generateOfflineScene,
  };
}
