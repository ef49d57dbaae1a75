/** The use cases' logger: Powertools, with the correlation id of the work in progress on every line. */
import type { Logger } from '@aws-lambda-powertools/logger';
import { correlationId } from '../core/correlation';
import type { Deps } from '../core/deps';

/**
 * Powertools' logger with the correlation id of the work in progress (functions/core/correlation.ts)
 * on every line, under the key Powertools itself uses: per item of a batch, not per invocation.
 */
export function correlatedLogger(logger: Logger): Deps['logger'] {
  const level =
    (name: 'info' | 'warn' | 'error') =>
    (message: string, ...extra: Record<string, unknown>[]) => {
      const id = correlationId();
      logger[name](message, ...(id ? [{ correlation_id: id }] : []), ...extra);
    };
  return { info: level('info'), warn: level('warn'), error: level('error') } as Deps['logger'];
}
