import { describe, expect, it, vi } from 'vitest';
import { AiCapabilityUnavailableError } from '../../../core/errors';
import { IMAGE_CAPABILITIES, type ImageAIRoutes } from '../../../core/image-ai';
import { createImageAI } from '../image-ai';
import { providerOn, recordingLogger, startQuietFake, testFace, testPhoto } from './contract-harness';
import { replicateConfigOf } from './replicate-config';
import { createReplicateImageAI, REPLICATE_MISSING } from './replicate-image-ai';

const allReplicate = Object.fromEntries(
  IMAGE_CAPABILITIES.map((c) => [c, 'replicate']),
) as unknown as ImageAIRoutes;
const anyInput = {
  image: Buffer.alloc(0),
  source: Buffer.alloc(0),
  target: Buffer.alloc(0),
  targetAge: 10,
  prompt: 'x',
  width: 8,
  height: 8,
};

describe('the replicate provider without a token', () => {
  it('answers "needs an AI provider" for every capability and says what an operator must add', async () => {
    const fetch = vi.fn();
    const ai = createReplicateImageAI(replicateConfigOf({}), { fetch, logger: recordingLogger().logger });
    for (const capability of IMAGE_CAPABILITIES) {
      const call = (ai[capability] as (input: unknown) => Promise<unknown>)(anyInput);
      await expect(call).rejects.toBeInstanceOf(AiCapabilityUnavailableError);
      await expect(call).rejects.toMatchObject({ capability, provider: 'replicate', kind: 'unavailable' });
      expect(ai.describe(capability)).toMatchObject({
        model: expect.any(String),
        missing: REPLICATE_MISSING,
      });
    }
    expect(ai.describe('ageProgress').model).toBe('black-forest-labs/flux-kontext-pro');
    expect(ai.describe('detectFaces').model).toMatch(/face-api.*run locally/);
    const hosted = ai.hostedAgeing!;
    await expect(
      hosted.start({
        image: Buffer.alloc(0),
        targetAge: 10,
        webhookUrl: 'https://example.com/api/ai/webhook',
      }),
    ).rejects.toBeInstanceOf(AiCapabilityUnavailableError);
    await expect(hosted.check('p1', 512)).rejects.toBeInstanceOf(AiCapabilityUnavailableError);
    expect(await hosted.verifyWebhook('{"id":"p1"}', { 'webhook-id': 'x' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is what the provider switch builds when the container configured no Replicate settings', async () => {
    const ai = createImageAI(allReplicate);
    expect(ai.answers.faceSwap).toEqual({
      provider: 'replicate',
      model: 'flux-kontext-apps/multi-image-kontext-pro',
      missing: REPLICATE_MISSING,
    });
    expect(ai.hostedAgeing).toBeDefined();
    await expect(ai.generateScene({ prompt: 'x', width: 8, height: 8 })).rejects.toBeInstanceOf(
      AiCapabilityUnavailableError,
    );
  });

  it('with a configured token, describes its models and leaves nothing missing', () => {
    const ai = createImageAI(
      allReplicate,
      {},
      { replicate: replicateConfigOf({ REPLICATE_API_TOKEN: 'r8_x' }) },
    );
    expect(ai.answers.generateScene).toEqual({
      provider: 'replicate',
      model: "black-forest-labs/flux-schnell (operators' prompt test: black-forest-labs/flux-dev)",
    });
    expect(ai.answers.removeBackground.missing).toBeUndefined();
  });
});

describe('the token from Secrets Manager', () => {
  it('is read once per container and used for every call', async () => {
    const fake = await startQuietFake({ token: 'from-the-secret' });
    try {
      const readSecret = vi.fn(async () =>
        JSON.stringify({ apiToken: 'from-the-secret', webhookSecret: fake.secret }),
      );
      const { ai } = providerOn(
        fake,
        {
          REPLICATE_API_TOKEN: '',
          REPLICATE_SECRET_ARN: 'arn:secret',
          REPLICATE_MODEL_AGE_PROGRESS: 'fake/echo',
        },
        { readSecret },
      );
      expect(ai.describe('ageProgress').missing).toBeUndefined();
      const photo = await testPhoto();
      await ai.ageProgress({ image: photo, targetAge: 5, face: testFace, size: 64 });
      await ai.ageProgress({ image: photo, targetAge: 19, face: testFace, size: 64 });
      expect(readSecret).toHaveBeenCalledTimes(1);
      expect(readSecret).toHaveBeenCalledWith('arn:secret');
      expect(fake.requests().every((r) => r.authorized)).toBe(true);
    } finally {
      await fake.stop();
    }
  });

  it('answers "needs an AI provider" while the secret is empty, and finds a token filled in later', async () => {
    const fake = await startQuietFake();
    try {
      let stored = '{}';
      const { ai } = providerOn(
        fake,
        {
          REPLICATE_API_TOKEN: '',
          REPLICATE_SECRET_ARN: 'arn:secret',
          REPLICATE_MODEL_GENERATE_SCENE: 'fake/echo',
        },
        { readSecret: async () => stored },
      );
      await expect(ai.generateScene({ prompt: 'x', width: 8, height: 8 })).rejects.toBeInstanceOf(
        AiCapabilityUnavailableError,
      );
      stored = '{"apiToken":"r8_later"}';
      const { image } = await ai.generateScene({ prompt: 'x', width: 8, height: 8 });
      expect(image.length).toBeGreaterThan(0);
    } finally {
      await fake.stop();
    }
  });
});
