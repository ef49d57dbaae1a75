/**
 * Refunds, revocations, payment pointers and the one open subscription checkout of a parent, as
 * items of the single table. A refund or a revocation and what it takes back (HD unlocks, credits
 * with their ledger entry, the order's tally) commit in one transaction.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { OrderRecord, PaymentStore } from '../../core/payments/payment-ports';
import type { RefundRecord, Revocation, TakeBack } from '../../core/payments/refund-ports';
import type { Clock } from '../../core/ports';
import { creditItems, type TransactItem } from './credit-items';
import { conditionally, failedConditionIndexes, isTransactionConflict } from './errors';
import { keys } from './table-design';

type Item = Record<string, unknown>;
type RefundMethods = Pick<
  PaymentStore,
  | 'findOrderByPayment'
  | 'refundRefOfPayment'
  | 'recordRefund'
  | 'markRefunded'
  | 'listRefunds'
  | 'revoke'
  | 'getSubscriptionCheckout'
  | 'claimSubscriptionCheckout'
>;

function refundFromItem(item: Item): RefundRecord {
  return {
    ref: item.ref as string,
    part: item.part as string,
    reason: item.reason as RefundRecord['reason'],
    userSub: item.userSub as string,
    amountCents: (item.amountCents as number | null | undefined) ?? null,
    idempotencyKey: item.idempotencyKey as string,
    status: item.status as RefundRecord['status'],
    ...(item.refundId ? { refundId: item.refundId as string } : {}),
    ...(item.paymentIntentId ? { paymentIntentId: item.paymentIntentId as string } : {}),
    createdAt: item.createdAt as string,
  };
}

export function refundItems(
  doc: DynamoDBDocumentClient,
  tableName: string,
  clock: Clock,
  getOrder: (sessionId: string) => Promise<OrderRecord | null>,
) {
  const { balanceChange } = creditItems(doc, tableName, clock);

  /** Written once: a second refund of the same part fails this condition. */
  const refundPut = (refund: RefundRecord): TransactItem => ({
    Put: {
      TableName: tableName,
      Item: { ...keys.refund(refund.ref, refund.part), type: 'refund', ...refund },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });

  const paymentPointerPut = (paymentIntentId: string, sessionId: string): TransactItem => ({
    Put: {
      TableName: tableName,
      Item: { ...keys.payment(paymentIntentId), type: 'payment', sessionId },
    },
  });

  /** Each unlock only while this order still holds it; the balance only while it is what was read. */
  function takeBackItems(takeBack: TakeBack, reason: Revocation['cause'], ref: string): TransactItem[] {
    const now = clock.now().toISOString();
    const items: TransactItem[] = takeBack.ages.map((age) => ({
      Update: {
        TableName: tableName,
        Key: keys.job(takeBack.uploadId!, age),
        UpdateExpression: 'SET hdUnlocked = :false, updatedAt = :now',
        ConditionExpression: 'hdUnlocked = :true AND unlockedBy = :order',
        ExpressionAttributeValues: {
          ':false': false,
          ':true': true,
          ':order': takeBack.sessionId,
          ':now': now,
        },
      },
    }));
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.order(takeBack.sessionId),
        UpdateExpression:
          'SET revokedAges = list_append(if_not_exists(revokedAges, :none), :ages), revokedCredits = if_not_exists(revokedCredits, :zero) + :credits',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':none': [],
          ':ages': takeBack.ages,
          ':zero': 0,
          ':credits': takeBack.credits,
        },
      },
    });
    if (takeBack.credits > 0) {
      const read = { exists: true, balance: takeBack.balanceBefore };
      items.push(...balanceChange(takeBack.userSub, read, -takeBack.credits, reason, ref));
    }
    return items;
  }

  /** Runs a transaction whose first item is the once-only record: false when it exists already. */
  async function once(items: TransactItem[]): Promise<boolean> {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      const failed = failedConditionIndexes(error);
      if (failed.includes(0)) return false;
      if (failed.length > 0 || isTransactionConflict(error)) throw new ConcurrentChangeError();
      throw error;
    }
  }

  const methods: RefundMethods = {
    async findOrderByPayment(paymentIntentId) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.payment(paymentIntentId), ConsistentRead: true }),
      );
      return Item?.sessionId ? getOrder(Item.sessionId as string) : null;
    },

    async refundRefOfPayment(paymentIntentId) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.payment(paymentIntentId), ConsistentRead: true }),
      );
      return (Item?.refundRef as string | undefined) ?? null;
    },

    recordRefund: (refund, takeBack) =>
      once([
        refundPut(refund),
        ...(takeBack ? takeBackItems(takeBack, 'refund', refund.ref) : []),
        // An order-less refund (a second subscription): its payment points back at it.
        ...(refund.paymentIntentId
          ? [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.payment(refund.paymentIntentId), type: 'payment', refundRef: refund.ref },
                },
              },
            ]
          : []),
      ]),

    async markRefunded(ref, part, refundId) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.refund(ref, part),
          UpdateExpression: 'SET #status = :refunded, refundId = :id, refundedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':refunded': 'refunded',
            ':id': refundId,
            ':now': clock.now().toISOString(),
          },
        }),
      );
    },

    async listRefunds(ref) {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :part)',
          ExpressionAttributeValues: { ':pk': `REFUND#${ref}`, ':part': 'PART#' },
          ConsistentRead: true,
        }),
      );
      return Items.map(refundFromItem);
    },

    revoke: (revocation, takeBack) =>
      once([
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.revocation(revocation.sessionId),
              type: 'revocation',
              ...revocation,
              at: clock.now().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...takeBackItems(takeBack, revocation.cause, revocation.eventId),
      ]),

    async getSubscriptionCheckout(userSub) {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.subscriptionCheckout(userSub),
          ConsistentRead: true,
        }),
      );
      return Item ? { sessionId: Item.sessionId as string } : null;
    },

    async claimSubscriptionCheckout(userSub, sessionId, replacing) {
      return conditionally(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.subscriptionCheckout(userSub),
              type: 'subscription_checkout',
              sessionId,
              createdAt: clock.now().toISOString(),
            },
            ConditionExpression: replacing ? 'sessionId = :replacing' : 'attribute_not_exists(pk)',
            ...(replacing ? { ExpressionAttributeValues: { ':replacing': replacing } } : {}),
          }),
        ),
      );
    },
  };

  return { refundPut, paymentPointerPut, methods };
}
