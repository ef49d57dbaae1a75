import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/errors';
import { errorResponse } from './responses';

const body = (result: ReturnType<typeof errorResponse>) => JSON.parse(String(result.body));

describe('errorResponse', () => {
  it('maps a domain error to its status and message', () => {
    const result = errorResponse(new DomainError('not_found', 'uploadNotFound'));
    expect([result.statusCode, body(result).error.message]).toEqual([404, messages.uploadNotFound]);
  });

  it("answers the router's early timeout with 503 and try-again, not 500", () => {
    // What the router throws just before the Lambda's deadline (deadline.ts).
    const timeout = Object.assign(new Error('[AbortError]: The operation was aborted.'), {
      name: 'TimeoutError',
    });
    const result = errorResponse(timeout);
    expect([result.statusCode, body(result).error]).toEqual([
      503,
      { code: 'unavailable', message: messages.serverError },
    ]);
  });

  it('keeps anything else a generic 500 without details', () => {
    const result = errorResponse(new TypeError('x is undefined'));
    expect([result.statusCode, body(result).error.message]).toEqual([500, messages.serverError]);
  });
});

const $metadata = { httpStatusCode: 400 };
describe('errorResponse of AWS service errors', () => {
  it.each([
    ['DynamoDB throttling', new ProvisionedThroughputExceededException({ message: 'x', $metadata })],
    ['a ThrottlingException', new ThrottlingException({ message: 'x', $metadata })],
    ['a DynamoDB 500', new InternalServerError({ message: 'x', $metadata: { httpStatusCode: 500 } })],
    [
      'an S3 500',
      new S3ServiceException({ name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 500 } }),
    ],
    [
      'a transaction cancelled by throttling',
      new TransactionCanceledException({
        message: 'x',
        $metadata,
        CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
      }),
    ],
  ])('answers %s with a 503 the caller may retry', (_, error) => {
    const result = errorResponse(error);
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe('1');
    expect(body(result)).toEqual({ error: { code: 'unavailable', message: messages.serverError } });
  });

  it.each([
    ['a plain error', new Error('boom')],
    ['a failed condition', new ConditionalCheckFailedException({ message: 'x', $metadata })],
    [
      'a transaction cancelled by a condition',
      new TransactionCanceledException({
        message: 'x',
        $metadata,
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      }),
    ],
    [
      'an error named like a throttle but not from the SDK',
      Object.assign(new Error('x'), { name: 'SlowDown' }),
    ],
  ])('answers %s with a generic 500', (_, error) => {
    const result = errorResponse(error);
    expect(result.statusCode).toBe(500);
    expect(body(result)).toEqual({ error: { code: 'internal', message: messages.serverError } });
  });
});
