/**
 * Stuck and failed render jobs: found through the sparse in-progress index (never a Scan), put
 * back to processing or failed by updates conditional on the job being exactly as read.
 */
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RenderJobRecord, UploadStore } from '../../core/ports';
import { conditionally } from './errors';
import { jobFromItem } from './job-item';
import { keys } from './table-design';

type JobRecovery = Pick<UploadStore, 'listStuckJobs' | 'restartJob' | 'failStuckJob'>;

export function createJobRecovery(doc: DynamoDBDocumentClient, tableName: string): JobRecovery {
  /** One conditional update of a job still as read; false when it moved on (or is gone). */
  async function updateAsRead(job: RenderJobRecord, update: string, values: Record<string, unknown>) {
    return conditionally(() =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.job(job.uploadId, job.age),
          UpdateExpression: update,
          ConditionExpression: '#status = :seenStatus AND updatedAt = :seenUpdatedAt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ...values,
            ':seenStatus': job.status,
            ':seenUpdatedAt': job.updatedAt,
          },
        }),
      ),
    );
  }

  return {
    async listStuckJobs(before, limit) {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :processing AND gsi2sk < :before',
          ExpressionAttributeValues: {
            ':processing': keys.processingJobsIndex('', '', 0).gsi2pk,
            ':before': before,
          },
          Limit: limit,
        }),
      );
      return Items.map(jobFromItem);
    },

    restartJob(job, by) {
      const now = new Date().toISOString();
      const index = keys.processingJobsIndex(now, job.uploadId, job.age);
      const counting =
        by === 'sweeper'
          ? 'requeues = if_not_exists(requeues, :zero) + :one'
          : 'retries = if_not_exists(retries, :zero) + :one, requeues = :zero';
      return updateAsRead(
        job,
        `SET #status = :processing, updatedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, ${counting} ` +
          'REMOVE failureReason, prediction',
        {
          ':processing': 'processing',
          ':now': now,
          ':gsi2pk': index.gsi2pk,
          ':gsi2sk': index.gsi2sk,
          ':zero': 0,
          ':one': 1,
        },
      );
    },

    async failStuckJob(job, reason) {
      if (job.status !== 'processing') return false;
      return updateAsRead(
        job,
        'SET #status = :failed, failureReason = :reason, updatedAt = :now REMOVE gsi2pk, gsi2sk',
        { ':failed': 'failed', ':reason': reason, ':now': new Date().toISOString() },
      );
    },
  };
}
