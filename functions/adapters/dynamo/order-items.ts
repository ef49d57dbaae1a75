/** Orders by buyer (the owner index) and erasing a buyer's email from them (account deletion). */
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mapLimit } from '../../core/concurrency';
import { isConditionFailure } from './errors';
import { keys, tableDesign } from './table-design';

/** Session ids of the buyer's orders in gsi1 (orders written before the index carry none). */
async function indexedOrderIds(doc: DynamoDBDocumentClient, tableName: string, userSub: string) {
  const index = tableDesign.globalIndexes[0];
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
        ExpressionAttributeValues: {
          ':pk': keys.ownerOrdersIndex(userSub, '', '').gsi1pk,
          ':prefix': 'ORDER#',
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (item.type === 'order') ids.push(item.sessionId as string);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/**
 * REMOVE email on each order that is the buyer's and still has one. The order itself (product,
 * amount, Stripe's session id) stays: it is the accounting record.
 */
export async function eraseOrderEmails(
  doc: DynamoDBDocumentClient,
  tableName: string,
  userSub: string,
  knownIds: readonly string[],
  now: string,
): Promise<number> {
  const ids = new Set([...(await indexedOrderIds(doc, tableName, userSub)), ...knownIds]);
  const erased = await mapLimit([...ids], 10, async (sessionId) => {
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.order(sessionId),
          UpdateExpression: 'REMOVE email SET emailErasedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND userSub = :sub AND attribute_exists(email)',
          ExpressionAttributeValues: { ':sub': userSub, ':now': now },
        }),
      );
      return true;
    } catch (error) {
      // Someone else's order, no order at all (a ledger ref of a keepsake), or no email: nothing to do.
      if (isConditionFailure(error)) return false;
      throw error;
    }
  });
  return erased.filter(Boolean).length;
}
