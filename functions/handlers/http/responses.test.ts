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

  it("answers middy's early timeout with 503 and try-again, not 500", () => {
    // What @middy/core throws just before the Lambda's deadline.
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
