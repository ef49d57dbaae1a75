/** Owner listings, migration and deletion items (kept apart so upload-store.ts stays readable). */
import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
  QueryCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { MigrationPlan, OwnerRef, RenderJobRecord, UploadRecord } from '../../core/ports';
import { keys, tableDesign } from './table-design';

type Item = Record<string, unknown>;

/** Items of one type under a gsi1 partition whose sort key starts with `prefix`; every page unless limited. */
export async function queryOwnerIndexItems(
  doc: DynamoDBDocumentClient,
  tableName: string,
  where: { gsi1pk: string; prefix: string; type: string },
  { oldestFirst = false, limit }: { oldestFirst?: boolean; limit?: number } = {},
): Promise<Item[]> {
  const index = tableDesign.globalIndexes[0];
  const found: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
        ExpressionAttributeValues: { ':pk': where.gsi1pk, ':prefix': where.prefix },
        ScanIndexForward: oldestFirst,
        Limit: limit ? limit - found.length : undefined,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []).filter((item) => item.type === where.type));
    startKey = page.LastEvaluatedKey;
  } while (startKey && (!limit || found.length < limit));
  return found;
}

/** Upload items of one owner from gsi1 (OWNER#<owner> / UPLOAD#<createdAt>). */
export function queryOwnerIndex(
  doc: DynamoDBDocumentClient,
  tableName: string,
  owner: OwnerRef,
  options: { oldestFirst?: boolean; limit?: number } = {},
): Promise<Item[]> {
  const where = { gsi1pk: keys.ownerIndex(owner, '').gsi1pk, prefix: 'UPLOAD#', type: 'upload' };
  return queryOwnerIndexItems(doc, tableName, where, options);
}

/** Every item of USER#<sub> (drafts, credits... as later features add them). */
export async function deleteUserPartition(doc: DynamoDBDocumentClient, tableName: string, sub: string) {
  let startKey: Item | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${sub}` },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      let requests: BatchWriteCommandInput['RequestItems'] = {
        [tableName]: items.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
      };
      // BatchWrite may leave some requests unprocessed under load: send them again.
      for (let attempt = 0; requests && Object.keys(requests).length && attempt < 5; attempt++) {
        const result: BatchWriteCommandOutput = await doc.send(
          new BatchWriteCommand({ RequestItems: requests }),
        );
        requests = result.UnprocessedItems;
      }
      if (requests && Object.keys(requests).length) throw new Error(`could not delete the items of ${sub}`);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * Each upload: new owner (and gsi1 partition, so it lists under the user), migrated, the original's
 * new key and no expiry, only while it still belongs to the session unmigrated; each job: no expiry.
 */
export function migrateTransaction(tableName: string, plans: MigrationPlan[], now: string): TransactItems {
  return plans.flatMap((plan) => [
    {
      Update: {
        TableName: tableName,
        Key: keys.upload(plan.upload.id),
        UpdateExpression:
          'SET #owner = :to, #gsi1pk = :gsi1pk, migrated = :true, fileKey = :fileKey, ' +
          'migratedFrom = :session, migratedAt = :now REMOVE #ttl',
        // A cut-out recorded since the plan was read has files the plan does not move: read again.
        ConditionExpression: `#owner = :from AND migrated = :false AND ${
          plan.upload.cutout ? 'attribute_exists(cutout)' : 'attribute_not_exists(cutout)'
        }`,
        ExpressionAttributeNames: { '#owner': 'owner', '#gsi1pk': 'gsi1pk', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':to': plan.to,
          ':from': plan.from,
          ':gsi1pk': keys.ownerIndex(plan.to, plan.upload.createdAt).gsi1pk,
          ':true': true,
          ':false': false,
          ':fileKey': plan.fileKey,
          ':session': plan.from.replace(/^session:/, ''),
          ':now': now,
        },
      },
    },
    ...plan.jobs.map((job) => ({
      Update: {
        TableName: tableName,
        Key: keys.job(plan.upload.id, job.age),
        UpdateExpression: 'REMOVE #ttl',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
      },
    })),
  ]);
}

/**
 * The upload and its jobs, only if nothing that names files changed since they were read: its
 * owner (a migration), its status (completed: an original and jobs), its cut-out, or a job (a
 * render that finished meanwhile, or an HD file made from its source). Their files must go too.
 */
export function deleteUploadItems(
  tableName: string,
  upload: UploadRecord,
  jobs: RenderJobRecord[],
): TransactItems {
  return [
    {
      Delete: {
        TableName: tableName,
        Key: keys.upload(upload.id),
        ConditionExpression: `#owner = :owner AND #status = :status AND ${
          upload.cutout ? 'attribute_exists(cutout)' : 'attribute_not_exists(cutout)'
        }`,
        ExpressionAttributeNames: { '#owner': 'owner', '#status': 'status' },
        ExpressionAttributeValues: { ':owner': upload.owner, ':status': upload.status },
      },
    },
    ...jobs.map((job) => ({
      Delete: {
        TableName: tableName,
        Key: keys.job(upload.id, job.age),
        ConditionExpression: `#status = :status AND ${job.hdKey ? 'hdKey = :hdKey' : 'attribute_not_exists(hdKey)'}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': job.status, ...(job.hdKey ? { ':hdKey': job.hdKey } : {}) },
      },
    })),
  ];
}
