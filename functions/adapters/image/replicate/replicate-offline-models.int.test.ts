/**
 * The replicate provider with its default models against the local fake, whose models run the
 * project's offline code (face-api, the growth warp, the scene generator, MediaPipe segmentation):
 * the hosted path works end to end without an account, as `npm start` runs it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { detectLargestFace } from '@little-futures/image-engine/faces';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicateFake } from '../../../../scripts/local/replicate-fake/replicate-fake';
import { AiCapabilityUnavailableError } from '../../../core/errors';
import { createOfflineImageAI } from '../offline-image-ai';
import { providerOn, startQuietFake, startWebhookReceiver } from './contract-harness';
import { HostedModelError } from './hosted-model-error';

const sample = readFileSync(
  path.join(import.meta.dirname, '../../../../node_modules/@vladmandic/face-api/demo/sample1.jpg'),
);

let fake: ReplicateFake;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  [fake, receiver] = await Promise.all([startQuietFake(), startWebhookReceiver()]);
});
afterAll(async () => {
  await fake.stop();
  await receiver.stop();
});

describe('the default models through the Replicate fake', () => {
  it('ages through the webhook: the head crop goes out, an aged face comes back at the size asked', async () => {
    const { ai } = providerOn(fake, { REPLICATE_WEBHOOK_SECRET: fake.secret });
    const hosted = ai.hostedAgeing!;
    const started = await hosted.start({ image: sample, targetAge: 21, webhookUrl: receiver.url });
    expect(started.prediction.model).toBe('black-forest-labs/flux-kontext-pro');
    expect(started.face.score).toBeGreaterThan(0.5);
    await receiver.waitFor(1);
    const [delivery] = receiver.received;
    expect(await hosted.verifyWebhook(delivery.rawBody, delivery.headers)).toEqual({
      predictionId: started.prediction.id,
    });
    const state = await hosted.check(started.prediction.id, 1024);
    expect(state).toMatchObject({ status: 'succeeded', cost: { usd: 0.04 } });
    const image = state.status === 'succeeded' ? await state.jpeg() : Buffer.alloc(0);
    expect(await sharp(image).metadata()).toMatchObject({ width: 1024, height: 1024, format: 'jpeg' });
    // The fake aged the person with the offline warp: still a face, for the identity guard to compare.
    expect((await detectLargestFace(image))?.score).toBeGreaterThan(0.5);
  }, 60_000);

  it('draws a scene with the scene generator at the size asked', async () => {
    const { ai } = providerOn(fake);
    const { image } = await ai.generateScene({
      prompt: 'a birthday party with balloons',
      width: 800,
      height: 600,
    });
    expect(await sharp(image).metadata()).toMatchObject({ width: 800, height: 600, format: 'jpeg' });
    expect(fake.predictions().at(-1)).toMatchObject({
      model: 'black-forest-labs/flux-schnell',
      input: { aspect_ratio: '4:3' },
    });
  });

  it('removes the background with the offline segmentation, answered as a trimmed cut-out', async () => {
    const { ai } = providerOn(fake);
    const portrait = await sharp(sample)
      .extract({ left: 0, top: 100, width: 700, height: 900 })
      .jpeg()
      .toBuffer();
    const cut = await ai.removeBackground({ image: portrait });
    const png = await sharp(cut.png).metadata();
    expect(png).toMatchObject({ format: 'png', channels: 4 });
    expect(png.width! * png.height!).toBeLessThan(700 * 900);
    expect({ width: cut.mask.width, height: cut.mask.height }).toEqual({
      width: png.width,
      height: png.height,
    });
  }, 60_000);

  it('swaps a face with the offline face transfer, or says plainly that this build has none', async () => {
    const { ai } = providerOn(fake);
    const offlineHasFaceSwap = await createOfflineImageAI()
      .faceSwap({ source: sample, target: sample })
      .then(
        () => true,
        (error: unknown) => !(error instanceof AiCapabilityUnavailableError),
      );
    const swap = ai.faceSwap({ source: sample, target: sample });
    if (offlineHasFaceSwap) {
      const meta = await sharp((await swap).image).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1024);
    } else {
      await expect(swap).rejects.toBeInstanceOf(HostedModelError);
      await expect(swap).rejects.toThrow(
        'The fake face swap runs the offline face transfer, which this build does not have yet',
      );
    }
  }, 60_000);
});
