/**
 * The `replicate` ImageAI provider: ageing, background removal, face swap and
 * scene generation by hosted models through Replicate's predictions API (or any server speaking it),
 * each model and its inputs from configuration; face detection stays local (face-api). Without a
 * token every capability answers "needs an AI provider" and describe() says what to add.
 */
import { type FaceFinder, headCrop, imagePipeline, imageSize } from '@little-futures/image-engine/ageing';
import { CUTOUT_MAX_SIDE } from '@little-futures/image-engine/background';
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import { AiCapabilityUnavailableError } from '../../../core/errors';
import type {
  CropRect,
  HostedAgeing,
  ImageAICapabilities,
  ImageAIProviderInstance,
  RawImage,
} from '../../../core/image-ai';
import { createOfflineImageAI } from '../offline-image-ai';
import { createReplicateHostedAgeing } from './hosted-ageing';
import { dataUriOf, headCropInput, jpegInput, MODEL_INPUT_SIDE } from './image-inputs';
import { cutoutFromAlpha, fittedJpeg, squareJpeg } from './output-images';
import { type ReplicateCallOptions, replicateCalls, replicateSceneGenerator } from './replicate-calls';
import type { ReplicateConfig } from './replicate-config';
import { describeReplicate } from './replicate-models';

export { REPLICATE_MISSING } from './replicate-models';

/** The port's limit on a swapped face's picture. */
export const FACE_SWAP_MAX_SIDE = 1024;
const SOURCE_FACE_SIDE = 768;

export type ReplicateImageAIOptions = ReplicateCallOptions & {
  /** Replaces face-api where a face must be found for ageing (tests of other layers). */
  findFace?: FaceFinder;
  /** Face detection; the offline provider's (face-api) by default. */
  detectFaces?: ImageAICapabilities['detectFaces'];
  now?: () => number;
};

export function createReplicateImageAI(
  config: ReplicateConfig,
  options: ReplicateImageAIOptions = {},
): ImageAIProviderInstance {
  const calls = replicateCalls(config, options);
  const { logger, api, guarded, run } = calls;
  const detectFaces = options.detectFaces ?? ((input) => createOfflineImageAI().detectFaces(input));
  const { slots } = config;

  const hosted = createReplicateHostedAgeing({
    api,
    slot: slots.ageProgress,
    logger,
    ...(options.findFace ? { findFace: options.findFace } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const hostedAgeing: HostedAgeing = {
    start: guarded('ageProgress', hosted.start),
    check: (id, size) => guarded('ageProgress', () => hosted.check(id, size))(undefined),
    cancel: (id) => guarded('ageProgress', hosted.cancel)(id),
    // Unconfigured, nothing can be verified: every delivery is refused.
    verifyWebhook: (rawBody, headers) =>
      guarded('ageProgress', () => hosted.verifyWebhook(rawBody, headers))(undefined).catch((error) => {
        if (error instanceof AiCapabilityUnavailableError) return null;
        throw error;
      }),
  };

  return {
    describe: describeReplicate(config),
    hostedAgeing,
    detectFaces: guarded('detectFaces', detectFaces),

    ageProgress: guarded('ageProgress', async ({ image, targetAge, face, size = HD_SIZE_PX }) => {
      const head = await headCropInput(image, face, options.findFace);
      let started = performance.now();
      const { output } = await run('ageProgress', 'ageProgress', { image: dataUriOf(head.jpeg), targetAge });
      const age = performance.now() - started;
      started = performance.now();
      const jpeg = await squareJpeg(output, size);
      return {
        image: jpeg,
        face: head.face,
        crop: head.crop,
        timings: { ...head.timings, age, encode: performance.now() - started },
      };
    }),

    removeBackground: guarded('removeBackground', async ({ image }) => {
      // The photo at the cut-out's working size: the model's mask is laid over exactly these pixels.
      const { data, info } = await imagePipeline(image)
        .resize(CUTOUT_MAX_SIDE, CUTOUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const photo: RawImage = {
        data: new Uint8Array(data),
        width: info.width,
        height: info.height,
        channels: 3,
      };
      const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      const { output } = await run('removeBackground', 'removeBackground', { image: dataUriOf(jpeg) });
      return cutoutFromAlpha(photo, output);
    }),

    faceSwap: guarded('faceSwap', async ({ source, target, sourceFace }) => {
      // Given the child's face, the model gets their head, not the whole photo around it.
      let sourceCrop: CropRect | undefined;
      if (sourceFace) {
        const { width, height } = await imageSize(source);
        sourceCrop = headCrop(sourceFace, width, height);
      }
      const [sourceJpeg, targetJpeg] = await Promise.all([
        jpegInput(source, SOURCE_FACE_SIDE, sourceCrop),
        jpegInput(target, MODEL_INPUT_SIDE),
      ]);
      const { output } = await run('faceSwap', 'faceSwap', {
        source: dataUriOf(sourceJpeg),
        target: dataUriOf(targetJpeg),
      });
      return { image: await fittedJpeg(output, FACE_SWAP_MAX_SIDE) };
    }),

    generateScene: replicateSceneGenerator(calls),
  };
}
