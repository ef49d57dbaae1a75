/** SQS pack queue consumer (generation runs, scheduler ticks) with partial batch failures. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { packBatch } from '../core/admin/packs-worker';
import type { Deps } from '../core/deps';

export const createPackWorkerHandler =
  (deps: Deps) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failed = await packBatch(
      deps,
      event.Records.map((record) => ({
        id: record.messageId,
        body: record.body,
        attempt: Number(record.attributes?.ApproximateReceiveCount ?? '1'),
      })),
    );
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  };
