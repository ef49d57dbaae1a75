import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { confirmErrorMessage } from './auth-errors';

describe('confirmErrorMessage', () => {
  it('names a wrong and an expired code', () => {
    expect(confirmErrorMessage({ name: 'CodeMismatchException', message: 'x' })).toBe(messages.codeMismatch);
    expect(confirmErrorMessage({ name: 'ExpiredCodeException' })).toBe(messages.codeExpired);
  });

  it('falls back to a calm general message', () => {
    expect(confirmErrorMessage(new TypeError('Failed to fetch'))).toBe(messages.accountConfirmFailed);
    expect(confirmErrorMessage(null)).toBe(messages.accountConfirmFailed);
  });
});
