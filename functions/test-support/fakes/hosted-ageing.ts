/**
 * A hosted provider's asynchronous ageing in memory: predictions start "running" and the test says
 * how each ends. A webhook verifies when its `webhook-signature` header is the word `valid`.
 */
import sharp from 'sharp';
import type { HostedAgeing, PredictionState, StartAgeingInput } from '../../core/image-ai';
import { FAKE_FACE } from './image-ai';
import { tinyJpeg } from './images';

export type FakeHostedAgeing = HostedAgeing & {
  started: (StartAgeingInput & { predictionId: string })[];
  cancelled: string[];
  /** How each prediction stands (absent: running). */
  states: Map<string, PredictionState>;
  /** The next start throws this when set. */
  failStartWith: Error | null;
};

export const succeeded = async (seed = 'aged', usd = 0.04): Promise<PredictionState> => {
  const jpeg = await tinyJpeg(seed);
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height, channels: 3 as const };
  return { status: 'succeeded', image, jpeg: async () => jpeg, cost: { predictTimeSec: 4.2, usd } };
};
export const failed = (reason = 'model error', usd = 0.01): PredictionState => ({
  status: 'failed',
  reason,
  cost: { predictTimeSec: 1, usd },
});

export function createFakeHostedAgeing(): FakeHostedAgeing {
  let next = 0;
  const hosted: FakeHostedAgeing = {
    started: [],
    cancelled: [],
    states: new Map(),
    failStartWith: null,
    async start(input) {
      if (hosted.failStartWith) throw hosted.failStartWith;
      const predictionId = `prediction-${++next}`;
      hosted.started.push({ ...input, predictionId });
      return {
        prediction: { provider: 'replicate', id: predictionId, model: 'test/ageing' },
        face: input.face ?? { ...FAKE_FACE },
        crop: { left: 0, top: 0, size: 8 },
      };
    },
    async check(predictionId) {
      return hosted.states.get(predictionId) ?? { status: 'running' };
    },
    async cancel(predictionId) {
      hosted.cancelled.push(predictionId);
      hosted.states.set(predictionId, failed('canceled', 0));
    },
    async verifyWebhook(rawBody, headers) {
      if (headers['webhook-signature'] !== 'valid') return null;
      return { predictionId: (JSON.parse(rawBody) as { id: string }).id };
    },
  };
  return hosted;
}
