/** Wording for the confirmation step, which spec §8 does not cover. */
export const confirmMessages = {
  codeMismatch: 'That code does not match. Please check the email and try again.',
  codeExpired: 'This code has expired. Send a new code and try again.',
  confirmFailed: 'We could not confirm your account. Please try again.',
  codeSent: 'We sent you a new code.',
  resendFailed: 'We could not send a new code. Please try again in a moment.',
  unavailable: 'Sign-in is not available right now. Please try again in a moment.',
} as const;

const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

export function confirmErrorMessage(error: unknown): string {
  const name = nameOf(error);
  if (name === 'CodeMismatchException') return confirmMessages.codeMismatch;
  if (name === 'ExpiredCodeException') return confirmMessages.codeExpired;
  return confirmMessages.confirmFailed;
}
