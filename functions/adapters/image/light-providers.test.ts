/**
 * The pieces of the image providers a Lambda builds without the provider switch (the admin pages'
 * answers, the webhooks Lambda's signature check, the pack worker's scenes) behave as the switch does.
 */

import { generateOfflineScene } from '@little-futures/image-engine/scenes';
import { describe, expect, it } from 'vitest';
import { AiCapabilityUnavailableError } from '../../core/errors';
import { IMAGE_CAPABILITIES, type ImageAIRoutes } from '../../core/image-ai';
import { builtInAnswers } from './answers';
import { createHostedWebhooks } from './hosted-webhooks';
import { createImageAI } from './image-ai';
import { replicateConfigOf } from './replicate/replicate-config';
import { signWebhook } from './replicate/webhook-signature';
import { createSceneGenerator } from './scene-generator';

const allTo = (provider: 'offline' | 'replicate'): ImageAIRoutes =>
  Object.fromEntries(IMAGE_CAPABILITIES.map((c) => [c, provider])) as unknown as ImageAIRoutes;
const mixed: ImageAIRoutes = { ...allTo('offline'), ageProgress: 'replicate', faceSwap: 'replicate' };
const SECRET = `whsec_${Buffer.from('a local signing key').toString('base64')}`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function delivery(body: object, secret = SECRET) {
  const rawBody = JSON.stringify(body);
  const id = 'msg_1';
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = signWebhook(secret, id, timestamp, rawBody);
  return {
    rawBody,
    headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
  };
}

describe('the image providers without the switch', () => {
  it('answer who serves each capability exactly as the switch does, configured or not', () => {
    const configured = replicateConfigOf({ REPLICATE_API_TOKEN: 'r8_test' });
    for (const routes of [allTo('offline'), allTo('replicate'), mixed]) {
      for (const replicate of [configured, replicateConfigOf({})]) {
        const { answers } = createImageAI(routes, {}, { replicate });
        expect(builtInAnswers(routes, replicate)).toEqual({ routes, answers });
      }
    }
  });

  it('verify webhooks only when ageing is hosted, refusing every delivery without a token', async () => {
    expect(createHostedWebhooks(allTo('offline'))).toEqual({});
    const replicate = replicateConfigOf({ REPLICATE_API_TOKEN: 'r8_test', REPLICATE_WEBHOOK_SECRET: SECRET });
    const { hostedAgeing } = createHostedWebhooks(mixed, { replicate, logger: quiet });
    const signed = delivery({ id: 'prediction-1', status: 'succeeded' });
    expect(await hostedAgeing!.verifyWebhook(signed.rawBody, signed.headers)).toEqual({
      predictionId: 'prediction-1',
    });
    const forged = delivery({ id: 'prediction-1' }, `whsec_${Buffer.from('another key').toString('base64')}`);
    expect(await hostedAgeing!.verifyWebhook(forged.rawBody, forged.headers)).toBeNull();
    // The switch's hosted ageing gives the same answers.
    const switched = createImageAI(mixed, {}, { replicate, logger: quiet }).hostedAgeing!;
    expect(await switched.verifyWebhook(signed.rawBody, signed.headers)).toEqual({
      predictionId: 'prediction-1',
    });
    const unconfigured = createHostedWebhooks(mixed, { replicate: replicateConfigOf({}), logger: quiet });
    expect(await unconfigured.hostedAgeing!.verifyWebhook(signed.rawBody, signed.headers)).toBeNull();
  });

  it('draw scenes with the provider the configuration names', async () => {
    expect(createSceneGenerator(allTo('offline')).generateScene).toBe(generateOfflineScene);
    const hosted = createSceneGenerator(allTo('replicate'), { replicate: replicateConfigOf({}) });
    const call = hosted.generateScene({ prompt: 'x', width: 8, height: 8 });
    await expect(call).rejects.toBeInstanceOf(AiCapabilityUnavailableError);
    await expect(call).rejects.toMatchObject({ capability: 'generateScene', provider: 'replicate' });
  });
});
