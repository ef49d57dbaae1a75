/** The message for a failed sign-up confirmation, which the fixed wording does not cover. */
import { messages } from '@shared/messages';

const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

export function confirmErrorMessage(error: unknown): string {
  const name = nameOf(error);
  if (name === 'CodeMismatchException') return messages.codeMismatch;
  if (name === 'ExpiredCodeException') return messages.codeExpired;
  return messages.accountConfirmFailed;
}

/** The message for a failed password reset (the code step): Cognito names the cause. */
export function resetErrorMessage(error: unknown): string {
  const name = nameOf(error);
  if (name === 'CodeMismatchException') return messages.codeMismatch;
  if (name === 'ExpiredCodeException') return messages.codeExpired;
  if (name === 'InvalidPasswordException') return messages.passwordTooShort;
  return messages.passwordResetFailed;
}
