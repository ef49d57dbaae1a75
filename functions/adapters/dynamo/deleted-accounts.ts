/** Markers of deleted accounts, read on every write of a signed-in user (one GetItem by key). */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletedAccounts } from '../../core/ports';
import { keys } from './table-design';

export function createDynamoDeletedAccounts(doc: DynamoDBDocumentClient, tableName: string): DeletedAccounts {
  return {
    async markDeleted(sub, until) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.deletedAccount(sub),
            type: 'deleted_account',
            until: until.toISOString(),
            // DynamoDB's TTL removes it some time after; isDeleted reads `until`, not the TTL.
            ttl: Math.ceil(until.getTime() / 1000),
          },
        }),
      );
    },

    async isDeleted(sub) {
      // Strongly consistent: a write right after the deletion must already see the marker.
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.deletedAccount(sub),
          ConsistentRead: true,
          ProjectionExpression: '#until',
          ExpressionAttributeNames: { '#until': 'until' },
        }),
      );
      return Boolean(Item && Date.parse(Item.until as string) > Date.now());
    },
  };
}
