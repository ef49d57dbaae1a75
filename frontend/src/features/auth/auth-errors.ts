/** The message for a failed sign-up confirmation, which spec §8 does not cover. */
import { messages } from '@shared/messages';

const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

export function confirmErrorMessage(error: unknown): string {
  const name = nameOf(error);
  if (name === 'CodeMismatchException') return messages.codeMismatch;
  if (name === 'ExpiredCodeException') return messages.codeExpired;
  return messages.accountConfirmFailed;
}
