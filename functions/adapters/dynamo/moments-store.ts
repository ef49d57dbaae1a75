/**
 * Templates, drafts and HD keepsake records as items of the single table
 * (docs/architecture.md#data-model).
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { COMPOSITION_RETENTION_DAYS } from '@shared/deployment';
import { MOMENTS_STATUSES } from '@shared/templates';
import type {
  CompositionLink,
  CompositionRecord,
  CompositionStore,
  DraftRecord,
  DraftStore,
  TemplateRecord,
  TemplateStore,
} from '../../core/moments/moments-ports';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { Clock } from '../../core/ports';
import { creditItems, type TransactItem } from './credit-items';
import { conditionally, failedConditionIndexes, isConditionFailure, isTransactionConflict } from './errors';
import { putNew } from './put-new';
import { keys } from './table-design';

type Item = Record<string, unknown>;

/** Analytics events are kept this long (table items with a TTL, docs/architecture.md#data-model). */
const ANALYTICS_TTL_SECONDS = 400 * 86_400;
const MAX_BALANCE_ATTEMPTS = 60;

const strip = <T extends Item>(item: Item): T => {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, gsi2pk: _g2, gsi2sk: _s2, type: _t, ...rest } = item;
  return rest as T;
};

/** A template item with its index keys: the status decides which listings hold it. */
function templateItem(template: TemplateRecord): Item {
  const listed = MOMENTS_STATUSES.includes(template.status);
  return {
    ...keys.template(template.id),
    ...(listed
      ? keys.publishedTemplatesIndex(template.createdAt, template.id)
      : keys.unpublishedTemplatesIndex(template.createdAt, template.id)),
    ...(template.status === 'approved'
      ? keys.approvedTemplatesIndex(template.displayOrder, template.createdAt, template.id)
      : {}),
    type: 'template',
    ...template,
  };
}

export function createDynamoTemplateStore(doc: DynamoDBDocumentClient, tableName: string): TemplateStore {
  const newestFirst = (gsi1pk: string) =>
    queryAll(doc, {
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      ScanIndexForward: false,
    });
  const publishedKey = keys.publishedTemplatesIndex('', '').gsi1pk;
  return {
    async putTemplate(template) {
      await doc.send(new PutCommand({ TableName: tableName, Item: templateItem(template) }));
    },
    putTemplates: (templates) => batchPut(doc, tableName, templates.map(templateItem)),
    async listAll() {
      const [published, unpublished] = await Promise.all([
        newestFirst(publishedKey),
        newestFirst(keys.unpublishedTemplatesIndex('', '').gsi1pk),
      ]);
      return [...published, ...unpublished].sort((a, b) =>
        `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`),
      );
    },
    async getTemplate(id) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.template(id) }));
      return Item ? strip<TemplateRecord>(Item) : null;
    },
    listPublished: () => newestFirst(publishedKey),
    listApproved: () =>
      queryAll(doc, {
        TableName: tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.approvedTemplatesIndex(0, new Date(0).toISOString(), '').gsi2pk,
        },
      }),
  };
}

/** BatchWriteItem takes at most 25 requests; what DynamoDB leaves unprocessed is sent again, backing off. */
const BATCH_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 8;
const batchPut = (doc: DynamoDBDocumentClient, tableName: string, items: Item[]) =>
  batchWrite(
    doc,
    tableName,
    items.map((Item) => ({ PutRequest: { Item } })),
  );
type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };
async function batchWrite(
  doc: DynamoDBDocumentClient,
  tableName: string,
  requests: WriteRequest[],
): Promise<void> {
  for (let start = 0; start < requests.length; start += BATCH_SIZE) {
    let pending = requests.slice(start, start + BATCH_SIZE);
    for (let attempt = 1; pending.length; attempt++) {
      if (attempt > MAX_BATCH_ATTEMPTS) throw new Error(`${pending.length} items left unwritten`);
      const { UnprocessedItems } = await doc.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = (UnprocessedItems?.[tableName] ?? []) as typeof pending;
      if (pending.length) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
    }
  }
}

/** Every page of an index Query, as template records. */
const queryAll = async (
  doc: DynamoDBDocumentClient,
  query: ConstructorParameters<typeof QueryCommand>[0],
): Promise<TemplateRecord[]> => (await queryItems(doc, query)).map((item) => strip<TemplateRecord>(item));

/** Every page of a Query. */
async function queryItems(
  doc: DynamoDBDocumentClient,
  query: ConstructorParameters<typeof QueryCommand>[0],
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...query, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export function createDynamoDraftStore(doc: DynamoDBDocumentClient, tableName: string): DraftStore {
  const draftItem = (draft: DraftRecord) => ({
    ...keys.draft(draft.userSub, draft.id),
    type: 'draft',
    ...draft,
  });
  return {
    async listDrafts(userSub) {
      const drafts: DraftRecord[] = [];
      let start: Item | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :draft)',
            ExpressionAttributeValues: { ':pk': keys.draft(userSub, '').pk, ':draft': 'DRAFT#' },
            ExclusiveStartKey: start,
          }),
        );
        drafts.push(...(page.Items ?? []).map((item) => strip<DraftRecord>(item)));
        start = page.LastEvaluatedKey;
      } while (start);
      return drafts.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
    async getDraft(userSub, id) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.draft(userSub, id), ConsistentRead: true }),
      );
      return Item ? strip<DraftRecord>(Item) : null;
    },
    async createDraft(draft) {
      if ((await putNew(doc, tableName, draftItem(draft))) === 'taken')
        throw new Error(`draft ${draft.id} exists`);
    },
    async updateDraft(draft) {
      return conditionally(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: draftItem(draft),
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      );
    },
    async renameDraft(userSub, id, name, at) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.draft(userSub, id), ConsistentRead: true }),
      );
      if (!Item) return null;
      const draft = strip<DraftRecord>(Item);
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.draft(userSub, id),
                  UpdateExpression: 'SET #name = :name, updatedAt = :at',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeNames: { '#name': 'name' },
                  ExpressionAttributeValues: { ':name': name, ':at': at },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.analytics(at, crypto.randomUUID()),
                    type: 'analytics',
                    event_type: 'draft_renamed',
                    metadata: { draft_id: id, old_name: draft.name, new_name: name, timestamp: at },
                    ttl: Math.floor(Date.parse(at) / 1000) + ANALYTICS_TTL_SECONDS,
                  },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
      return { draft: { ...draft, name, updatedAt: at }, oldName: draft.name };
    },
    async deleteDraft(userSub, id) {
      return conditionally(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.draft(userSub, id),
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      );
    },
  };
}

export function createDynamoCompositionStore(
  doc: DynamoDBDocumentClient,
  tableName: string,
  clock: Clock,
): CompositionStore {
  const { readCredits, balanceChange } = creditItems(doc, tableName, clock);
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
    async recordHdComposition(userSub, record, payment) {
      const recordPut: TransactItem = {
        Put: {
          TableName: tableName,
          Item: { ...keys.hdComposition(userSub, record.requestId), type: 'composition', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      // Index 1: the upload's check.
      const recorded: TransactItem[] = [recordPut, ...linkItems(record)];
      for (let attempt = 1; attempt <= MAX_BALANCE_ATTEMPTS; attempt++) {
        let items: TransactItem[] = recorded;
        let balance: number | null = null;
        if (payment.via === 'credits') {
          const read = await readCredits(userSub);
          if (read.balance < payment.amount) {
            const duplicate = await get(userSub, record.requestId);
            return duplicate ? { status: 'duplicate', record: duplicate } : { status: 'insufficient' };
          }
          balance = read.balance - payment.amount;
          items = [...recorded, ...balanceChange(userSub, read, -payment.amount, 'hd_keepsake', record.id)];
        }
        try {
          await doc.send(new TransactWriteCommand({ TransactItems: items }));
          return { status: 'recorded', balance };
        } catch (error) {
          const failed = failedConditionIndexes(error);
          // Before a duplicate: a drawing answered as one is committed, and its photo is gone.
          if (failed.includes(1)) return { status: 'upload_gone' };
          if (failed.includes(0)) {
            const duplicate = await get(userSub, record.requestId);
            if (duplicate) return { status: 'duplicate', record: duplicate };
          }
          if (failed.length === 0 && !isTransactionConflict(error)) throw error;
          // The balance changed between the read and the write: read it again.
          await new Promise((resolve) =>
            setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)),
          );
        }
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

    async listHdCompositions(userSub) {
      const items = await queryItems(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :composition)',
        ExpressionAttributeValues: {
          ':pk': keys.hdComposition(userSub, '').pk,
          ':composition': keys.hdComposition(userSub, '').sk,
        },
        ConsistentRead: true,
      });
      return items.map((item) => strip<CompositionRecord>(item));
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
