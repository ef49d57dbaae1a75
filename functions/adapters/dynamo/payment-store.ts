/**
 * Orders, credit balances with their ledger, and processed provider events as items of the single
 * table. Balances change only inside transactions, each with its ledger entry.
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ProductId } from '@shared/catalog';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type {
  LedgerEntry,
  LedgerReason,
  OrderRecord,
  PaymentStore,
  SubscriptionState,
} from '../../core/payments/payment-ports';
import type { Clock } from '../../core/ports';
import { creditItems } from './credit-items';
import { conditionally, failedConditionIndexes, isConditionFailure, isTransactionConflict } from './errors';
import { jobItem } from './job-item';
import { eraseOrderEmails } from './order-items';
import { refundItems } from './refund-items';
import { keys } from './table-design';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Processed-event records only need to outlive Stripe's retry window (3 days). */
const EVENT_TTL_SECONDS = 30 * 86_400;

function orderFromItem(item: Item): OrderRecord {
  return {
    sessionId: item.sessionId as string,
    userSub: item.userSub as string,
    email: item.email as string | undefined,
    productId: item.productId as ProductId,
    uploadId: item.uploadId as string | undefined,
    amountCents: item.amountCents as number,
    status: item.status as OrderRecord['status'],
    createdAt: item.createdAt as string,
    fulfilledAt: item.fulfilledAt as string | undefined,
    ...(item.grantedAges ? { grantedAges: item.grantedAges as OrderRecord['grantedAges'] } : {}),
    ...(item.grantedCredits !== undefined ? { grantedCredits: item.grantedCredits as number } : {}),
    ...(item.paymentIntentId ? { paymentIntentId: item.paymentIntentId as string } : {}),
    ...(item.revokedAges ? { revokedAges: item.revokedAges as OrderRecord['revokedAges'] } : {}),
    ...(item.revokedCredits !== undefined ? { revokedCredits: item.revokedCredits as number } : {}),
  };
}

/** SET clauses for every field of the order; its creation time stays as written at checkout. */
function fulfilledOrderUpdate(order: OrderRecord, now: string) {
  const fields: Item = {
    ...order,
    // An order checkout lost is written here: it joins the buyer's orders in the index too.
    ...keys.ownerOrdersIndex(order.userSub, order.createdAt, order.sessionId),
    type: 'order',
    status: 'fulfilled',
    fulfilledAt: now,
  };
  const { gsi1sk } = fields;
  delete fields.createdAt;
  delete fields.gsi1sk;
  const names: Record<string, string> = { '#createdAt': 'createdAt', '#gsi1sk': 'gsi1sk' };
  const values: Item = { ':pending': 'pending', ':createdAt': now, ':gsi1sk': gsi1sk };
  // Both as checkout wrote them, when it did.
  const sets = [
    '#createdAt = if_not_exists(#createdAt, :createdAt)',
    '#gsi1sk = if_not_exists(#gsi1sk, :gsi1sk)',
  ];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  return {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export function createDynamoPaymentStore(
  doc: DynamoDBDocumentClient,
  tableName: string,
  /** Times of ledger entries, fulfilment and processed events (tests move it). */
  clock: Clock,
): PaymentStore {
  const { readCredits, balanceChange } = creditItems(doc, tableName, clock);
  const getOrder = async (sessionId: string) => {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.order(sessionId), ConsistentRead: true }),
    );
    return Item ? orderFromItem(Item) : null;
  };
  const refunds = refundItems(doc, tableName, clock, getOrder);

  return {
    ...refunds.methods,

    async createOrder(order) {
      await doc
        .send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.order(order.sessionId),
              ...keys.ownerOrdersIndex(order.userSub, order.createdAt, order.sessionId),
              type: 'order',
              ...order,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        )
        .catch((error) => {
          // The session id is new from the provider: an order already there is this very write,
          // resent by the SDK after its answer was lost (or fulfilment got there first). Keep it.
          if (!isConditionFailure(error)) throw error;
        });
    },

    getOrder,

    async fulfil({ order, unlockAges, newJobs, credits, refund }) {
      const now = clock.now().toISOString();
      const items: TransactItem[] = [
        {
          // Pending -> fulfilled; also writes the order if checkout lost it after Stripe made the
          // session (the metadata has everything). A fulfilled order stops the whole transaction.
          Update: {
            TableName: tableName,
            Key: keys.order(order.sessionId),
            ...fulfilledOrderUpdate(order, now),
            ConditionExpression: 'attribute_not_exists(pk) OR #status = :pending',
          },
        },
        ...unlockAges.map(
          (age): TransactItem => ({
            Update: {
              TableName: tableName,
              Key: keys.job(order.uploadId!, age),
              // A paid HD file must not expire with an anonymous retention time.
              UpdateExpression: 'SET hdUnlocked = :true, unlockedBy = :order, updatedAt = :now REMOVE #ttl',
              ExpressionAttributeNames: { '#ttl': 'ttl' },
              // Unlocked meanwhile by another order: plan again (this order may have bought nothing).
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(hdUnlocked) OR hdUnlocked = :false)',
              ExpressionAttributeValues: {
                ':true': true,
                ':false': false,
                ':order': order.sessionId,
                ':now': now,
              },
            },
          }),
        ),
        ...newJobs.map(
          (job): TransactItem => ({
            Put: {
              TableName: tableName,
              Item: { ...jobItem(job), unlockedBy: order.sessionId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }),
        ),
      ];
      const read = credits > 0 ? await readCredits(order.userSub) : undefined;
      if (read) items.push(...balanceChange(order.userSub, read, credits, order.productId, order.sessionId));
      if (refund) items.push(refunds.refundPut(refund));
      if (order.paymentIntentId)
        items.push(refunds.paymentPointerPut(order.paymentIntentId, order.sessionId));
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: items }));
        return true;
      } catch (error) {
        const failed = failedConditionIndexes(error);
        if (failed.includes(0)) return false; // already fulfilled: a replay changes nothing
        if (failed.length > 0 || isTransactionConflict(error)) throw new ConcurrentChangeError();
        throw error;
      }
    },

    async hasProcessedEvent(eventId) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.paymentEvent(eventId), ProjectionExpression: 'pk' }),
      );
      return Boolean(Item);
    },

    async recordEvent(eventId, type) {
      const now = clock.now();
      await doc
        .send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.paymentEvent(eventId),
              type: 'payment_event',
              eventType: type,
              processedAt: now.toISOString(),
              ttl: Math.floor(now.getTime() / 1000) + EVENT_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        )
        .catch((error) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async getCredits(userSub) {
      const { exists: _exists, ...account } = await readCredits(userSub);
      return account;
    },

    async listLedger(userSub, limit) {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.credits(userSub).pk, ':prefix': 'LEDGER#' },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map(
        (item): LedgerEntry => ({
          at: item.at as string,
          delta: item.delta as number,
          reason: item.reason as LedgerReason,
          ref: item.ref as string,
          balanceAfter: item.balanceAfter as number,
        }),
      );
    },

    async applySubscription(userSub, state: SubscriptionState, eventCreated, expectedId) {
      const subscription = {
        id: state.id,
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        eventCreated,
      };
      return conditionally(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.credits(userSub),
            UpdateExpression: 'SET subscription = :subscription, balance = if_not_exists(balance, :zero)',
            // Events arrive in any order: an older one never overwrites a newer state.
            // With expectedId, only while the stored plan is still the one the caller decided against.
            ConditionExpression:
              expectedId === undefined
                ? 'attribute_not_exists(subscription) OR subscription.eventCreated <= :created'
                : expectedId === null
                  ? 'attribute_not_exists(subscription)'
                  : 'subscription.id = :expected AND subscription.eventCreated <= :created',
            ExpressionAttributeValues: {
              ':subscription': subscription,
              ':zero': 0,
              ...(expectedId === null ? {} : { ':created': eventCreated }),
              ...(expectedId ? { ':expected': expectedId } : {}),
            },
          }),
        ),
      );
    },

    eraseOrderEmails: (userSub) => eraseOrderEmails(doc, tableName, userSub, clock.now().toISOString()),
  };
}
