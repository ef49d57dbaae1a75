/**
 * The offline ImageAI provider: face detection (face-api) and age progression (growth warp) run
 * locally with models shipped in npm packages. What needs a generative model says so.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import { DomainError } from '../../core/errors';
import type { ImageAI } from '../../core/image-ai';
import { agedHeadCrop } from './age-pipeline';
import { detectFaces } from './face-detector';
import { HD_QUALITY } from './offline-renderer';

const needsProvider = () => Promise.reject(new DomainError('unavailable', 'aiProviderRequired'));

export function createOfflineImageAI(): ImageAI {
  return {
    provider: 'offline',
    async detectFaces({ image }) {
      return { faces: (await detectFaces(image)).faces };
    },
    async ageProgress({ image, targetAge, face, size = HD_SIZE_PX }) {
      const aged = await agedHeadCrop({ image, targetAge, face, maxSide: size });
      const { data, width, height, channels } = aged.aged;
      const jpeg = await sharp(data, { raw: { width, height, channels } })
        .resize(size, size, { kernel: 'lanczos3' })
        .jpeg({ quality: HD_QUALITY })
        .toBuffer();
      return { image: jpeg, face: aged.face, crop: aged.crop };
    },
    // This provider ships no segmentation, face-swap or generative model.
    removeBackground: needsProvider,
    faceSwap: needsProvider,
    generateScene: needsProvider,
  };
}
