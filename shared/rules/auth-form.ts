/**
 * The sign-in and sign-up form rule (spec §5) and the auth error wording (§8), shared by the
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

const FIELD_ORDER = ['email', 'password'] as const;

/** The one message to show for a form, email first; null when the form is valid. */
export function firstAuthFormError(input: AuthFormInput): string | null {
  const result = authFormSchema.safeParse(input);
  if (result.success) return null;
  for (const field of FIELD_ORDER) {
    const issue = result.error.issues.find((i) => i.path[0] === field);
    if (issue) return issue.message;
  }
  return result.error.issues[0]?.message ?? null;
}

/** Confirmation codes from Cognito are six digits; spaces from a copied email are forgiven. */
export const CONFIRMATION_CODE_LENGTH = 6;
export const confirmationCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Please enter the 6-digit code from the email.' }));

/**
 * The user-facing text of a failed sign-in or sign-up (spec §8): an error whose message says
 * "already" means the account exists; anything else reads "Invalid email or password.".
 */
export function authErrorMessage(error: unknown): string {
  const text =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return /already/i.test(text) ? messages.accountExists : messages.invalidCredentials;
}
