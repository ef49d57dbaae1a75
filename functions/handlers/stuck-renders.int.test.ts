/**
 * Nothing stays stuck, on the emulators: the sweeper's scheduled tick (a "sweep" message on the
 * render queue, as EventBridge Scheduler sends it) finds renders stuck past the limit through the
 * sparse in-progress index, re-queues each once, then fails it with a reason; the owner's
 * "Try again" route puts a failed render back on the queue once, however often it is clicked.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TargetAge } from '@shared/catalog';
import { messages } from '@shared/messages';
import { RENDER_STUCK_AFTER_MS } from '@shared/rules/stuck-jobs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '../adapters/dynamo/table-design';
import type { RenderMessage } from '../core/ports';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, env, purgeRenderQueue, runRenderWorker, uploadPhoto } = createTestApp();
const dynamo = new DynamoDBClient({ region: env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(dynamo);
const sqs = new SQSClient({ region: env.AWS_REGION });
afterAll(() => {
  dynamo.destroy();
  sqs.destroy();
});

/** What a worker that died without a word leaves: the job untouched since long before the limit. */
async function stall(uploadId: string, ages: TargetAge[]) {
  // Older than anything else in the shared table, so these come first in the sweeper's page.
  const long = new Date(Date.parse('2000-06-01T00:00:00Z') + Math.random() * 86_400_000).toISOString();
  for (const age of ages) {
    await doc.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: keys.job(uploadId, age),
        UpdateExpression: 'SET updatedAt = :long, gsi2sk = :sk',
        ConditionExpression: 'attribute_exists(gsi2pk)',
        ExpressionAttributeValues: {
          ':long': long,
          ':sk': keys.processingJobsIndex(long, uploadId, age).gsi2sk,
        },
      }),
    );
  }
}

/** The scheduler's tick, as the worker meets it. */
async function sweepTick() {
  await deps.renderQueue.enqueueTask({ kind: 'sweep' });
  expect(await runRenderWorker({ maxBatches: 1 })).toEqual({ delivered: 1, failed: 0 });
}

/** Every message on the render queue now, taken off it. */
async function drainQueue(): Promise<Partial<RenderMessage>[]> {
  const bodies: Partial<RenderMessage>[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: env.RENDER_QUEUE_URL,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    if (Messages.length === 0) break;
    bodies.push(...Messages.map((m) => JSON.parse(m.Body ?? '{}')));
  }
  await purgeRenderQueue();
  return bodies;
}
const queuedFor = async (uploadId: string) =>
  (await drainQueue()).filter((m) => m.uploadId === uploadId).map((m) => m.age);

const jobsOf = async (uploadId: string) => (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;

/** A visitor's photo whose three render messages were lost. */
async function lostRenders(sessionId: string) {
  const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(2));
  await purgeRenderQueue();
  return uploadId;
}

beforeEach(() => purgeRenderQueue());

describe('renders stuck past the limit', () => {
  it('are re-queued once by the sweeper, and the renders then finish them', async () => {
    const uploadId = await lostRenders(crypto.randomUUID());
    await sweepTick();
    // Inside the limit: nothing to do.
    expect(await queuedFor(uploadId)).toEqual([]);

    await stall(uploadId, [10, 16, 21]);
    await sweepTick();
    const jobs = await jobsOf(uploadId);
    expect(jobs.map((j) => [j.status, j.requeues])).toEqual(jobs.map(() => ['processing', 1]));
    expect(jobs.every((j) => Date.now() - Date.parse(j.updatedAt) < RENDER_STUCK_AFTER_MS)).toBe(true);
    const requeued = (await queuedFor(uploadId)).sort();
    expect(requeued).toEqual([10, 16, 21]);
    // A second tick straight after finds nothing stuck: each job's clock started again.
    await sweepTick();
    expect(await queuedFor(uploadId)).toEqual([]);

    await deps.renderQueue.enqueue(requeued.map((age) => ({ uploadId, age: age! })));
    await runRenderWorker();
    expect((await jobsOf(uploadId)).map((j) => j.status)).toEqual(['done', 'done', 'done']);
  });

  it('are failed with a reason when stuck again, and "Try again" queues one once for a double click', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await lostRenders(sessionId);
    await stall(uploadId, [10, 16, 21]);
    await sweepTick();
    expect(await queuedFor(uploadId)).toHaveLength(3); // and lost again
    await stall(uploadId, [10, 16, 21]);
    await sweepTick();
    expect(await queuedFor(uploadId)).toEqual([]);
    const status = await callRoute('getUpload', { sessionId, params: { uploadId } });
    expect(
      status.json.jobs.map((j: { status: string; failureReason: string }) => [j.status, j.failureReason]),
    ).toEqual([10, 16, 21].map(() => ['failed', messages.renderTimedOut]));

    const retry = () => callRoute('retryRender', { sessionId, params: { uploadId, age: '10' } });
    const foreign = await callRoute('retryRender', {
      sessionId: crypto.randomUUID(),
      params: { uploadId, age: '10' },
    });
    expect(foreign.status).toBe(403);
    const clicks = await Promise.all([retry(), retry()]);
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks[0]!.json.jobs[0]).toMatchObject({ age: 10, status: 'processing', failureReason: null });
    expect(await queuedFor(uploadId)).toEqual([10]);
    expect((await jobsOf(uploadId))[0]).toMatchObject({ status: 'processing', retries: 1, requeues: 0 });

    await deps.renderQueue.enqueue([{ uploadId, age: 10 }]);
    await runRenderWorker();
    expect((await jobsOf(uploadId)).map((j) => j.status)).toEqual(['done', 'failed', 'failed']);
  });
});
