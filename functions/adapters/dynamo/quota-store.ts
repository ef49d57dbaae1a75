/** Hourly quota counters in the single table: one item per owner, action and hour, expiring by TTL. */
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QuotaStore } from '../../core/quotas';
import { conditionally } from './errors';
import { keys, tableDesign } from './table-design';

export function createDynamoQuotaStore(doc: DynamoDBDocumentClient, tableName: string): QuotaStore {
  return {
    async take({ owner, action, window }, limit, expiresAt) {
      // One atomic ADD: concurrent requests each see the count the others left, never a stale read.
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.quota(owner, action, window),
            UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
            // A missing counter holds 0, which a limit of 0 has reached already.
            ConditionExpression: '(attribute_not_exists(#count) AND :limit > :zero) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'count', '#ttl': tableDesign.ttlAttribute },
            ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':limit': limit, ':ttl': expiresAt },
          }),
        ),
      );
    },
  };
}
