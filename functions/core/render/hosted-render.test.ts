/**
 * Hosted ageing over in-memory fakes: the worker starts a prediction and returns, the webhook
 * queues a check, the check runs the identity guard and finishes the job (once), a drifted result
 * is retried once, and the sweeper polls quiet predictions and gives up on stuck ones.
 * hosted-render.int.test.ts runs the same through the emulators and the fake predictions API.
 */
import type { TargetAge } from '@shared/catalog';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { createFakeHostedAgeing, failed, succeeded } from '../../test-support/fakes/hosted-ageing';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { DomainError } from '../errors';
import { handleAiWebhook } from './ai-webhook';
import { checkPrediction } from './hosted-render';
import { renderBatch } from './render-batch';
import { PREDICTION_GIVE_UP_AFTER_MS, PREDICTION_POLL_AFTER_MS, sweepPredictions } from './sweep-predictions';

const FAR = new Array(128).fill(0).map((_, i) => (i === 0 ? 0.9 : 0));

/** A parent's photo whose three renders were started on the hosted provider. */
async function startedRenders() {
  const deps = fakeDeps();
  const hosted = createFakeHostedAgeing();
  deps.imageAI.hostedAgeing = hosted;
  const uploadId = await uploadedPhoto(deps, parent(), { render: false });
  expect(await renderBatch(deps, deps.renderQueue.take())).toEqual([]);
  return { deps, hosted, uploadId };
}

const jobOf = async (deps: FakeDeps, uploadId: string, age: TargetAge) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((job) => job.age === age)!;
const predictionOf = async (deps: FakeDeps, uploadId: string, age: TargetAge) =>
  (await jobOf(deps, uploadId, age)).prediction!.id;

describe('hosted ageing', () => {
  it('starts one prediction per job with the webhook URL and returns without waiting', async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    expect(hosted.started.map((s) => s.targetAge).sort()).toEqual([10, 16, 21]);
    expect(new Set(hosted.started.map((s) => s.webhookUrl))).toEqual(new Set([deps.aiWebhookUrl]));
    // The batch read the photo once: the three starts were handed the very same bytes.
    expect(new Set(hosted.started.map((s) => s.image)).size).toBe(1);
    const job = await jobOf(deps, uploadId, 16);
    expect(job).toMatchObject({ status: 'processing', prediction: { attempt: 1, model: 'test/ageing' } });
    expect(deps.blobs.keys('renders')).toEqual([]);
    // A redelivered render message does not start (and pay for) a second prediction.
    await renderBatch(deps, [{ id: 'again', body: JSON.stringify({ uploadId, age: 16 }), attempt: 2 }]);
    expect(hosted.started).toHaveLength(3);
  });

  it('finishes the job from a verified webhook, once, however often the webhook comes', async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    const id = await predictionOf(deps, uploadId, 10);
    hosted.states.set(id, await succeeded());

    const body = JSON.stringify({ id, status: 'succeeded' });
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await handleAiWebhook(deps, body, { 'webhook-signature': 'valid' })).toEqual({ received: true });
    }
    expect(deps.renderQueue.tasks).toEqual([
      { kind: 'prediction', predictionId: id },
      { kind: 'prediction', predictionId: id },
    ]);
    const tasks = deps.renderQueue.tasks.map((task, n) => ({
      id: `t${n}`,
      body: JSON.stringify(task),
      attempt: 1,
    }));
    expect(await renderBatch(deps, [tasks[0]])).toEqual([]);
    expect(await checkPrediction(deps, id)).toEqual({ outcome: 'ignored', reason: 'stale' });

    const job = await jobOf(deps, uploadId, 10);
    expect(job.status).toBe('done');
    expect(job.hostedCheck).toEqual({ identityDistance: 0, estimatedAge: 16, costUsd: 0.04 });
    expect(deps.blobs.keys('renders')).toEqual([job.hdKey, job.previewKey]);
    expect(await deps.predictions.listRunning('9999', 10)).toHaveLength(2);
  });

  it('finishes a job once when two deliveries check it at the same time, and keeps only its files', async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    const id = await predictionOf(deps, uploadId, 16);
    hosted.states.set(id, await succeeded());
    const outcomes = await Promise.all([checkPrediction(deps, id), checkPrediction(deps, id)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['done', 'skipped']);
    expect((await deps.predictions.listRunning('9999', 10)).map((link) => link.predictionId)).not.toContain(
      id,
    );
    // Only the winner's files are left.
    const job = await jobOf(deps, uploadId, 16);
    expect(deps.blobs.keys('renders')).toEqual([job.hdKey, job.previewKey]);
  });

  it('refuses a forged webhook and one that comes with no hosted provider configured', async () => {
    const { deps } = await startedRenders();
    const forged = handleAiWebhook(deps, JSON.stringify({ id: 'x' }), { 'webhook-signature': 'v1,forged' });
    await expect(forged).rejects.toMatchObject({ kind: 'invalid', messageKey: 'webhookSignatureInvalid' });
    deps.imageAI.hostedAgeing = undefined;
    const unexpected = handleAiWebhook(deps, '{}', { 'webhook-signature': 'valid' });
    await expect(unexpected).rejects.toBeInstanceOf(DomainError);
    expect(deps.renderQueue.tasks).toEqual([]);
  });

  it('ignores a prediction that is not ours', async () => {
    const { deps } = await startedRenders();
    expect(await checkPrediction(deps, 'someone-elses')).toEqual({
      outcome: 'ignored',
      reason: 'unknown-prediction',
    });
  });

  it('retries a drifted identity once, then fails the job with the reason and the numbers', async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    const original = await deps.blobs.get(
      'uploads',
      (await deps.uploads.getUploadWithJobs(uploadId))!.upload.fileKey!,
    );
    // Every image but the original gets a face far from it.
    deps.faceIdentity.signatureOf = (image) => ({
      descriptor: Buffer.isBuffer(image) && image.equals(original) ? new Array(128).fill(0) : FAR,
      estimatedAge: 30,
      score: 0.9,
    });
    const first = await predictionOf(deps, uploadId, 21);
    hosted.states.set(first, await succeeded('drifted'));
    expect(await checkPrediction(deps, first)).toMatchObject({
      outcome: 'retried',
      why: 'identity: drifted',
    });

    const second = await predictionOf(deps, uploadId, 21);
    expect(second).not.toBe(first);
    expect((await jobOf(deps, uploadId, 21)).prediction?.attempt).toBe(2);
    hosted.states.set(second, await succeeded('drifted again'));
    expect(await checkPrediction(deps, second)).toEqual({
      outcome: 'failed',
      reason: messages.identityDrifted,
    });

    const job = await jobOf(deps, uploadId, 21);
    expect(job).toMatchObject({ status: 'failed', failureReason: messages.identityDrifted });
    expect(job.hostedCheck).toEqual({ identityDistance: 0.9, estimatedAge: 30, costUsd: 0.08 });
    expect(hosted.started.filter((s) => s.targetAge === 21)).toHaveLength(2);
    // The files stored while the guard looked are gone with the refused results.
    expect(deps.blobs.keys('renders').filter((key) => key.includes(`/${21}-`))).toEqual([]);
  });

  it('treats a result without a face as drifted', async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    const fileKey = (await deps.uploads.getUploadWithJobs(uploadId))!.upload.fileKey!;
    const original = await deps.blobs.get('uploads', fileKey);
    deps.faceIdentity.signatureOf = (image) =>
      Buffer.isBuffer(image) && image.equals(original)
        ? { descriptor: new Array(128).fill(0), estimatedAge: 5, score: 0.9 }
        : null;
    const id = await predictionOf(deps, uploadId, 16);
    hosted.states.set(id, await succeeded('faceless'));
    expect(await checkPrediction(deps, id)).toMatchObject({ outcome: 'retried', why: 'identity: no-face' });
    expect((await jobOf(deps, uploadId, 16)).hostedCheck).toMatchObject({
      identityDistance: null,
      estimatedAge: null,
    });
  });

  it("fails the job with the provider's failure after the retry", async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    const first = await predictionOf(deps, uploadId, 10);
    hosted.states.set(first, failed('NSFW filter'));
    await checkPrediction(deps, first);
    const second = await predictionOf(deps, uploadId, 10);
    hosted.states.set(second, failed('NSFW filter'));
    await checkPrediction(deps, second);
    expect(await jobOf(deps, uploadId, 10)).toMatchObject({
      status: 'failed',
      failureReason: messages.aiProviderFailed,
    });
  });

  it('sweeps: polls quiet predictions, leaves fresh ones, cancels and fails the stuck', async () => {
    const { deps, hosted, uploadId } = await startedRenders();
    const [done, stuck, fresh] = await Promise.all(
      ([10, 16, 21] as const).map((a) => predictionOf(deps, uploadId, a)),
    );
    hosted.states.set(done, await succeeded());

    deps.clock.advance(PREDICTION_POLL_AFTER_MS / 2);
    expect(await sweepPredictions(deps)).toMatchObject({ checked: 0 });

    deps.clock.advance(PREDICTION_POLL_AFTER_MS);
    expect(await sweepPredictions(deps)).toEqual({ checked: 3, finished: 1, timedOut: 0, failed: 0 });
    expect((await jobOf(deps, uploadId, 10)).status).toBe('done');

    deps.clock.advance(PREDICTION_GIVE_UP_AFTER_MS);
    hosted.states.set(fresh, { status: 'running' });
    expect(await sweepPredictions(deps)).toMatchObject({ checked: 2, timedOut: 2 });
    expect(hosted.cancelled.sort()).toEqual([fresh, stuck].sort());
    const timedOut = await jobOf(deps, uploadId, 16);
    expect(timedOut).toMatchObject({ status: 'failed', failureReason: messages.aiProviderTimedOut });
    expect(await deps.predictions.listRunning('9999', 10)).toEqual([]);
  });

  it('fails the job at once when the hosted provider is not configured', async () => {
    const deps = fakeDeps();
    const hosted = createFakeHostedAgeing();
    const { AiCapabilityUnavailableError } = await import('../errors');
    hosted.failStartWith = new AiCapabilityUnavailableError('ageProgress', 'replicate');
    deps.imageAI.hostedAgeing = hosted;
    const uploadId = await uploadedPhoto(deps, parent(), { render: false });
    expect(await renderBatch(deps, deps.renderQueue.take())).toEqual([]);
    expect(await jobOf(deps, uploadId, 10)).toMatchObject({
      status: 'failed',
      failureReason: messages.aiProviderRequired,
    });
  });
});
