/**
 * Contract tests of hosted ageing against the local Replicate fake: start with a webhook (no waiting),
 * signed deliveries (twice, forged, stale), check while running, after success and after failures.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicateFake } from '../../../../scripts/local/replicate-fake/replicate-fake';
import type { HostedAgeing } from '../../../core/image-ai';
import { providerOn, startQuietFake, startWebhookReceiver, testFace, testPhoto } from './contract-harness';

let fake: ReplicateFake;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let photo: Buffer;
beforeAll(async () => {
  [fake, receiver, photo] = await Promise.all([startQuietFake(), startWebhookReceiver(), testPhoto()]);
});
afterAll(async () => {
  await fake.stop();
  await receiver.stop();
});

const ageingOn = (model: string, env: Record<string, string> = {}, now?: () => number) => {
  const { ai, logs } = providerOn(fake, { REPLICATE_MODEL_AGE_PROGRESS: model, ...env }, now ? { now } : {});
  return { hosted: ai.hostedAgeing as HostedAgeing, logs };
};
const deliveriesOf = (predictionId: string) =>
  receiver.received.filter((delivery) => JSON.parse(delivery.rawBody).id === predictionId);
async function startAndDeliver(hosted: HostedAgeing, deliveries = 1) {
  const before = receiver.received.length;
  const started = await hosted.start({
    image: photo,
    targetAge: 10,
    face: testFace,
    webhookUrl: receiver.url,
  });
  await receiver.waitFor(before + deliveries);
  return started;
}

describe('hosted ageing through the webhook', () => {
  it("starts an upload's ages from one head crop: the face is looked for once per photo", async () => {
    let looked = 0;
    const { ai } = providerOn(
      fake,
      { REPLICATE_MODEL_AGE_PROGRESS: 'fake/slow' },
      {
        findFace: async () => {
          looked += 1;
          return testFace;
        },
      },
    );
    const hosted = ai.hostedAgeing as HostedAgeing;
    const first = await hosted.start({ image: photo, targetAge: 10, webhookUrl: receiver.url });
    const rest = await Promise.all(
      ([16, 21] as const).map((targetAge) =>
        hosted.start({ image: photo, targetAge, face: first.face, webhookUrl: receiver.url }),
      ),
    );
    await hosted.start({ image: photo, targetAge: 10, webhookUrl: receiver.url });
    expect(looked).toBe(1);
    expect(rest.map((started) => started.crop)).toEqual([first.crop, first.crop]);
    // Another photo (another Buffer) is looked at afresh.
    await hosted.start({ image: Buffer.from(photo), targetAge: 10, webhookUrl: receiver.url });
    expect(looked).toBe(2);
    for (const started of [first, ...rest]) await hosted.cancel(started.prediction.id);
  });

  it('starts on the head crop with a completion webhook and returns without waiting', async () => {
    const { hosted } = ageingOn('fake/slow');
    const started = await hosted.start({
      image: photo,
      targetAge: 16,
      face: testFace,
      webhookUrl: receiver.url,
    });
    expect(started.prediction).toEqual({ provider: 'replicate', id: expect.any(String), model: 'fake/slow' });
    expect(started.face).toEqual(testFace);
    expect(started.crop).toEqual({
      left: expect.any(Number),
      top: expect.any(Number),
      size: expect.any(Number),
    });
    const prediction = fake.predictions().find((p) => p.id === started.prediction.id)!;
    expect(prediction).toMatchObject({ webhook: receiver.url, webhook_events_filter: ['completed'] });
    expect(
      fake.requests().find((r) => r.method === 'POST' && r.path.endsWith('/predictions'))?.prefer,
    ).toBeNull();
    expect(await hosted.check(started.prediction.id, 512)).toMatchObject({ status: 'running' });
    await hosted.cancel(started.prediction.id);
    expect(await hosted.check(started.prediction.id, 512)).toMatchObject({
      status: 'failed',
      reason: `The AI provider's prediction ${started.prediction.id} was canceled`,
    });
  });

  it('accepts a webhook delivered twice, both times (replays are the core’s to ignore), and checks the success', async () => {
    const { hosted } = ageingOn('fake/double-webhook', { REPLICATE_PRICE_AGE_PROGRESS: '0.04/run' });
    const { prediction } = await startAndDeliver(hosted, 2);
    const deliveries = deliveriesOf(prediction.id);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(await hosted.verifyWebhook(delivery.rawBody, delivery.headers)).toEqual({
        predictionId: prediction.id,
      });
    }
    const state = await hosted.check(prediction.id, 2000);
    expect(state).toMatchObject({
      status: 'succeeded',
      cost: { usd: 0.04, predictTimeSec: expect.any(Number) },
    });
    if (state.status !== 'succeeded') return;
    // The echo answers with the head crop it was sent (at most 1024 px): the guard's pixels and the
    // stored JPEG (the HD file's source, enlarged on its first download) keep that size.
    expect(state.image.width).toBe(state.image.height);
    expect(state.image.width).toBeLessThanOrEqual(1024);
    expect(state.image.data.length).toBe(state.image.width * state.image.height * state.image.channels);
    const stored = await sharp(await state.jpeg()).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: state.image.width, height: state.image.width });
    expect(stored.exif).toBeUndefined();
  });

  it('refuses a delivery signed with another secret, and a tampered body', async () => {
    const { hosted, logs } = ageingOn('fake/bad-signature');
    const { prediction } = await startAndDeliver(hosted);
    const [forged] = deliveriesOf(prediction.id);
    expect(await hosted.verifyWebhook(forged.rawBody, forged.headers)).toBeNull();
    expect(logs.at(-1)?.message).toMatch(/webhook refused/);

    const { hosted: honest } = ageingOn('fake/echo');
    const { prediction: other } = await startAndDeliver(honest);
    const [genuine] = deliveriesOf(other.id);
    const tampered = genuine.rawBody.replace(other.id, prediction.id);
    expect(await honest.verifyWebhook(tampered, genuine.headers)).toBeNull();
    expect(await honest.verifyWebhook(genuine.rawBody, genuine.headers)).toEqual({ predictionId: other.id });
  });

  it('refuses a genuine delivery once its timestamp is more than five minutes old', async () => {
    let now = Date.now();
    const { hosted } = ageingOn('fake/echo', {}, () => now);
    const { prediction } = await startAndDeliver(hosted);
    const [delivery] = deliveriesOf(prediction.id);
    now += 4 * 60_000;
    expect(await hosted.verifyWebhook(delivery.rawBody, delivery.headers)).toEqual({
      predictionId: prediction.id,
    });
    now += 2 * 60_000;
    expect(await hosted.verifyWebhook(delivery.rawBody, delivery.headers)).toBeNull();
  });

  it('asks Replicate for the signing secret once when none is configured', async () => {
    const { hosted } = ageingOn('fake/echo');
    const { prediction } = await startAndDeliver(hosted);
    const [delivery] = deliveriesOf(prediction.id);
    const asked = () => fake.requests().filter((r) => r.path === '/v1/webhooks/default/secret').length;
    const before = asked();
    await hosted.verifyWebhook(delivery.rawBody, delivery.headers);
    await hosted.verifyWebhook(delivery.rawBody, delivery.headers);
    expect(asked() - before).toBe(1);
    const { hosted: configured } = ageingOn('fake/echo', { REPLICATE_WEBHOOK_SECRET: fake.secret });
    expect(await configured.verifyWebhook(delivery.rawBody, delivery.headers)).toEqual({
      predictionId: prediction.id,
    });
    expect(asked() - before).toBe(1);
  });

  it('checks a failed prediction, a 404 output, a 20 MB output and an unknown id as failed, with reasons', async () => {
    const cases: Array<[string, string]> = [
      ['fake/fails', 'The AI model failed: The fake model failed as asked (fake/fails)'],
      [
        'fake/missing-output',
        "The AI provider's output is missing: its URL answered 404 (expired or never stored)",
      ],
      ['fake/huge-output', "The AI provider's output is too large"],
      ['fake/no-face', ''],
    ];
    for (const [model, reason] of cases) {
      const { hosted } = ageingOn(model);
      const { prediction } = await startAndDeliver(hosted);
      const state = await hosted.check(prediction.id, 256);
      // A plain image is a success here: whether it still shows the child is the identity guard's call.
      if (!reason) expect(state.status).toBe('succeeded');
      else expect(state).toMatchObject({ status: 'failed', reason });
    }
    const { hosted } = ageingOn('fake/echo');
    expect(await hosted.check('nosuchprediction', 256)).toEqual({
      status: 'failed',
      reason: 'Replicate does not know prediction nosuchprediction',
      cost: { predictTimeSec: null, usd: null },
    });
  });
});
