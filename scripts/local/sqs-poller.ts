/**
 * Lambda's SQS event source mapping, locally: long-polls a queue, hands batches to the worker as a
 * real SQSEvent, and deletes what succeeded (partial batch responses). Failed or thrown messages
 * stay in the queue, come back after the visibility timeout and reach the DLQ via the redrive policy.
 */
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { createLambdaContext } from './lambda-context';

export type SqsWorker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export type BatchReport = { received: number; deleted: number; failed: number; error?: unknown };

export type SqsPoller = { stop(): Promise<void> };

export type SqsPollerOptions = {
  sqs: SQSClient;
  queueUrl: string;
  worker: SqsWorker;
  functionName?: string;
  region?: string;
  batchSize?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  waitTimeSeconds?: number;
  /** The queue's visibility timeout: in-flight messages are kept invisible while the worker runs. */
  visibilityTimeoutSeconds?: number;
  /** The worker's timeout, like the Lambda's; on expiry the batch counts as failed. */
  workerTimeoutMs?: number;
  onBatch?: (report: BatchReport) => void;
  log?: (line: string) => void;
};

/** A received message in the shape Lambda delivers it. */
export function toSqsRecord(message: Message, eventSourceARN: string, awsRegion: string): SQSRecord {
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: value.DataType ?? 'String',
      stringValue: value.StringValue,
      binaryValue: value.BinaryValue ? Buffer.from(value.BinaryValue).toString('base64') : undefined,
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map((b) => Buffer.from(b).toString('base64')),
    };
  }
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...(attributes.MessageGroupId ? { MessageGroupId: attributes.MessageGroupId } : {}),
      ...(attributes.MessageDeduplicationId
        ? { MessageDeduplicationId: attributes.MessageDeduplicationId }
        : {}),
      ...(attributes.SequenceNumber ? { SequenceNumber: attributes.SequenceNumber } : {}),
    },
    messageAttributes,
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN,
    awsRegion,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startSqsPoller(opts: SqsPollerOptions): Promise<SqsPoller> {
  const { sqs, queueUrl, worker } = opts;
  const region = opts.region ?? 'us-east-1';
  const functionName = opts.functionName ?? 'render-worker';
  const batchSize = opts.batchSize ?? 10;
  const visibility = opts.visibilityTimeoutSeconds ?? 30;
  const workerTimeoutMs = opts.workerTimeoutMs ?? 120_000;
  const log = opts.log ?? ((line: string) => console.log(line));
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queueArn = Attributes?.QueueArn ?? `arn:aws:sqs:${region}:000000000000:${queueUrl.split('/').pop()}`;

  const abort = new AbortController();
  let running = true;

  async function runBatch(messages: Message[]): Promise<BatchReport> {
    const records = messages.map((m) => toSqsRecord(m, queueArn, region));
    // Keep the batch invisible while the worker runs, as a long queue visibility timeout does in AWS.
    const heartbeat = setInterval(
      () => {
        sqs
          .send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: queueUrl,
              Entries: records.map((r, i) => ({
                Id: `h${i}`,
                ReceiptHandle: r.receiptHandle,
                VisibilityTimeout: visibility,
              })),
            }),
          )
          .catch(() => undefined);
      },
      Math.max(500, (visibility * 1000) / 2),
    );
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`worker timed out after ${workerTimeoutMs} ms`)),
          workerTimeoutMs,
        );
      });
      const context = createLambdaContext(functionName, { timeoutMs: workerTimeoutMs, region });
      const response = await Promise.race([worker({ Records: records }, context), timeout]);
      const failedIds = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      const done = records.filter((r) => !failedIds.has(r.messageId));
      if (done.length) {
        const result = await sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: done.map((r, i) => ({ Id: `d${i}`, ReceiptHandle: r.receiptHandle })),
          }),
        );
        if (result.Failed?.length)
          log(`[sqs-poller] ${result.Failed.length} deletes failed: ${result.Failed[0].Message}`);
      }
      return { received: records.length, deleted: done.length, failed: records.length - done.length };
    } catch (error) {
      // A thrown worker fails the whole batch: nothing is deleted, everything is retried.
      console.error(
        `[sqs-poller] ${functionName} threw; ${records.length} message(s) will be retried:`,
        error,
      );
      return { received: records.length, deleted: 0, failed: records.length, error };
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
    }
  }

  async function lane(): Promise<void> {
    let lastError = '';
    while (running) {
      let messages: Message[];
      try {
        const received = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: batchSize,
            WaitTimeSeconds: opts.waitTimeSeconds ?? 20,
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        messages = received.Messages ?? [];
        lastError = '';
      } catch (error) {
        if (!running) return;
        const text = String((error as Error).message ?? error);
        if (text !== lastError) log(`[sqs-poller] receive failed (retrying): ${text}`);
        lastError = text;
        await sleep(1000);
        continue;
      }
      if (!messages.length) continue;
      const report = await runBatch(messages);
      opts.onBatch?.(report);
    }
  }

  const lanes = Array.from({ length: opts.concurrency ?? 2 }, () => lane());
  return {
    async stop() {
      if (!running) return;
      running = false;
      abort.abort();
      // Batches already handed to the worker finish; their results are applied.
      await Promise.allSettled(lanes);
    },
  };
}
