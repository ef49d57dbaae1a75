import { describe, expect, it } from 'vitest';
import { confirmErrorMessage, confirmMessages } from './auth-errors';

describe('confirmErrorMessage', () => {
  it('names a wrong and an expired code', () => {
    expect(confirmErrorMessage({ name: 'CodeMismatchException', message: 'x' })).toBe(
      confirmMessages.codeMismatch,
    );
    expect(confirmErrorMessage({ name: 'ExpiredCodeException' })).toBe(confirmMessages.codeExpired);
  });

  it('falls back to a calm general message', () => {
    expect(confirmErrorMessage(new TypeError('Failed to fetch'))).toBe(confirmMessages.confirmFailed);
    expect(confirmErrorMessage(null)).toBe(confirmMessages.confirmFailed);
  });
});
