/** An SQS-triggered handler over a use case that takes the batch and answers the ids that failed. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { CORRELATION_ATTRIBUTE } from '../core/correlation';
import type { BatchItem } from '../core/render/render-batch';

export const createSqsBatchHandler =
  <D>(deps: D, processBatch: (deps: D, items: BatchItem[]) => Promise<string[]>) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failed = await processBatch(
      deps,
      event.Records.map((record) => ({
        id: record.messageId,
        body: record.body,
        attempt: Number(record.attributes?.ApproximateReceiveCount ?? '1'),
        correlationId: record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue,
      })),
    );
    // Partial batch failures: only these messages come back; the rest are deleted.
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  };
