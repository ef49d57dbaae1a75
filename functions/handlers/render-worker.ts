/** SQS render queue consumer with partial batch failures. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Deps } from '../core/deps';
import { renderBatch } from '../core/render/render-batch';

export const createRenderWorkerHandler =
  (deps: Deps) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failed = await renderBatch(
      deps,
      event.Records.map((record) => ({
        id: record.messageId,
        body: record.body,
        attempt: Number(record.attributes?.ApproximateReceiveCount ?? '1'),
      })),
    );
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  };
