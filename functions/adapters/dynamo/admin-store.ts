/** The first-admin claim as one conditionally written item of the single table. */
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminStore } from '../../core/admin/admin-ports';
import { isConditionFailure } from './errors';
import { keys } from './table-design';

export function createDynamoAdminStore(doc: DynamoDBDocumentClient, tableName: string): AdminStore {
  return {
    async claimFirstAdmin(userSub, at) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.firstAdmin(), type: 'firstAdmin', userSub, at },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async releaseFirstAdmin(userSub) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.firstAdmin(),
            ConditionExpression: 'userSub = :sub',
            ExpressionAttributeValues: { ':sub': userSub },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
