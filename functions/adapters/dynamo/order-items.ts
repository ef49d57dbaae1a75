/** Orders by buyer (the owner index) and erasing a buyer's email from them (account deletion). */
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mapLimit } from '../../core/concurrency';
import { queryOwnerIndexItems } from './account-items';
import { conditionally } from './errors';
import { keys } from './table-design';

/** Session ids of the buyer's orders in gsi1 (checkout and fulfilment both write the index keys). */
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
  now: string,
): Promise<number> {
  const ids = await indexedOrderIds(doc, tableName, userSub);
  const erased = await mapLimit(ids, 10, async (sessionId) => {
    // False for an order whose email is gone already.
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
