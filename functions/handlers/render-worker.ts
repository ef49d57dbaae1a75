/** SQS render queue consumer with partial batch failures. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getDeps } from '../adapters/deps';
import { renderBatch } from '../core/render/render-batch';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed = await renderBatch(
    getDeps(),
    event.Records.map((record) => ({
      id: record.messageId,
      body: record.body,
      attempt: Number(record.attributes?.ApproximateReceiveCount ?? '1'),
    })),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
