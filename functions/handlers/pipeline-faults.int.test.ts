/**
 * The render pipeline under injected faults, on the emulators: the worker killed mid-job, an S3
 * write failing, DynamoDB throttling, a lost answer the SDK resends, one message delivered twice
 * at once; and the upload routes that create and queue the jobs. Each time: a 503 the caller may
 * retry, then every job queued once and done exactly once, the bucket holding exactly the files
 * the job records, and no record half-written.
 * Already covered elsewhere: poison messages and the DLQ (render-worker.int.test.ts), deletion or
 * migration while a job renders (render-races.int.test.ts), a sequential duplicate of a finished
 * job (uploads.int.test.ts), hosted predictions (hosted-render.int.test.ts).
 * The face is detected once for the file and saved on each upload, so a render takes well under a second.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { TargetAge } from '@shared/catalog';
import { S3_PREFIXES } from '@shared/deployment';
import { messages } from '@shared/messages';
import type { Context } from 'aws-lambda';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../core/deps';
import type { FaceBox, RenderJobRecord } from '../core/ports';
import { originalKeyFor } from '../core/uploads/create-upload';
import { killedBeforeCompletion, withFailingPuts, withFaultyTable } from '../test-support/faults';
import * as images from '../test-support/images';
import { invokeRoute, sqsEvent } from '../test-support/invoke';
import { jobRecord, uploadRecord, userOwner } from '../test-support/records';
import { createTestApp } from '../test-support/test-app';
import { createHandlersOver } from './registry';

const outbox = mkdtempSync(path.join(os.tmpdir(), 'lf-faults-outbox-'));
const settings = { MAIL_OUTBOX_DIR: outbox };
const app = createTestApp(settings);
const { deps } = app;
const sqs = new SQSClient({ region: process.env.AWS_REGION });
const queueUrl = process.env.RENDER_QUEUE_URL!;

let original: Buffer;
let face: FaceBox;

beforeAll(async () => {
  await app.purgeRenderQueue();
  original = (await deps.inspector.normalise(images.samplePhoto(2))).jpeg;
  [face] = (await deps.imageAI.detectFaces({ image: original })).faces;
});

afterAll(async () => {
  await app.purgeRenderQueue();
});

/** A parent's ready photo with one processing job, its render message on the queue (as complete leaves it). */
async function queuedJob(age: TargetAge, opts: { notify?: string } = {}) {
  const upload = uploadRecord(deps.clock, userOwner());
  await deps.uploads.createUpload(upload);
  const fileKey = originalKeyFor(upload);
  await deps.blobs.put('uploads', fileKey, original, { contentType: 'image/jpeg', anonymous: false });
  const job: RenderJobRecord = jobRecord(upload, age, deps.clock);
  if (opts.notify) job.notify = { email: opts.notify, link: `http://localhost/result/${upload.id}` };
  expect(await deps.uploads.markReadyWithJobs(upload, fileKey, [job])).toBe(true);
  await deps.uploads.saveFace(upload.id, face);
  await deps.renderQueue.enqueue([{ uploadId: upload.id, age }]);
  return upload.id;
}

async function jobOf(uploadId: string, age: TargetAge) {
  return (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((job) => job.age === age)!;
}

async function renderFiles(uploadId: string) {
  const [previews, hd] = await Promise.all([
    deps.blobs.list('renders', `${S3_PREFIXES.previews.prefix}${uploadId}/`),
    deps.blobs.list('renders', `${S3_PREFIXES.hd.prefix}${uploadId}/`),
  ]);
  return [...previews, ...hd].sort();
}

/** Done once, and the bucket holds exactly the two files the job records, both whole images. */
async function expectDoneOnce(uploadId: string, age: TargetAge) {
  const job = await jobOf(uploadId, age);
  expect(job).toMatchObject({ status: 'done', failureReason: undefined });
  expect(await renderFiles(uploadId)).toEqual([job.hdKey, job.previewKey].sort());
  const hd = await sharp(await deps.blobs.get('renders', job.hdKey!)).metadata();
  expect([hd.format, hd.width, hd.height]).toEqual(['jpeg', 2000, 2000]);
  // Nothing is left on the queue to render it again.
  expect((await app.runRenderWorker({ maxBatches: 1, waitSeconds: 0 })).delivered).toBe(0);
  return job;
}

/** Receives `count` messages, held for the caller like the SQS trigger holds a batch. */
async function receive(count: number): Promise<Message[]> {
  const messages: Message[] = [];
  for (let poll = 0; poll < 10 && messages.length < count; poll++) {
    const received = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: count - messages.length,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    messages.push(...(received.Messages ?? []));
  }
  expect(messages).toHaveLength(count);
  return messages;
}

/** The ages of the three render messages now on the queue, all of this upload's. */
async function queuedAges(uploadId: string) {
  const bodies: { uploadId: string; age: number }[] = (await receive(3)).map((m) => JSON.parse(m.Body!));
  expect(bodies.map((body) => body.uploadId)).toEqual([uploadId, uploadId, uploadId]);
  return bodies.map((body) => body.age).sort((a, b) => a - b);
}

/** What SQS does when a message's visibility timeout runs out unanswered (made immediate here). */
const redeliverNow = (message: Message) =>
  sqs.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl,
      ReceiptHandle: message.ReceiptHandle!,
      VisibilityTimeout: 0,
    }),
  );

/** One invocation of the real worker on these messages, in the container these deps stand for. */
async function invoke(workerDeps: Deps, messages: Message[]) {
  const response = await createHandlersOver(workerDeps).renderWorker(sqsEvent(messages), {} as Context);
  const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
  for (const m of messages.filter((m) => !failed.has(m.MessageId!))) {
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
  }
  return failed.size;
}

const mailsTo = (email: string) =>
  readdirSync(outbox).filter((name) => readFileSync(path.join(outbox, name), 'utf8').includes(email));

/** The worker's log lines ("render job" carries each delivery's outcome). */
function recordingLog(workerDeps: Deps) {
  const lines: { message: string; outcome?: string }[] = [];
  const log = (message: string, extra?: object) => void lines.push({ message, ...extra });
  return { deps: { ...workerDeps, logger: { info: log, warn: log, error: log } } as Deps, lines };
}

describe('the render worker under faults', () => {
  it('finishes a job once when its worker was killed after writing the HD file, on a new container', async () => {
    const uploadId = await queuedJob(10);
    const doomed = killedBeforeCompletion(createTestApp(settings).deps);
    const [message] = await receive(1);
    // The invocation never returns: its message is neither deleted nor reported as failed.
    void invoke(doomed.deps, [message]);
    await doomed.killed;
    const [hdKey] = await deps.blobs.list('renders', `${S3_PREFIXES.hd.prefix}${uploadId}/`);
    expect(hdKey).toBeDefined();
    expect(await jobOf(uploadId, 10)).toMatchObject({ status: 'processing', hdKey: undefined });

    // The message comes back; a fresh container, sharing nothing with the dead one, receives it.
    await redeliverNow(message);
    const fresh = createTestApp(settings);
    const [again] = await receive(1);
    expect(again.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(await invoke(fresh.deps, [again])).toBe(0);
    const job = await expectDoneOnce(uploadId, 10);
    // The render is deterministic: the redelivery wrote (and recorded) the same HD file.
    expect(job.hdKey).toBe(hdKey);
  });

  it('retries a job whose HD write failed and completes it from the redelivered message', async () => {
    const uploadId = await queuedJob(16);
    const faulty = withFailingPuts(deps, (_bucket, key) => key.startsWith(S3_PREFIXES.hd.prefix));
    const [message] = await receive(1);
    expect(await invoke(faulty.deps, [message])).toBe(1);
    expect(faulty.injected.failures).toBe(1);
    // No half-written record: the job still waits, with no file recorded.
    expect(await jobOf(uploadId, 16)).toMatchObject({
      status: 'processing',
      previewKey: undefined,
      hdKey: undefined,
    });

    await redeliverNow(message);
    expect(await invoke(deps, await receive(1))).toBe(0);
    await expectDoneOnce(uploadId, 16);
  });

  it.each([
    { attempts: 1, firstDelivery: 'completes', failed: 0 },
    { attempts: 'all' as const, firstDelivery: 'fails', failed: 1 },
  ])(
    'completes a job whose completion was throttled ($attempts attempts; the first delivery $firstDelivery)',
    async ({ attempts, failed }) => {
      const uploadId = await queuedJob(21);
      const throttled = withFaultyTable(deps, { command: 'UpdateItemCommand', attempts });
      const [message] = await receive(1);
      // The SDK retries a throttled request (with backoff) before the worker ever sees the error.
      expect(await invoke(throttled.deps, [message])).toBe(failed);
      expect(throttled.injected.failures).toBe(attempts === 'all' ? 4 : attempts);
      if (failed) {
        expect(await jobOf(uploadId, 21)).toMatchObject({ status: 'processing', hdKey: undefined });
        await redeliverNow(message);
        // The redelivery meets the same (now calm) table.
        expect(await invoke(throttled.deps, await receive(1))).toBe(0);
      }
      await expectDoneOnce(uploadId, 21);
    },
  );

  it('completes a job and emails once when the answer to its completion was lost and the SDK resent it', async () => {
    const email = `lost-${crypto.randomUUID()}@example.com`;
    const uploadId = await queuedJob(10, { notify: email });
    const lossy = withFaultyTable(deps, {
      command: 'UpdateItemCommand',
      attempts: 1,
      fault: 'response-lost',
    });
    const container = recordingLog(lossy.deps);
    expect(await invoke(container.deps, await receive(1))).toBe(0);
    expect(lossy.injected.failures).toBe(1);
    const outcomes = container.lines
      .filter((line) => line.message === 'render job')
      .map((line) => line.outcome);
    expect(outcomes).toEqual(['done']);
    await expectDoneOnce(uploadId, 10);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('renders a message delivered twice to two containers at once: done once, one email', async () => {
    const email = `twice-${crypto.randomUUID()}@example.com`;
    const uploadId = await queuedJob(10, { notify: email });
    // A standard queue may deliver a message more than once: here it really is on the queue twice.
    await deps.renderQueue.enqueue([{ uploadId, age: 10 }]);
    const [first, second] = await receive(2);
    const containers = [
      recordingLog(createTestApp(settings).deps),
      recordingLog(createTestApp(settings).deps),
    ];
    const failures = await Promise.all([
      invoke(containers[0].deps, [first]),
      invoke(containers[1].deps, [second]),
    ]);
    expect(failures).toEqual([0, 0]);
    const outcomes = containers
      .flatMap((c) => c.lines)
      .filter((line) => line.message === 'render job')
      .map((line) => line.outcome)
      .sort();
    expect(outcomes).toEqual(['done', 'skipped']);
    await expectDoneOnce(uploadId, 10);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('uploading under faults', () => {
  it('starts an upload whose record was written though the answer was lost', async () => {
    const lossy = withFaultyTable(deps, { command: 'PutItemCommand', attempts: 1, fault: 'response-lost' });
    const started = await invokeRoute(createHandlersOver(lossy.deps).httpHandlers, 'createUpload', {
      sessionId: crypto.randomUUID(),
      body: { contentType: 'image/jpeg', size: 1000 },
    });
    expect([started.status, lossy.injected.failures]).toEqual([200, 1]);
    expect((await deps.uploads.getUploadWithJobs(started.json.uploadId))?.upload.status).toBe(
      'awaiting_file',
    );
  });

  it('creates and queues its jobs once after its original failed to store, then its transaction was throttled', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await app.uploadPhoto({ sessionId }, images.samplePhoto(2), { complete: false });
    const complete = (over: Deps) =>
      invokeRoute(createHandlersOver(over).httpHandlers, 'completeUpload', {
        sessionId,
        params: { uploadId },
      });
    const untouched = async () => {
      const found = await deps.uploads.getUploadWithJobs(uploadId);
      expect([found?.upload.status, found?.jobs]).toEqual(['awaiting_file', []]);
    };

    const s3Down = withFailingPuts(deps, (bucket) => bucket === 'uploads');
    const refused = await complete(s3Down.deps);
    expect([refused.status, refused.json.error.message]).toEqual([503, messages.serverError]);
    await untouched();
    const throttled = withFaultyTable(deps, { command: 'TransactWriteItemsCommand', attempts: 'all' });
    expect((await complete(throttled.deps)).status).toBe(503);
    await untouched();

    // The parent's page asks again: the photo they sent is still there, and is accepted once.
    expect((await complete(throttled.deps)).status).toBe(200);
    const jobs = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;
    expect(jobs.map((job) => [job.age, job.status])).toEqual([
      [10, 'processing'],
      [16, 'processing'],
      [21, 'processing'],
    ]);
    expect(await queuedAges(uploadId)).toEqual([10, 16, 21]);
    expect((await complete(deps)).status).toBe(409);
  });

  it('completes an upload once when the answer to its jobs transaction was lost and the SDK resent it', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await app.uploadPhoto({ sessionId }, images.samplePhoto(2), { complete: false });
    // The SDK fills in the transaction's ClientRequestToken once: its resend is recognised, not refused.
    const lossy = withFaultyTable(deps, {
      command: 'TransactWriteItemsCommand',
      attempts: 1,
      fault: 'response-lost',
    });
    const completed = await invokeRoute(createHandlersOver(lossy.deps).httpHandlers, 'completeUpload', {
      sessionId,
      params: { uploadId },
    });
    expect([completed.status, completed.json.status, lossy.injected.failures]).toEqual([200, 'ready', 1]);
    expect(await queuedAges(uploadId)).toEqual([10, 16, 21]);
  });
});
