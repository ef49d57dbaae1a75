/** What a failed DynamoDB write means: a condition said no, or another transaction got there first. */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

const reasonsOf = (error: unknown) =>
  error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];

/** A failed condition, not a conflict, throttle or validation error (those must surface). */
export const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  reasonsOf(error).some((reason) => reason.Code === 'ConditionalCheckFailed');

/** Which items of a cancelled transaction failed their condition (indexes in TransactItems). */
export const failedConditionIndexes = (error: unknown): number[] =>
  reasonsOf(error).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));

/** Another transaction held an item we wrote: retrying can succeed. */
export const isTransactionConflict = (error: unknown) =>
  reasonsOf(error).some((reason) => reason.Code === 'TransactionConflict');

/** Runs a conditional write: true when written, false when its condition said no. */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
