import { createHash, randomUUID } from 'node:crypto';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalEnv } from '../../functions/test-support/local-env';
import { ensureRenderQueues, LOCAL_VISIBILITY_TIMEOUT_SECONDS } from './resources';
import { type BatchReport, startSqsPoller } from './sqs-poller';

loadLocalEnv();
const sqs = new SQSClient({});
afterAll(() => sqs.destroy());

/** A fresh queue pair configured exactly like render/render-dlq, so other tests' messages stay apart. */
async function isolatedQueues() {
  const name = `test-render-${randomUUID().slice(0, 8)}`;
  return ensureRenderQueues(sqs, {
    queueName: name,
    dlqName: `${name}-dlq`,
    visibilityTimeoutSeconds: LOCAL_VISIBILITY_TIMEOUT_SECONDS,
  });
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SQS poller', () => {
  it('delivers a Lambda-shaped SQSEvent and deletes only what succeeded', async () => {
    const { renderQueueUrl } = await isolatedQueues();
    const seen: SQSRecord[] = [];
    const reports: BatchReport[] = [];
    for (const body of ['ok-1', 'fail-1']) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: renderQueueUrl,
          MessageBody: body,
          MessageAttributes: { kind: { DataType: 'String', StringValue: 'test' } },
        }),
      );
    }
    const poller = await startSqsPoller({
      sqs,
      queueUrl: renderQueueUrl,
      visibilityTimeoutSeconds: LOCAL_VISIBILITY_TIMEOUT_SECONDS,
      waitTimeSeconds: 1,
      log: () => undefined,
      onBatch: (report) => reports.push(report),
      worker: async (event) => {
        seen.push(...event.Records);
        return {
          batchItemFailures: event.Records.filter((r) => r.body.startsWith('fail')).map((r) => ({
            itemIdentifier: r.messageId,
          })),
        };
      },
    });
    try {
      // The failed message comes back after the visibility timeout, with a higher receive count.
      await waitFor('the failed message to be redelivered', 20_000, async () =>
        seen.some((r) => r.body === 'fail-1' && r.attributes.ApproximateReceiveCount === '2')
          ? true
          : undefined,
      );
    } finally {
      await poller.stop();
    }
    expect(seen.filter((r) => r.body === 'ok-1')).toHaveLength(1);
    const record = seen.find((r) => r.body === 'ok-1')!;
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { kind: { dataType: 'String', stringValue: 'test' } },
    });
    expect(record.eventSourceARN).toMatch(/^arn:aws:sqs:us-east-1:\d+:test-render-/);
    expect(record.md5OfBody).toBe(createHash('md5').update('ok-1').digest('hex'));
    expect(record.receiptHandle).toBeTruthy();
    expect(Number(record.attributes.SentTimestamp)).toBeGreaterThan(0);
    expect(reports.reduce((n, r) => n + r.deleted, 0)).toBe(1);
  });

  it('moves a message that fails three receives to the DLQ', async () => {
    const { renderQueueUrl, renderDlqUrl } = await isolatedQueues();
    const counts: string[] = [];
    await sqs.send(new SendMessageCommand({ QueueUrl: renderQueueUrl, MessageBody: 'poison' }));
    const poller = await startSqsPoller({
      sqs,
      queueUrl: renderQueueUrl,
      visibilityTimeoutSeconds: LOCAL_VISIBILITY_TIMEOUT_SECONDS,
      waitTimeSeconds: 1,
      log: () => undefined,
      worker: async (event) => {
        counts.push(...event.Records.map((r) => r.attributes.ApproximateReceiveCount));
        throw new Error('render failed (expected by this test)');
      },
    });
    try {
      const dead = await waitFor('the message in the DLQ', 40_000, async () => {
        const { Messages } = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl: renderDlqUrl, WaitTimeSeconds: 1, AttributeNames: ['All'] }),
        );
        return Messages?.[0];
      });
      expect(dead.Body).toBe('poison');
    } finally {
      await poller.stop();
    }
    expect(counts).toEqual(['1', '2', '3']);
  }, 60_000);
});
