/** The pack queue: generation runs and the scheduler's ticks. Unconfigured (a Lambda without it) it refuses. */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { PackQueue } from '../../core/admin/packs-ports';
import { correlationAttributes } from './correlation-attributes';

export function createSqsPackQueue(sqs: SQSClient, queueUrl: string | undefined): PackQueue {
  return {
    async enqueue(message) {
      if (!queueUrl) throw new Error('PACK_QUEUE_URL is not set for this function');
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(message),
          MessageAttributes: correlationAttributes(),
        }),
      );
    },
  };
}
