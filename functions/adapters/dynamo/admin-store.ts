/** The first-admin claim as one conditionally written item of the single table. */
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminStore } from '../../core/admin/admin-ports';
import { isConditionFailure } from './errors';
import { putNew } from './put-new';
import { keys } from './table-design';

export function createDynamoAdminStore(doc: DynamoDBDocumentClient, tableName: string): AdminStore {
  return {
    async claimFirstAdmin(userSub, at) {
      const claimed = await putNew(doc, tableName, { ...keys.firstAdmin(), type: 'firstAdmin', userSub, at });
      return claimed === 'written';
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
