/** Credit balances and their ledger: the reads and transaction items every balance change is made of. */
import {
  type DynamoDBDocumentClient,
  GetCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { CreditAccount } from '../../core/payments/payment-ports';
import type { Clock } from '../../core/ports';
import { keys } from './table-design';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
    reason: string,
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

  return { readCredits, balanceChange };
}
