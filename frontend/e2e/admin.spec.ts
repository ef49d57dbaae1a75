/**
 * The operator pages' shell on the real local stack: the guard, first-admin setup (only the address
 * the stack names, ADMIN_EMAIL), the checklists and the password reset that ends on /auth.
 */

import { expect, type Page, test } from '@playwright/test';
import { messages } from '@shared/messages';
import { createUser, freshEmail, PASSWORD, signIn, submitCredentials } from './accounts-helpers';
import { createAdmin, namedAdminEmail, withoutAdmins } from './admin-helpers';
import { expectNoSeriousA11yViolations, toast } from './helpers';

const ADMINS_MANAGED =
  'This app already has an admin. Further admin roles are managed by existing admins (npm run admin:grant).';

async function openHeaderMenu(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
}

test('only the named address becomes the first admin; anyone else is refused everywhere', async ({
  page,
  baseURL,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  await withoutAdmins();
  const named = namedAdminEmail();
  const stranger = freshEmail('stranger');
  await createUser(baseURL!, named);
  await createUser(baseURL!, stranger);

  // Signed out, the page says so; pressing the button asks to log in first.
  await page.goto('/admin/grant');
  await expect(page.getByText('First-time setup only')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('You must be logged in first');
  await page.getByRole('button', { name: 'Grant me admin access' }).click();
  await expect(toast(page, 'Please log in first')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // A stranger who signs up first is refused, though the app has no admin yet; the refusal stays.
  await submitCredentials(page, stranger, PASSWORD);
  await page.waitForURL(/\/admin\/grant$/);
  await page.getByRole('button', { name: 'Grant me admin access' }).click();
  await expect(toast(page, messages.notTheNamedAdmin)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(messages.notTheNamedAdmin);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('grant-refused.png'), fullPage: true });
  await page.goto('/admin/qa-checklist');
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'This page is for admins.')).toBeVisible();

  // The address the stack names claims it.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, named);
  await page.goto('/admin/grant');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('grant.png'), fullPage: true });

  await page.getByRole('button', { name: 'Grant me admin access' }).click();
  await expect(toast(page, 'Admin access granted! You can now access admin pages.')).toBeVisible();
  await page.waitForURL(/\/admin\/template-seeder$/);
  // The new token carries the group: the header offers the admin pages.
  await openHeaderMenu(page, isMobile);
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/admin\/template-editor$/);

  await page.goto('/admin/grant');
  await page.getByRole('button', { name: 'Grant me admin access' }).click();
  await expect(toast(page, 'You already have admin access!')).toBeVisible();

  // Anyone after the first is refused, by the setup page and by every guarded page.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, stranger);
  await page.goto('/admin/grant');
  await page.getByRole('button', { name: 'Grant me admin access' }).click();
  await expect(toast(page, ADMINS_MANAGED)).toBeVisible();
  for (const path of ['/admin/qa-checklist', '/admin/production-checklist', '/admin/reset-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'This page is for admins.')).toBeVisible();
  }
  await openHeaderMenu(page, isMobile);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('a signed-out visitor is sent to sign in and comes back to the admin page', async ({
  page,
  baseURL,
}) => {
  const admin = await createAdmin(baseURL!);
  await page.goto('/admin/qa-checklist');
  await expect(page).toHaveURL(/\/auth$/);
  await submitCredentials(page, admin, PASSWORD);
  await page.waitForURL(/\/admin\/qa-checklist$/);
  await expect(page.getByRole('heading', { name: 'QA checklist' })).toBeVisible();
});

test('the QA checklist reaches 100 %, and the go-live list reads the real configuration', async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, await createAdmin(baseURL!));
  await page.goto('/admin/qa-checklist');
  await expect(page.getByRole('heading', { name: 'QA checklist' })).toBeVisible();
  const boxes = page.getByRole('checkbox');
  const count = await boxes.count();
  expect(count).toBeGreaterThan(8);
  // Prices come from the catalog, as the QA checklist names them.
  await expect(page.getByText('Future Starter at $6.95')).toBeVisible();
  await expect(page.getByText('Full Future Bundle at $9.95')).toBeVisible();
  await expect(page.getByText('Age 19 only at $6.95')).toBeVisible();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await expect(page.getByRole('progressbar', { name: 'QA progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText('All checks completed! Ready for production.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('qa-checklist.png'), fullPage: true });
  await boxes.first().uncheck();
  await expect(page.getByText('All checks completed! Ready for production.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Go-live' }).click();
  const payments = page.getByRole('listitem').filter({ hasText: 'Payments' });
  await expect(payments).toContainText('local test checkout');
  await expect(payments).toContainText('Not for production');
  await expect(page.getByRole('listitem').filter({ hasText: 'Emails' })).toContainText('local outbox');
  await expect(page.getByRole('listitem').filter({ hasText: 'AI provider' })).toContainText(
    'removeBackground: offline',
  );
  const firstAdmin = page.getByRole('listitem').filter({ hasText: 'First admin' });
  await expect(firstAdmin).toContainText(`claimable by ${namedAdminEmail()} only`);
  await expect(firstAdmin).toContainText('Ready');
  // The local test checkout sells the offline simulation's age HD; live keys would not.
  const ageSales = page.getByRole('listitem').filter({ hasText: 'HD age products' });
  await expect(ageSales).toContainText('on sale on the offline simulation (test keys only)');
  await expect(ageSales).toContainText('Not for production');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('go-live.png'), fullPage: true });
});

test('an operator sends a reset code, and the code sets a new password on /auth', async ({
  page,
  baseURL,
}) => {
  const admin = await createAdmin(baseURL!, 'reset');
  await signIn(page, admin);
  await page.goto('/admin/reset-password');
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(admin);
  await email.fill('   ');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter an email address');
  await email.fill(admin);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page, 'Password reset email sent! Check your inbox.')).toBeVisible();

  // The owner of the address: signed out, on /auth, with the code (always 123456 locally).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(admin);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await page.getByLabel('Reset code').fill('000000');
  await page.getByLabel('New password').fill('a-new-password-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'That code does not match. Please check the email and try again.')).toBeVisible();
  await page.getByLabel('Reset code').fill('123456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'Your password has been changed. Please sign in with the new one.')).toBeVisible();
  await submitCredentials(page, admin, PASSWORD);
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await submitCredentials(page, admin, 'a-new-password-7');
  await page.waitForURL((url) => url.pathname !== '/auth');
});
