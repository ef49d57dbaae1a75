/**
 * Contract tests of the synchronous capabilities against the local fake of Replicate's predictions
 * API (scripts/local/replicate-fake), with its light `fake/…` models: create, Prefer: wait, poll,
 * succeeded, failed, canceled, timeout → cancel, a 404 output and a 20 MB one.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeVersionId } from '../../../../scripts/local/replicate-fake/fake-models';
import type { ReplicateFake } from '../../../../scripts/local/replicate-fake/replicate-fake';
import { providerOn, startQuietFake, testFace, testPhoto } from './contract-harness';
import { HostedModelError } from './hosted-model-error';

let fake: ReplicateFake;
let photo: Buffer;
beforeAll(async () => {
  fake = await startQuietFake();
  photo = await testPhoto();
});
afterAll(() => fake.stop());

const requestsFor = (id: string) => fake.requests().filter((r) => r.path.includes(id));
const lastPrediction = () => fake.predictions().at(-1)!;

describe('synchronous calls to a hosted model', () => {
  it('creates on the official model route with Prefer: wait and the token, and answers at the requested size', async () => {
    const { ai, logs } = providerOn(fake, {
      REPLICATE_MODEL_GENERATE_SCENE: 'fake/echo',
      REPLICATE_PRICE_GENERATE_SCENE: '0.003/run',
    });
    const { image } = await ai.generateScene({
      prompt: 'a birthday party',
      width: 640,
      height: 480,
      seed: 7,
    });
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    const prediction = lastPrediction();
    expect(prediction.input).toMatchObject({ prompt: 'a birthday party', aspect_ratio: '4:3', seed: 7 });
    const create = fake
      .requests()
      .find((r) => r.method === 'POST' && r.path === '/v1/models/fake/echo/predictions');
    expect(create).toMatchObject({ prefer: 'wait=60', authorized: true });
    // Answered by the wait: no polling needed.
    expect(requestsFor(prediction.id)).toEqual([]);
    expect(logs.find((l) => l.extra.predictionId === prediction.id)).toMatchObject({
      level: 'info',
      extra: { model: 'fake/echo', status: 'succeeded', costUsd: 0.003, predictTimeSec: expect.any(Number) },
    });
  });

  it('creates by version on POST /v1/predictions when the model is pinned', async () => {
    const { ai } = providerOn(fake, {
      REPLICATE_MODEL_GENERATE_SCENE: `fake/echo:${fakeVersionId('fake/echo')}`,
    });
    await ai.generateScene({ prompt: 'space', width: 100, height: 100 });
    expect(lastPrediction()).toMatchObject({ model: 'fake/echo', version: fakeVersionId('fake/echo') });
    expect(fake.requests().at(-1)).toMatchObject({ method: 'POST', path: '/v1/predictions' });
  });

  it('polls until the prediction succeeds when the wait ends first, and logs predict_time × a per-second price', async () => {
    const quick = await startQuietFake({ maxWaitSeconds: 0 });
    try {
      const { ai, logs } = providerOn(quick, {
        REPLICATE_MODEL_GENERATE_SCENE: 'fake/delayed',
        REPLICATE_PRICE_GENERATE_SCENE: '0.5/s',
      });
      await ai.generateScene({ prompt: 'snow', width: 64, height: 64 });
      const prediction = quick.predictions()[0];
      expect(prediction.status).toBe('succeeded');
      const polls = quick
        .requests()
        .filter((r) => r.method === 'GET' && r.path === `/v1/predictions/${prediction.id}`);
      expect(polls.length).toBeGreaterThan(1);
      const predictTime = prediction.metrics!.predict_time;
      expect(predictTime).toBeGreaterThanOrEqual(1.4);
      expect(logs.at(-1)!.extra).toMatchObject({ predictTimeSec: predictTime, costUsd: predictTime * 0.5 });
    } finally {
      await quick.stop();
    }
  });

  it('rejects with the model’s reason when the prediction fails', async () => {
    const { ai, logs } = providerOn(fake, { REPLICATE_MODEL_GENERATE_SCENE: 'fake/fails' });
    const call = ai.generateScene({ prompt: 'x', width: 64, height: 64 });
    await expect(call).rejects.toBeInstanceOf(HostedModelError);
    await expect(call).rejects.toThrow('The AI model failed: The fake model failed as asked (fake/fails)');
    expect(logs.at(-1)).toMatchObject({ level: 'warn', extra: { status: 'failed', model: 'fake/fails' } });
  });

  it('rejects when the prediction is canceled while we wait for it', async () => {
    const { ai } = providerOn(fake, {
      REPLICATE_MODEL_GENERATE_SCENE: 'fake/slow',
      REPLICATE_TIMEOUT_SECONDS: '1',
    });
    const call = ai.generateScene({ prompt: 'x', width: 64, height: 64 });
    // Cancelled by someone else (the dashboard, an operator) while the create call waits.
    await expect.poll(() => fake.predictions().filter((p) => p.model === 'fake/slow').length).toBe(1);
    const { id } = fake.predictions().find((p) => p.model === 'fake/slow')!;
    await fetch(`${fake.url}/predictions/${id}/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer t' },
    });
    await expect(call).rejects.toThrow(`The AI provider's prediction ${id} was canceled`);
  });

  it('cancels a prediction that outlives the timeout and rejects as timed out', async () => {
    const { ai, logs } = providerOn(fake, {
      REPLICATE_MODEL_FACE_SWAP: 'fake/slow',
      REPLICATE_TIMEOUT_SECONDS: '1',
    });
    const started = Date.now();
    const error = await ai.faceSwap({ source: photo, target: photo }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostedModelError);
    expect(error).toMatchObject({
      timedOut: true,
      message: expect.stringMatching(/took longer than 1 s; prediction \w+ was canceled/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const { predictionId } = error as HostedModelError;
    const prediction = fake.predictions().find((p) => p.id === predictionId)!;
    expect(prediction.status).toBe('canceled');
    expect(requestsFor(predictionId!).some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(
      true,
    );
    expect(logs.some((l) => l.message === 'Replicate prediction timed out')).toBe(true);
  });

  it('rejects with a clear reason when the output URL answers 404', async () => {
    const { ai } = providerOn(fake, { REPLICATE_MODEL_GENERATE_SCENE: 'fake/missing-output' });
    await expect(ai.generateScene({ prompt: 'x', width: 64, height: 64 })).rejects.toThrow(
      "The AI provider's output is missing: its URL answered 404 (expired or never stored)",
    );
  });

  it('refuses an output over 20 MB', async () => {
    const { ai } = providerOn(fake, { REPLICATE_MODEL_GENERATE_SCENE: 'fake/huge-output' });
    await expect(ai.generateScene({ prompt: 'x', width: 64, height: 64 })).rejects.toThrow(
      "The AI provider's output is too large",
    );
  });

  it('rejects when the API refuses the token', async () => {
    const strict = await startQuietFake({ token: 'the-right-token' });
    try {
      const { ai } = providerOn(strict, { REPLICATE_MODEL_GENERATE_SCENE: 'fake/echo' });
      await expect(ai.generateScene({ prompt: 'x', width: 64, height: 64 })).rejects.toThrow(
        'Replicate did not start fake/echo for generateScene: it answered HTTP 401',
      );
      expect(strict.requests()[0]).toMatchObject({ authorized: false });
    } finally {
      await strict.stop();
    }
  });
});

describe('what each synchronous capability answers', () => {
  it('ageing: the same head crop as offline, sent to the model, answered as a square JPEG of the size asked', async () => {
    const { ai } = providerOn(fake, { REPLICATE_MODEL_AGE_PROGRESS: 'fake/echo' });
    const aged = await ai.ageProgress({ image: photo, targetAge: 16, face: testFace, size: 512 });
    expect(await sharp(aged.image).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(aged.face).toEqual(testFace);
    expect(aged.crop.size).toBeGreaterThan(testFace.height);
    const { input } = lastPrediction();
    expect(input.prompt).toContain('at age 16');
    expect(String(input.input_image)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('background removal: the trimmed PNG, its mask and the photo behind it, from the model’s transparency', async () => {
    const { ai } = providerOn(fake, { REPLICATE_MODEL_REMOVE_BACKGROUND: 'fake/cutout' });
    const cut = await ai.removeBackground({ image: photo });
    const png = await sharp(cut.png).metadata();
    expect(png).toMatchObject({ format: 'png', channels: 4 });
    // Trimmed to the subject (the fake keeps an ellipse two-thirds of the photo wide).
    expect(png.width).toBeLessThan(1200);
    expect({ width: cut.mask.width, height: cut.mask.height }).toEqual({
      width: png.width,
      height: png.height,
    });
    expect(await sharp(cut.source).metadata()).toMatchObject({
      format: 'jpeg',
      width: png.width,
      height: png.height,
    });
    expect(cut.mask.data[0]).toBe(0);
    expect(
      cut.mask.data[Math.floor(cut.mask.height / 2) * cut.mask.width + Math.floor(cut.mask.width / 2)],
    ).toBe(255);
  });

  it('background removal refuses an output without transparency', async () => {
    const { ai } = providerOn(fake, { REPLICATE_MODEL_REMOVE_BACKGROUND: 'fake/echo' });
    await expect(ai.removeBackground({ image: photo })).rejects.toThrow(
      "The AI provider's cut-out has no transparency",
    );
  });

  it('face swap: both pictures sent, the answer no larger than 1024×1024', async () => {
    const { ai } = providerOn(fake, { REPLICATE_MODEL_FACE_SWAP: 'fake/echo' });
    const big = await testPhoto(2400, 1800);
    const { image } = await ai.faceSwap({ source: photo, target: big, sourceFace: testFace });
    const meta = await sharp(image).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1024);
    const { input } = lastPrediction();
    expect(String(input.input_image_1)).toMatch(/^data:image\/jpeg;base64,/);
    expect(String(input.input_image_2)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it("scene generation answers the operators' prompt test with its own model", async () => {
    const { ai } = providerOn(fake, {
      REPLICATE_MODEL_GENERATE_SCENE: 'fake/fails',
      REPLICATE_MODEL_HF_TEST: 'fake/echo',
    });
    await ai.generateScene({ prompt: 'castle', width: 300, height: 200, purpose: 'prompt-test' });
    expect(lastPrediction()).toMatchObject({ model: 'fake/echo', input: { aspect_ratio: '3:2' } });
  });
});
