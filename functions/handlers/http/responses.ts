/** JSON responses, error mapping and ETags, the same for every HTTP handler. */
import { createHash } from 'node:crypto';
import { SESSION_HEADER } from '@shared/api';
import { type MessageKey, messages } from '@shared/messages';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, type ErrorKind, ItemsRejectedError, QuotaExceededError } from '../../core/errors';

const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  payment_required: 402,
  unprocessable: 422,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
};

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
};

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    statusCode,
    headers: { ...baseHeaders, 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  } satisfies APIGatewayProxyStructuredResultV2;
}

export function errorJson(statusCode: number, code: string, messageKey: MessageKey) {
  return json(statusCode, { error: { code, message: messages[messageKey] } });
}

/**
 * Known domain errors keep their message; a timeout, or an AWS service that throttled or briefly
 * failed (after the SDK's own retries), is a 503 the caller may retry; anything else is a generic
 * 500 without details.
 */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof ItemsRejectedError) {
    const { code, messageKey, issues } = error;
    return json(statusOf[error.kind], { error: { code, message: messages[messageKey], issues } });
  }
  if (error instanceof QuotaExceededError) {
    const { code, messageKey, retryAfterSeconds } = error;
    return json(
      429,
      { error: { code, message: messages[messageKey] } },
      {
        'retry-after': String(retryAfterSeconds),
      },
    );
  }
  if (error instanceof DomainError) return errorJson(statusOf[error.kind], error.code, error.messageKey);
  // The router ends an invocation about to reach the Lambda's timeout with a TimeoutError
  // (deadline.ts): the work was too slow this time, not broken, so the caller is told to try again
  // (as API Gateway's own 503).
  if (error instanceof Error && error.name === 'TimeoutError')
    return errorJson(503, 'unavailable', 'serverError');
  if (isTransientServiceError(error)) {
    const busy = errorJson(503, 'unavailable', 'serverError');
    return { ...busy, headers: { ...busy.headers, 'retry-after': '1' } };
  }
  return errorJson(500, 'internal', 'serverError');
}

/** Throttling as AWS services name it (DynamoDB, S3, SQS and the SDK's own retry classification). */
const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
  'SlowDown',
]);

type ServiceErrorShape = {
  name?: string;
  $fault?: string;
  $metadata?: object;
  CancellationReasons?: { Code?: string }[];
};

/**
 * An AWS SDK service error (it carries `$metadata`) that says "try again": throttling, a server-side
 * fault (5xx), or a DynamoDB transaction cancelled only because it was throttled.
 */
export function isTransientServiceError(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('$metadata' in error)) return false;
  const { name = '', $fault, CancellationReasons } = error as ServiceErrorShape;
  if (THROTTLING.has(name) || $fault === 'server') return true;
  return (
    name === 'TransactionCanceledException' &&
    (CancellationReasons ?? []).some((reason) => reason.Code === 'ThrottlingError')
  );
}

/**
 * A body the browser may poll: answered with an ETag and 304 when unchanged. The answer differs
 * by viewer (owner-only fields), so it is private and varies on the identifying headers.
 */
export function pollable(body: unknown, ifNoneMatch: string | undefined) {
  const text = JSON.stringify(body);
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  const headers = {
    ...baseHeaders,
    etag,
    'cache-control': 'private, no-cache',
    vary: `${SESSION_HEADER}, authorization`,
  };
  if (ifNoneMatch?.split(/\s*,\s*/).includes(etag)) return { statusCode: 304, headers, body: '' };
  return { statusCode: 200, headers, body: text };
}
