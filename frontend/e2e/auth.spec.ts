/** The /auth page on the real local stack: modes, the form's validation and errors, confirm step, redirects. */
import { expect, test } from '@playwright/test';
import { messages } from '@shared/messages';
import {
  CONFIRMATION_CODE,
  createUser,
  expectSignedInHeader,
  freshEmail,
  PASSWORD,
  signIn,
  submitCredentials,
} from './accounts-helpers';
import { expectNoSeriousA11yViolations, toast } from './helpers';

test('sign in and create account modes toggle, with no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('Sign up to continue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});

test('every validation message of the sign-in form, one at a time and email first', async ({ page }) => {
  let cognitoCalls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/cognito')) cognitoCalls++;
  });
  await page.goto('/auth');
  const alerts = page.locator('form [role=alert]');
  const long = `${'a'.repeat(256 - '@example.com'.length)}@example.com`;
  const cases: [string, string, string][] = [
    ['not-an-email', 'x'.repeat(7), messages.invalidEmail], // both wrong: only the email message
    [long, PASSWORD, messages.emailTooLong],
    ['parent@example.com', 'x'.repeat(7), messages.passwordTooShort],
    ['parent@example.com', 'x'.repeat(73), messages.passwordTooLong],
  ];
  for (const [email, password, message] of cases) {
    await submitCredentials(page, email, password);
    await expect(alerts).toHaveText([message]);
  }
  expect(long).toHaveLength(256);
  // The same rule guards sign-up.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await submitCredentials(page, ' nope ', PASSWORD, 'Create Account');
  await expect(alerts).toHaveText([messages.invalidEmail]);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(cognitoCalls, 'no invalid form reaches Cognito').toBe(0);
});

test('a wrong password says "Invalid email or password." and a taken email says it exists', async ({
  page,
  baseURL,
}) => {
  const email = freshEmail('wrong');
  await createUser(baseURL!, email);
  await page.goto('/auth');
  await submitCredentials(page, email, 'not-the-password');
  await expect(toast(page, messages.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Create an account' }).click();
  await submitCredentials(page, email.toUpperCase(), PASSWORD, 'Create Account');
  await expect(toast(page, messages.accountExists)).toBeVisible();
});

test('a parent who signs in before confirming gets the code step, then is signed in', async ({
  page,
  baseURL,
  isMobile,
}) => {
  const email = freshEmail('unconfirmed');
  await createUser(baseURL!, email, { confirmed: false });
  await page.goto('/auth');
  await submitCredentials(page, `  ${email.toUpperCase()} `, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  await page.getByLabel('Confirmation code').fill('12345');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '6-digit code' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(CONFIRMATION_CODE);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, messages.signedIn)).toBeVisible();
  // Nowhere to return to: the post-sign-in logic lands on /upload.
  await expect(page).toHaveURL(/\/upload$/);
  await expectSignedInHeader(page, email, isMobile);

  // A signed-in parent who opens /auth is sent on by the same logic.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/upload$/);
});

test('sign-out ends the session and resets the visitor session values', async ({
  page,
  baseURL,
  isMobile,
}) => {
  const email = freshEmail('signout');
  await createUser(baseURL!, email);
  await signIn(page, email);
  await expectSignedInHeader(page, email, isMobile);
  // The migration after sign-in used (and so started) a visitor session.
  const before = await page.evaluate(() => {
    localStorage.setItem('lf.lastTempUploadId', 'b6b7c3e4-0000-4000-8000-000000000000');
    return localStorage.getItem('lf.session');
  });
  expect(before).toBeTruthy();

  const header = page.getByRole('banner');
  if (isMobile) await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, messages.signedOut)).toBeVisible();
  const after = await page.evaluate(() => ({
    lastTemp: localStorage.getItem('lf.lastTempUploadId'),
    sessionId: localStorage.getItem('lf.session'),
    amplify: Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')),
  }));
  expect(after.lastTemp).toBeNull();
  expect(after.sessionId).not.toBe(before);
  expect(after.amplify).toEqual([]);
  if (isMobile) {
    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  } else {
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'My photos' })).toHaveCount(0);
});
