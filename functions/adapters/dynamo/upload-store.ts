/** Uploads and their render jobs as items of the single table (docs/architecture.md#data-model). */
import {
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { TargetAge } from '@shared/catalog';
import type { CutoutInfo, FaceBox, UploadRecord, UploadStore } from '../../core/ports';
import { deleteUploadItems, deleteUserPartition, migrateTransaction, queryOwnerIndex } from './account-items';
import { conditionally, isConditionFailure } from './errors';
import { jobFromItem, jobItem } from './job-item';
import { createJobRecovery } from './job-recovery';
import { keys } from './table-design';

type Item = Record<string, unknown>;

const PENDING_UPLOAD_TTL_SECONDS = 86_400;

function uploadFromItem(item: Item): UploadRecord {
  return {
    id: item.id as string,
    owner: item.owner as UploadRecord['owner'],
    status: item.status as UploadRecord['status'],
    incomingKey: item.incomingKey as string,
    fileKey: item.fileKey as string | undefined,
    declaredType: item.declaredType as string,
    declaredSize: item.declaredSize as number,
    email: item.email as string | undefined,
    migrated: Boolean(item.migrated),
    createdAt: item.createdAt as string,
    expiresAt: item.ttl as number | undefined,
    face: item.face as FaceBox | undefined,
    migratedFrom: item.migratedFrom as string | undefined,
    purpose: item.purpose as UploadRecord['purpose'],
    cutout: item.cutout as CutoutInfo | undefined,
  };
}

/** TTL deletion can lag by days: an item past its time is gone as far as users are concerned. */
const isExpired = (item: Item) => typeof item.ttl === 'number' && item.ttl * 1000 <= Date.now();

const pendingTtl = () => Math.floor(Date.now() / 1000) + PENDING_UPLOAD_TTL_SECONDS;

export function createDynamoUploadStore(doc: DynamoDBDocumentClient, tableName: string): UploadStore {
  const now = () => new Date().toISOString();

  /**
   * Moves a processing job on, once. The write carries a token of its own: when its answer is lost
   * and the SDK sends the very same request again, the replay finds its own token and succeeds
   * (without it, the caller would be told another delivery won, and skip what follows: the email,
   * the tags of a migrated upload's files), while any other delivery's write still fails.
   */
  async function transition(uploadId: string, age: TargetAge, set: string, values: Item): Promise<boolean> {
    return conditionally(() =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.job(uploadId, age),
          // Out of processing, so out of the sparse in-progress index the sweeper reads.
          UpdateExpression: `SET ${set}, transitionId = :transition, updatedAt = :now REMOVE gsi2pk, gsi2sk`,
          ConditionExpression: '#status = :processing OR transitionId = :transition',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ...values,
            ':processing': 'processing',
            ':transition': crypto.randomUUID(),
            ':now': now(),
          },
        }),
      ),
    );
  }

  return {
    async createUpload(upload) {
      const { expiresAt, face: _face, ...rest } = upload;
      // A signed-in parent's upload that never receives its file is cleaned up after a day.
      const ttl = expiresAt ?? pendingTtl();
      await doc
        .send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.upload(upload.id),
              ...keys.ownerIndex(upload.owner, upload.createdAt),
              type: 'upload',
              ...rest,
              ttl,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        )
        .catch((error) => {
          // The id is new: an upload already under it is this very write, resent by the SDK after
          // its answer was lost. Never a reason to fail the parent's upload.
          if (!isConditionFailure(error)) throw error;
        });
    },

    async getUploadWithJobs(id) {
      const result = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.upload(id).pk },
          // The worker reads right after complete's transaction: a stale read would drop a job.
          ConsistentRead: true,
        }),
      );
      const items = result.Items ?? [];
      const meta = items.find((item) => item.sk === 'META');
      if (!meta || isExpired(meta)) return null;
      return { upload: uploadFromItem(meta), jobs: items.filter((i) => i.type === 'job').map(jobFromItem) };
    },

    async markReadyWithJobs(upload, fileKey, jobs) {
      const keepsTtl = upload.owner.startsWith('session:');
      return conditionally(() =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.upload(upload.id),
                  UpdateExpression: keepsTtl
                    ? 'SET #status = :ready, fileKey = :fileKey, readyAt = :now'
                    : 'SET #status = :ready, fileKey = :fileKey, readyAt = :now REMOVE #ttl',
                  ConditionExpression: '#status = :awaiting',
                  ExpressionAttributeNames: { '#status': 'status', ...(keepsTtl ? {} : { '#ttl': 'ttl' }) },
                  ExpressionAttributeValues: {
                    ':ready': 'ready',
                    ':awaiting': 'awaiting_file',
                    ':fileKey': fileKey,
                    ':now': now(),
                  },
                },
              },
              ...jobs.map((job) => ({
                Put: {
                  TableName: tableName,
                  Item: jobItem(job),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              })),
            ],
          }),
        ),
      );
    },

    async addJob(job) {
      return conditionally(() =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: tableName,
                  Key: keys.upload(job.uploadId),
                  ConditionExpression: '#status = :ready',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':ready': 'ready' },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: jobItem(job),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        ),
      );
    },

    async revertReady(upload, ages) {
      const uploadId = upload.id;
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.upload(uploadId),
                  UpdateExpression: 'SET #status = :awaiting, #ttl = :ttl REMOVE fileKey, readyAt',
                  // Without it, an upload deleted meanwhile would come back as a bare item.
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
                  ExpressionAttributeValues: {
                    ':awaiting': 'awaiting_file',
                    ':ttl': upload.expiresAt ?? pendingTtl(),
                  },
                },
              },
              ...ages.map((age) => ({ Delete: { TableName: tableName, Key: keys.job(uploadId, age) } })),
            ],
          }),
        );
      } catch (error) {
        // Deleted meanwhile (with the jobs it had): nothing to revert.
        if (!isConditionFailure(error)) throw error;
      }
    },

    async saveEmail(uploadId, email) {
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.upload(uploadId),
            UpdateExpression: 'SET email = :email',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':email': email },
          }),
        ),
      );
    },

    async saveCutout(uploadId, cutout, owner) {
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.upload(uploadId),
            UpdateExpression: 'SET cutout = :cutout',
            ConditionExpression: 'attribute_exists(pk) AND #owner = :owner',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':cutout': cutout, ':owner': owner },
          }),
        ),
      );
    },

    async saveFace(uploadId, face) {
      // Best effort: the face is a cache; an upload deleted meanwhile needs none.
      await doc
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.upload(uploadId),
            UpdateExpression: 'SET face = if_not_exists(face, :face)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':face': face },
          }),
        )
        .catch((error) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    completeJob: (uploadId, age, { previewKey, hdKey, hostedCheck, landmarks }) =>
      transition(
        uploadId,
        age,
        `#status = :done, previewKey = :previewKey, hdKey = :hdKey${hostedCheck ? ', hostedCheck = :check' : ''}${landmarks ? ', landmarks = :landmarks' : ''}`,
        {
          ':done': 'done',
          ':previewKey': previewKey,
          ':hdKey': hdKey,
          ...(hostedCheck ? { ':check': hostedCheck } : {}),
          ...(landmarks ? { ':landmarks': landmarks } : {}),
        },
      ),

    async markQueued(uploadId, ages) {
      await Promise.all(
        ages.map((age) =>
          doc
            .send(
              new UpdateCommand({
                TableName: tableName,
                Key: keys.job(uploadId, age),
                UpdateExpression: 'SET queuedAt = :now',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':now': now() },
              }),
            )
            .catch((error) => {
              // The upload was deleted meanwhile: nothing left to render.
              if (!isConditionFailure(error)) throw error;
            }),
        ),
      );
    },

    failJob: (uploadId, age, reason) =>
      transition(uploadId, age, '#status = :failed, failureReason = :reason', {
        ':failed': 'failed',
        ':reason': reason,
      }),

    async replaceHdKey(uploadId, age, from, to) {
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.job(uploadId, age),
            UpdateExpression: 'SET hdKey = :to',
            ConditionExpression: 'hdKey = :from',
            ExpressionAttributeValues: { ':from': from, ':to': to },
          }),
        ),
      );
    },

    async listByOwner(owner, opts) {
      return (await queryOwnerIndex(doc, tableName, owner, opts)).map(uploadFromItem);
    },

    async migrate(plans) {
      if (plans.length === 0) return true;
      return conditionally(() =>
        doc.send(new TransactWriteCommand({ TransactItems: migrateTransaction(tableName, plans, now()) })),
      );
    },

    async deleteUpload(upload, jobs) {
      return conditionally(() =>
        doc.send(new TransactWriteCommand({ TransactItems: deleteUploadItems(tableName, upload, jobs) })),
      );
    },

    deleteUserItems: (sub) => deleteUserPartition(doc, tableName, sub),
    ...createJobRecovery(doc, tableName),
  };
}
