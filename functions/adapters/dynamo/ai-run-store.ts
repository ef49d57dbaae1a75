/** The operators' AI test runs in the single table (AI_RUN#id), expiring two days after they start. */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AiRunRecord, AiRunStore } from '../../core/admin/ai-test-ports';
import { conditionally } from './errors';
import { putNew } from './put-new';
import { keys } from './table-design';

const RUN_TTL_SECONDS = 2 * 24 * 3600;

export function createDynamoAiRunStore(doc: DynamoDBDocumentClient, tableName: string): AiRunStore {
  return {
    async create(run) {
      const item = {
        ...keys.aiRun(run.id),
        type: 'ai-run',
        ...run,
        ttl: Math.floor(Date.parse(run.createdAt) / 1000) + RUN_TTL_SECONDS,
      };
      if ((await putNew(doc, tableName, item)) === 'taken') throw new Error(`AI run ${run.id} exists`);
    },

    async get(id) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.aiRun(id), ConsistentRead: true }),
      );
      if (!Item) return null;
      const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...run } = Item;
      return run as AiRunRecord;
    },

    async markRunning(id) {
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.aiRun(id),
            UpdateExpression: 'SET #status = :running',
            ConditionExpression: '#status = :queued',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued' },
          }),
        ),
      );
    },

    async finish(id, result) {
      const { status, ...fields } = result;
      const names = Object.keys(fields);
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.aiRun(id),
          UpdateExpression: `SET #status = :status, ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: {
            '#status': 'status',
            ...Object.fromEntries(names.map((n) => [`#${n}`, n])),
          },
          ExpressionAttributeValues: {
            ':status': status,
            ...Object.fromEntries(Object.entries(fields).map(([n, v]) => [`:${n}`, v])),
          },
        }),
      );
    },
  };
}
