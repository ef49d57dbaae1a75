/**
 * The asynchronous side of hosted ageing: the render worker starts a prediction on the head crop with
 * a webhook and returns at once; the webhook (or the sweeper) checks it, and a success comes back as
 * square pixels at the model's own size, with its HD JPEG on demand. Nothing here waits on the model.
 */
import type { FaceFinder } from '@little-futures/image-engine/ageing';
import type { HostedAgeing, PredictionState } from '../../../core/image-ai';
import type { FaceBox } from '../../../core/ports';
import { HostedModelError } from './hosted-model-error';
import { dataUriOf, type HeadCropInput, headCropInput } from './image-inputs';
import { fillTemplate } from './input-template';
import { ownSizeJpeg, ownSizeSquarePixels } from './output-images';
import {
  failureReason,
  isTerminal,
  type PredictionCall,
  type ProviderLogger,
  type ReplicateApi,
} from './predictions';
import type { SlotConfig } from './replicate-config';
import { createWebhookVerifier } from './webhook-verifier';

/**
 * An upload's ages start from the same head crop: the render worker hands their jobs the same
 * original (one Buffer per batch), so the crop is made once per photo and face, and forgotten with
 * the photo.
 */
function headCropCache() {
  const crops = new WeakMap<Buffer, Map<string, Promise<HeadCropInput>>>();
  const keyOf = (face: FaceBox | undefined) => (face ? JSON.stringify(face) : 'detect');
  return {
    of(image: Buffer, face: FaceBox | undefined, findFace?: FaceFinder): Promise<HeadCropInput> {
      let byFace = crops.get(image);
      if (!byFace) {
        byFace = new Map();
        crops.set(image, byFace);
      }
      const key = keyOf(face);
      let crop = byFace.get(key);
      if (!crop) {
        crop = headCropInput(image, face, findFace);
        byFace.set(key, crop);
        // The face found is the one the upload's other ages will be started with.
        crop.then((made) => byFace.set(keyOf(made.face), crop!)).catch(() => byFace.delete(key));
      }
      return crop;
    },
  };
}

export function createReplicateHostedAgeing(deps: {
  api: ReplicateApi;
  slot: SlotConfig;
  logger: ProviderLogger;
  findFace?: FaceFinder;
  /** The clock webhook timestamps are checked against (tests). */
  now?: () => number;
}): HostedAgeing {
  const { api, slot, logger } = deps;
  const headCrops = headCropCache();
  const call = (input: Record<string, unknown>): PredictionCall => ({
    capability: 'ageProgress',
    slot,
    input,
  });

  return {
    async start({ image, targetAge, face, webhookUrl }) {
      const head = await headCrops.of(image, face, deps.findFace);
      const prediction = await api.start(
        call(fillTemplate(slot.input, { image: dataUriOf(head.jpeg), targetAge })),
        webhookUrl,
      );
      logger.info('Replicate prediction started', {
        capability: 'ageProgress',
        model: slot.model.id,
        predictionId: prediction.id,
        targetAge,
      });
      return {
        prediction: { provider: 'replicate', id: prediction.id, model: slot.model.id },
        face: head.face,
        crop: head.crop,
      };
    },

    async check(predictionId, size): Promise<PredictionState> {
      const prediction = await api.get(predictionId);
      if (!prediction) {
        return {
          status: 'failed',
          reason: `Replicate does not know prediction ${predictionId}`,
          cost: { predictTimeSec: null, usd: null },
        };
      }
      if (!isTerminal(prediction)) {
        return { status: 'running', ...(prediction.started_at ? { startedAt: prediction.started_at } : {}) };
      }
      const cost = api.logEnded(call({}), prediction);
      if (prediction.status !== 'succeeded')
        return { status: 'failed', reason: failureReason(prediction), cost };
      try {
        const image = await ownSizeSquarePixels(await api.downloadFor(prediction), size);
        return { status: 'succeeded', image, jpeg: () => ownSizeJpeg(image, size), cost };
      } catch (error) {
        if (!(error instanceof HostedModelError)) throw error;
        logger.warn('Replicate output refused', { predictionId, reason: error.reason });
        return { status: 'failed', reason: error.reason, cost };
      }
    },

    cancel: (predictionId) => api.cancel(predictionId),

    ...createWebhookVerifier({ webhookSecret: api.webhookSecret, logger, now: deps.now }),
  };
}
