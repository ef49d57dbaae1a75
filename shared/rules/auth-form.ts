/**
 * The sign-in and sign-up form rule and the auth error wording (docs/product.md#auth-and-sign-in), shared by the
 * browser form and its tests. Email: trimmed, valid, at most 255 characters, lowercased.
 * Password: 8 to 72 characters, taken as typed. Only the first failing message is shown, email first.
 */
import { z } from 'zod';
import { messages } from '../messages';

export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

export const authEmailSchema = z
  .string()
  .trim()
  // Format before length, so a long but well-formed address hears about its length only.
  .pipe(
    z
      .email({ error: messages.invalidEmail })
      .max(EMAIL_MAX_LENGTH, { error: messages.emailTooLong })
      .transform((email) => email.toLowerCase()),
  );

export const authPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong });

export const authFormSchema = z.object({ email: authEmailSchema, password: authPasswordSchema });
export type AuthFormInput = z.input<typeof authFormSchema>;
export type AuthFormValues = z.output<typeof authFormSchema>;

/** The form's fields in the order they are checked: the email first. */
export const AUTH_FIELDS = ['email', 'password'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];
export type AuthFormIssue = { field: AuthField; message: string };

/** The one message to show for a form and the field it belongs to, email first; null when valid. */
export function firstAuthFormIssue(input: AuthFormInput): AuthFormIssue | null {
  const result = authFormSchema.safeParse(input);
  if (result.success) return null;
  for (const field of AUTH_FIELDS) {
    const issue = result.error.issues.find((i) => i.path[0] === field);
    if (issue) return { field, message: issue.message };
  }
  // Not an object at all: the email field is the first thing to fix.
  return { field: 'email', message: result.error.issues[0].message };
}

/** Confirmation codes from Cognito are six digits; spaces from a copied email are forgiven. */
export const CONFIRMATION_CODE_LENGTH = 6;
export const confirmationCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), { error: messages.confirmationCodeInvalid }),
  );

/**
 * The user-facing text of a failed sign-in or sign-up: an error whose message says
 * "already" means the account exists; anything else reads "Invalid email or password.".
 */
export function authErrorMessage(error: unknown): string {
  const text =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return /already/i.test(text) ? messages.accountExists : messages.invalidCredentials;
}
