/**
 * Packs in the single table: `PACK#id`/`META` (in the PACKS index by creation time) and one
 * `PACK#id`/`TEMPLATE#id` item per template. The running generation is a map on the pack item,
 * claimed and cleared with conditional writes; the template count moves in the same transaction
 * as the membership item it counts.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { PackRecord, PackStore } from '../../core/admin/packs-ports';
import { conditionally, failedConditionIndexes, isConditionFailure } from './errors';
import { putNew } from './put-new';
import { keys } from './table-design';

type Item = Record<string, unknown>;

const toPack = (item: Item): PackRecord => {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, type: _t, ...rest } = item;
  return rest as PackRecord;
};

export function createDynamoPackStore(doc: DynamoDBDocumentClient, tableName: string): PackStore {
  const getPack = async (id: string) => {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.pack(id), ConsistentRead: true }),
    );
    return Item ? toPack(Item) : null;
  };
  return {
    async createPack(pack) {
      const item = {
        ...keys.pack(pack.id),
        ...keys.packsIndex(pack.createdAt, pack.id),
        type: 'pack',
        ...pack,
      };
      if ((await putNew(doc, tableName, item)) === 'taken') throw new Error(`pack ${pack.id} exists`);
    },
    getPack,
    async listPacks() {
      const packs: PackRecord[] = [];
      let start: Item | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.packsIndex('', '').gsi1pk },
            ScanIndexForward: false,
            ExclusiveStartKey: start,
          }),
        );
        packs.push(...(page.Items ?? []).map(toPack));
        start = page.LastEvaluatedKey;
      } while (start);
      return packs;
    },
    async setStatus(id, status) {
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.pack(id),
            UpdateExpression: 'SET #status = :status',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toPack(Attributes) : null;
      } catch (error) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
    },
    async startGeneration(id, generation, staleBefore) {
      const claimed = await conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.pack(id),
            UpdateExpression: 'SET #gen = :gen, lastGeneratedAt = :at REMOVE lastError',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(#gen) OR #gen.startedAt < :stale)',
            ExpressionAttributeNames: { '#gen': 'generation' },
            ExpressionAttributeValues: {
              ':gen': generation,
              ':at': generation.startedAt,
              ':stale': staleBefore,
            },
          }),
        ),
      );
      if (claimed) return 'started';
      return (await getPack(id)) ? 'running' : 'missing';
    },
    async listTemplateIds(packId) {
      const ids: string[] = [];
      let start: Item | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :template)',
            ExpressionAttributeValues: { ':pk': keys.pack(packId).pk, ':template': 'TEMPLATE#' },
            ProjectionExpression: 'templateId',
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        ids.push(...(page.Items ?? []).map((item) => item.templateId as string));
        start = page.LastEvaluatedKey;
      } while (start);
      return ids;
    },
    async addTemplate(packId, templateId, at) {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.packTemplate(packId, templateId),
                    type: 'packTemplate',
                    templateId,
                    addedAt: at,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.pack(packId),
                  UpdateExpression: 'ADD templateCount :one',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        // Already a member: a redelivery. A vanished pack is an error the worker retries.
        if (failedConditionIndexes(error).join() === '0') return false;
        throw error;
      }
    },
    async recordProgress(packId, runId, done) {
      await conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.pack(packId),
            UpdateExpression: 'SET #gen.#done = :done',
            // Writes of parallel scenes may land out of order: the count only rises.
            ConditionExpression: '#gen.runId = :run AND #gen.#done < :done',
            ExpressionAttributeNames: { '#gen': 'generation', '#done': 'done' },
            ExpressionAttributeValues: { ':run': runId, ':done': done },
          }),
        ),
      );
    },
    async finishGeneration(packId, runId, error) {
      await conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.pack(packId),
            UpdateExpression: error ? 'REMOVE #gen SET lastError = :error' : 'REMOVE #gen, lastError',
            ConditionExpression: '#gen.runId = :run',
            ExpressionAttributeNames: { '#gen': 'generation' },
            ExpressionAttributeValues: { ':run': runId, ...(error ? { ':error': error } : {}) },
          }),
        ),
      );
    },
  };
}
