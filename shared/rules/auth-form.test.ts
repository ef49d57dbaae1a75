import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  authErrorMessage,
  authFormSchema,
  CONFIRMATION_CODE_LENGTH,
  confirmationCodeSchema,
  EMAIL_MAX_LENGTH,
  firstAuthFormIssue,
} from './auth-form';

/** The message the form shows first, if any. */
const firstAuthFormError = (input: Parameters<typeof firstAuthFormIssue>[0]) =>
  firstAuthFormIssue(input)?.message ?? null;

const GOOD_PASSWORD = 'correct horse';
/** A well-formed address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('authFormSchema', () => {
  it('trims and lowercases the email and keeps the password as typed', () => {
    const parsed = authFormSchema.parse({ email: '  Parent@Example.COM ', password: ' Secret123 ' });
    expect(parsed).toEqual({ email: 'parent@example.com', password: ' Secret123 ' });
  });

  it('accepts an email of exactly 255 characters and passwords of 8 and 72', () => {
    expect(
      firstAuthFormError({ email: emailOfLength(EMAIL_MAX_LENGTH), password: 'x'.repeat(8) }),
    ).toBeNull();
    expect(firstAuthFormError({ email: 'a@b.co', password: 'x'.repeat(72) })).toBeNull();
  });
});

describe('firstAuthFormError', () => {
  it('rejects a malformed email', () => {
    for (const email of ['', 'parent', 'parent@', '@example.com', 'parent@example', 'pa rent@example.com']) {
      expect(firstAuthFormError({ email, password: GOOD_PASSWORD })).toBe(messages.invalidEmail);
    }
  });

  it('rejects an email of 256 characters with the length message only', () => {
    expect(firstAuthFormError({ email: emailOfLength(256), password: GOOD_PASSWORD })).toBe(
      messages.emailTooLong,
    );
  });

  it('measures the email after trimming', () => {
    expect(firstAuthFormError({ email: `  ${emailOfLength(255)}  `, password: GOOD_PASSWORD })).toBeNull();
  });

  it('rejects passwords of 7 and 73 characters', () => {
    expect(firstAuthFormError({ email: 'a@b.co', password: 'x'.repeat(7) })).toBe(messages.passwordTooShort);
    expect(firstAuthFormError({ email: 'a@b.co', password: 'x'.repeat(73) })).toBe(messages.passwordTooLong);
  });

  it('reports the email before the password', () => {
    expect(firstAuthFormError({ email: 'nope', password: 'short' })).toBe(messages.invalidEmail);
    expect(firstAuthFormError({ email: emailOfLength(300), password: '' })).toBe(messages.emailTooLong);
  });
});

describe('confirmationCodeSchema', () => {
  it('accepts six digits, forgiving spaces', () => {
    expect(confirmationCodeSchema.parse(' 123 456 ')).toBe('123456');
  });

  it('rejects anything else', () => {
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      expect(confirmationCodeSchema.safeParse(code).success).toBe(false);
    }
  });
});

describe('authErrorMessage', () => {
  it('says the account exists when the error says "already"', () => {
    expect(authErrorMessage(new Error('User already exists'))).toBe(messages.accountExists);
    expect(
      authErrorMessage({
        name: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      }),
    ).toBe(messages.accountExists);
  });

  it('says "Invalid email or password." for anything else', () => {
    expect(authErrorMessage(new Error('Incorrect username or password.'))).toBe(messages.invalidCredentials);
    expect(authErrorMessage({ name: 'NotAuthorizedException' })).toBe(messages.invalidCredentials);
    expect(authErrorMessage(undefined)).toBe(messages.invalidCredentials);
  });
});

describe('firstAuthFormIssue', () => {
  it('names the field of the first failing rule, email first', () => {
    expect(firstAuthFormIssue({ email: 'nope', password: 'short' })).toEqual({
      field: 'email',
      message: messages.invalidEmail,
    });
    expect(firstAuthFormIssue({ email: 'parent@example.com', password: 'short' })).toEqual({
      field: 'password',
      message: messages.passwordTooShort,
    });
    expect(firstAuthFormIssue({ email: 'parent@example.com', password: GOOD_PASSWORD })).toBeNull();
  });
});

describe('confirmationCodeSchema', () => {
  it(`accepts exactly ${CONFIRMATION_CODE_LENGTH} digits and says so otherwise`, () => {
    expect(confirmationCodeSchema.safeParse('1'.repeat(CONFIRMATION_CODE_LENGTH)).success).toBe(true);
    for (const code of [
      '1'.repeat(CONFIRMATION_CODE_LENGTH - 1),
      '1'.repeat(CONFIRMATION_CODE_LENGTH + 1),
      'abcdef',
    ]) {
      const result = confirmationCodeSchema.safeParse(code);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(messages.confirmationCodeInvalid);
    }
  });
});
