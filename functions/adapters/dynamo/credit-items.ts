/**
 * Credit balances and their ledger: the reads and transaction items every balance change is made
 * of, and the one way a paid action takes its credits (`writeCharged`).
 */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConcurrentChangeError } from '../../core/payments/payment-errors';
import type { CreditAccount, CreditCharge, LedgerReason } from '../../core/payments/payment-ports';
import type { Clock } from '../../core/ports';
import { failedConditionIndexes, isTransactionConflict } from './errors';
import { keys } from './table-design';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Contended balance updates retry this often before giving up (50 buyers on one balance settle well within). */
const MAX_BALANCE_ATTEMPTS = 60;

/** A random pause before reading a contended balance again, growing with the attempts. */
const balanceBackoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** Math.min(attempt, 6))));

export type ChargedWrite =
  | { status: 'written'; balance: number | null }
  | { status: 'insufficient' }
  /** A condition of the caller's own items failed (their indexes): nothing was written. */
  | { status: 'refused'; failed: number[] };

export function creditItems(doc: DynamoDBDocumentClient, tableName: string, clock: Clock) {
  const readCredits = async (userSub: string): Promise<CreditAccount & { exists: boolean }> => {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.credits(userSub), ConsistentRead: true }),
    );
    return {
      exists: Boolean(Item),
      balance: (Item?.balance as number | undefined) ?? 0,
      subscription: (Item?.subscription as CreditAccount['subscription']) ?? null,
    };
  };

  /** The balance update (checked against what was read) and its ledger entry. */
  const balanceChange = (
    userSub: string,
    read: { exists: boolean; balance: number },
    delta: number,
    reason: LedgerReason,
    ref: string,
  ): TransactItem[] => {
    const at = clock.now().toISOString();
    const balanceAfter = read.balance + delta;
    return [
      {
        Update: {
          TableName: tableName,
          Key: keys.credits(userSub),
          UpdateExpression: 'SET balance = :after, updatedAt = :at',
          ConditionExpression: read.exists ? 'balance = :before' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: {
            ':after': balanceAfter,
            ':at': at,
            ...(read.exists ? { ':before': read.balance } : {}),
          },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.ledger(userSub, at, crypto.randomUUID()),
            type: 'ledger',
            at,
            delta,
            reason,
            ref,
            balanceAfter,
          },
        },
      },
    ];
  };

  /**
   * Writes `items` (what was paid for) in ONE transaction with the charge's debit and ledger entry
   * (none under the subscription), reading the balance again whenever another change got in first:
   * the balance never goes below zero. The caller explains a failed condition of its own items.
   */
  const writeCharged = async (
    userSub: string,
    charge: CreditCharge,
    ref: string,
    items: readonly TransactItem[],
  ): Promise<ChargedWrite> => {
    for (let attempt = 1; attempt <= MAX_BALANCE_ATTEMPTS; attempt++) {
      let all = [...items];
      let balance: number | null = null;
      if (charge.via === 'credits') {
        const read = await readCredits(userSub);
        if (read.balance < charge.amount) return { status: 'insufficient' };
        balance = read.balance - charge.amount;
        all = [...items, ...balanceChange(userSub, read, -charge.amount, charge.use, ref)];
      }
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: all }));
        return { status: 'written', balance };
      } catch (error) {
        const failed = failedConditionIndexes(error);
        const own = failed.filter((index) => index < items.length);
        if (own.length > 0) return { status: 'refused', failed: own };
        if (failed.length === 0 && !isTransactionConflict(error)) throw error;
        // The balance changed between the read and the write: read it again.
        await balanceBackoff(attempt);
      }
    }
    throw new ConcurrentChangeError();
  };

  return { readCredits, balanceChange, writeCharged };
}
