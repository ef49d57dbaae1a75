/**
 * Templates and drafts as items of the single table (docs/architecture.md#data-model), and the
 * query and batch helpers the keepsake records (composition-store.ts) share.
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
import { MOMENTS_STATUSES } from '@shared/templates';
import type {
  DraftRecord,
  DraftStore,
  TemplateRecord,
  TemplateStore,
} from '../../core/moments/moments-ports';
import { conditionally, isConditionFailure } from './errors';
import { putNew } from './put-new';
import { keys } from './table-design';

type Item = Record<string, unknown>;

/** Analytics events are kept this long (table items with a TTL, docs/architecture.md#data-model). */
const ANALYTICS_TTL_SECONDS = 400 * 86_400;

export const strip = <T extends Item>(item: Item): T => {
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
export async function batchWrite(
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
export async function queryItems(
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
