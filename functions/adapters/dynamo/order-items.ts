/** Orders by buyer (the owner index) and erasing a buyer's email from them (account deletion). */
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mapLimit } from '../../core/concurrency';
import { queryOwnerIndexItems } from './account-items';
import { conditionally } from './errors';
import { keys } from './table-design';

/** Session ids of the buyer's orders in gsi1 (orders written before the index carry none). */
async function indexedOrderIds(doc: DynamoDBDocumentClient, tableName: string, userSub: string) {
  const where = { gsi1pk: keys.ownerOrdersIndex(userSub, '', '').gsi1pk, prefix: 'ORDER#', type: 'order' };
  const orders = await queryOwnerIndexItems(doc, tableName, where, { oldestFirst: true });
  return orders.map((order) => order.sessionId as string);
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
    // False for someone else's order, no order at all (a ledger ref of a keepsake), or no email.
    return conditionally(() =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.order(sessionId),
          UpdateExpression: 'REMOVE email SET emailErasedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND userSub = :sub AND attribute_exists(email)',
          ExpressionAttributeValues: { ':sub': userSub, ':now': now },
        }),
      ),
    );
  });
  return erased.filter(Boolean).length;
}
