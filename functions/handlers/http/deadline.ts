/**
 * Ends an invocation a moment before the Lambda's deadline with a TimeoutError, which the router
 * answers with a 503 and try-again; a Lambda killed at its timeout would leave API Gateway a bare 500.
 */
import type { Context } from 'aws-lambda';

/** How long before the deadline the invocation gives up: enough to send the 503. */
const MARGIN_MS = 5;

export class TimeoutError extends Error {
  constructor() {
    super('The invocation was about to reach its timeout');
    this.name = 'TimeoutError';
  }
}

/** Runs `work`, rejecting with TimeoutError just before the deadline (none without a Lambda context). */
export async function beforeDeadline<T>(context: Context | undefined, work: () => Promise<T>): Promise<T> {
  const remainingMs = context?.getRemainingTimeInMillis?.();
  if (remainingMs === undefined) return work();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), remainingMs - MARGIN_MS);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
