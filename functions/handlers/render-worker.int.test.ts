/** Poison messages: after three failed attempts the job is failed and the message is in the DLQ. */
import {
  GetQueueUrlCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { QUEUES } from '@shared/deployment';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, runRenderWorker } = createTestApp();

const sqs = new SQSClient({ region: process.env.AWS_REGION });

async function dlqBodies() {
  const { QueueUrl } = await sqs.send(
    new GetQueueUrlCommand({ QueueName: process.env.RENDER_DLQ_NAME ?? QUEUES.render.deadLetterName }),
  );
  const received = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
  );
  await sqs.send(new PurgeQueueCommand({ QueueUrl }));
  return (received.Messages ?? []).map((m) => m.Body);
}

describe('render worker failures', () => {
  it('fails a job whose photo vanished after three attempts and moves its message to the DLQ', async () => {
    const sessionId = crypto.randomUUID();
    const bytes = images.samplePhoto(4);
    const created = await callRoute('createUpload', {
      sessionId,
      body: { contentType: 'image/jpeg', size: bytes.length },
    });
    await fetch(created.json.uploadUrl, {
      method: 'PUT',
      headers: created.json.headers,
      body: new Uint8Array(bytes),
    });
    const uploadId = created.json.uploadId;
    expect((await callRoute('completeUpload', { sessionId, params: { uploadId } })).status).toBe(200);
    const found = await deps.uploads.getUploadWithJobs(uploadId);
    await deps.blobs.delete('uploads', [found!.upload.fileKey!]);

    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await runRenderWorker({ retryNow: true, maxBatches: 1 }));
    // Three deliveries of three jobs fail; the fourth receive finds them redriven to the DLQ.
    expect(attempts.slice(0, 3).map((a) => a.failed)).toEqual([3, 3, 3]);
    expect(attempts[3].delivered).toBe(0);

    const status = await callRoute('getUpload', { params: { uploadId } });
    expect(
      status.json.jobs.map((j: { status: string; failureReason: string }) => [j.status, j.failureReason]),
    ).toEqual([10, 16, 21].map(() => ['failed', messages.renderFailed]));
    const dead = await dlqBodies();
    expect(dead.map((b) => JSON.parse(b!).age).sort()).toEqual([10, 16, 21]);
  });

  it('sends an unreadable message to the DLQ without touching any job', async () => {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: process.env.RENDER_QUEUE_URL!, MessageBody: 'not json at all' }),
    );
    for (let i = 0; i < 4; i++) await runRenderWorker({ retryNow: true, maxBatches: 1 });
    expect(await dlqBodies()).toEqual(['not json at all']);
  });
});
