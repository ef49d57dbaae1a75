/** The render queue: one message per (upload, age), and the worker's other tasks (RenderTask). */
import { SendMessageBatchCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { RenderQueue } from '../../core/ports';
import { correlationAttributes } from './correlation-attributes';

export function createSqsRenderQueue(sqs: SQSClient, queueUrl: string): RenderQueue {
  return {
    async enqueue(messages) {
      for (let i = 0; i < messages.length; i += 10) {
        const chunk = messages.slice(i, i + 10);
        const result = await sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: chunk.map((message, n) => ({
              Id: `m${i + n}`,
              MessageBody: JSON.stringify(message),
              MessageAttributes: correlationAttributes(),
            })),
          }),
        );
        if (result.Failed?.length) {
          throw new Error(`SQS refused ${result.Failed.length} render messages: ${result.Failed[0].Message}`);
        }
      }
    },
    async enqueueTask(task) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(task),
          MessageAttributes: correlationAttributes(),
        }),
      );
    },
  };
}
