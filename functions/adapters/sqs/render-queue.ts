/** The render queue: one message per (upload, age), and the worker's other tasks (RenderTask). */
import {
  type MessageAttributeValue,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { CORRELATION_ATTRIBUTE, correlationId } from '../../core/correlation';
import type { RenderQueue } from '../../core/ports';

/** The correlation id of the request (or message) being handled, for the worker's logs. */
function correlationAttributes(): Record<string, MessageAttributeValue> | undefined {
  const id = correlationId();
  return id ? { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: id } } : undefined;
}

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
