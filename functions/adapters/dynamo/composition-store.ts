/**
 * Keepsake records as items of the single table (docs/architecture.md#data-model): the HD record
 * of a user's request, taking its charge in the same transaction, and the link of every keepsake
 * under its photo, written only while the photo exists.
 */
import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { COMPOSITION_RETENTION_DAYS } from '@shared/deployment';
import type { CompositionLink, CompositionRecord, CompositionStore } from '../../core/moments/moments-ports';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { Clock } from '../../core/ports';
import { creditItems, type TransactItem } from './credit-items';
import { conditionally } from './errors';
import { batchWrite, queryItems, strip } from './moments-store';
import { keys } from './table-design';

/** An HD record refused as a duplicate, then gone (forgotten meanwhile), is tried again this often. */
const MAX_RECORD_ATTEMPTS = 3;

export function createDynamoCompositionStore(
  doc: DynamoDBDocumentClient,
  tableName: string,
  clock: Clock,
): CompositionStore {
  const { writeCharged } = creditItems(doc, tableName, clock);
  const get = async (userSub: string, requestId: string) => {
    const { Item } = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.hdComposition(userSub, requestId),
        ConsistentRead: true,
      }),
    );
    return Item ? strip<CompositionRecord>(Item) : null;
  };
  /** The link under the upload and the check that the upload exists, written together (see the port). */
  const linkItems = (link: CompositionLink): TransactItem[] => [
    {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.upload(link.uploadId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.uploadComposition(link.uploadId, link.id),
          type: 'upload_composition',
          ...linkOf(link),
          // The file expires this long after it was written; a link outliving it names nothing.
          ttl: Math.floor(Date.parse(link.createdAt) / 1000) + COMPOSITION_RETENTION_DAYS * 86_400,
        },
      },
    },
  ];
  return {
    getHdComposition: get,
    async recordHdComposition(userSub, record, charge) {
      const recordPut: TransactItem = {
        Put: {
          TableName: tableName,
          Item: { ...keys.hdComposition(userSub, record.requestId), type: 'composition', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      // Index 0: the record (one per request); index 1: the upload's check.
      const items = [recordPut, ...linkItems(record)];
      for (let attempt = 1; attempt <= MAX_RECORD_ATTEMPTS; attempt++) {
        const written = await writeCharged(userSub, charge, record.id, items);
        if (written.status === 'written') return { status: 'recorded', balance: written.balance };
        // Before a duplicate: a drawing answered as one is committed, and its photo is gone.
        if (written.status === 'refused' && written.failed.includes(1)) return { status: 'upload_gone' };
        const duplicate = await get(userSub, record.requestId);
        if (duplicate) return { status: 'duplicate', record: duplicate };
        if (written.status === 'insufficient') return { status: 'insufficient' };
        // The record was there, and forgotten since: try again.
      }
      throw new ConcurrentChangeError();
    },

    recordFreeComposition: (link) =>
      conditionally(() => doc.send(new TransactWriteCommand({ TransactItems: linkItems(link) }))),

    async listByUpload(uploadId) {
      const items = await queryItems(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.uploadComposition(uploadId, '').pk },
        // Right after the upload item is gone: a stale read would miss the last one recorded.
        ConsistentRead: true,
      });
      return items.map((item) => linkOf(item as CompositionLink));
    },

    async forget(links) {
      const keysOf = (link: CompositionLink) => {
        const [kind, sub] = link.owner.split(':');
        return [
          keys.uploadComposition(link.uploadId, link.id),
          ...(link.quality === 'hd' && kind === 'user' ? [keys.hdComposition(sub, link.requestId)] : []),
        ];
      };
      await batchWrite(
        doc,
        tableName,
        links.flatMap(keysOf).map((Key) => ({ DeleteRequest: { Key } })),
      );
    },
  };
}

const linkOf = (item: CompositionLink): CompositionLink => ({
  id: item.id,
  owner: item.owner,
  requestId: item.requestId,
  quality: item.quality,
  uploadId: item.uploadId,
  key: item.key,
  createdAt: item.createdAt,
});
