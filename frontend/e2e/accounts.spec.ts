/**
 * Accounts on the real local stack: a visitor's HD action → sign-up → code → sign-in → back on the
 * results with the upload now theirs; the checkout tab; My photos (refresh of expired tokens,
 * a signed-in upload, deleting a photo); deleting the account.
 */
import { expect, test } from '@playwright/test';
import { messages } from '@shared/messages';
import {
  CONFIRMATION_CODE,
  createUser,
  expectSignedInHeader,
  expireStoredTokens,
  freshEmail,
  PASSWORD,
  storedTokens,
  submitCredentials,
} from './accounts-helpers';
import { dismissNotifyWhenShown, expectNoSeriousA11yViolations, toast, uploadPhoto } from './helpers';

test('a visitor who asks for HD signs up, signs in and lands on the results, now theirs', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail('journey');
  await dismissNotifyWhenShown(page);

  const { uploadId, param } = await uploadPhoto(page);
  expect(param).toBe('tempUploadId');
  await page.waitForURL(`**/result/${uploadId}?temp=true`, { timeout: 120_000 });

  // The upgrade panel: both offers at the catalog prices, the bundle marked BEST VALUE.
  const hdAge10 = page.getByRole('button', { name: /HD Age 10/ });
  const all3 = page.getByRole('button', { name: /All 3 Ages HD/ });
  await expect(hdAge10).toContainText('$6.95');
  await expect(all3).toContainText('$12.95');
  await expect(all3).toContainText('BEST VALUE');
  await hdAge10.click();

  await expect(page).toHaveURL(/\/auth$/);
  const saved = await page.evaluate(() => ({
    checkout: sessionStorage.getItem('checkout_redirect'),
    returnTo: sessionStorage.getItem('authReturnTo'),
  }));
  expect(saved).toEqual({
    checkout: `/result/${uploadId}?temp=true`,
    returnTo: `/result/${uploadId}?temp=true`,
  });

  // Sign up → the code step → back to sign in with the email filled in.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await submitCredentials(page, email, PASSWORD, 'Create Account');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  await page.getByLabel('Confirmation code').fill(CONFIRMATION_CODE);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, messages.accountCreated)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, messages.signedIn)).toBeVisible();

  // Migrated, and back on the results of that upload; the detour values are used up.
  await page.waitForURL(new RegExp(`/result/${uploadId}$`));
  expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContain('checkout_redirect');
  await expectSignedInHeader(page, email, isMobile);

  // Signed in, an HD action opens the checkout page in a new tab. Here the API refuses (payments
  // are covered by payments.spec.ts), so the tab stays to show the server's message and a way back.
  await page.context().route('**/api/checkout', (route) =>
    route.fulfill({
      status: 503,
      json: { error: { code: 'payments_unavailable', message: messages.paymentsUnavailable } },
    }),
  );
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: /All 3 Ages HD/ }).click();
  const checkout = await opening;
  const opened = new URL(checkout.url());
  expect(opened.pathname).toBe('/checkout');
  expect(Object.fromEntries(opened.searchParams)).toEqual({
    product: 'all3_hd',
    uploadId,
    returnPath: `/result/${uploadId}`,
  });
  await expect(checkout.getByRole('alert')).toContainText(messages.paymentsUnavailable);
  await expectNoSeriousA11yViolations(checkout);
  await checkout.getByRole('link', { name: 'Back to your results' }).click();
  await expect(checkout).toHaveURL(new RegExp(`/result/${uploadId}$`));
  await checkout.close();
  await page.context().unroute('**/api/checkout');
  await expect(page).toHaveURL(new RegExp(`/result/${uploadId}$`));

  // My photos shows the upload as the parent's own.
  await page.goto('/my-photos');
  const photos = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(1);
  await expect(photos.first().getByRole('link', { name: 'View results' })).toHaveAttribute(
    'href',
    `/result/${uploadId}`,
  );
  await expect(photos.first().locator('img')).toHaveAttribute('src', /\/previews\//);
});

test('My photos: sign-in detour, token refresh, a signed-in upload, deleting a photo and the account', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail('photos');
  await createUser(baseURL!, email);

  // Signed out, My photos sends the parent to sign in, then brings them back.
  await page.goto('/my-photos');
  await expect(page).toHaveURL(/\/auth$/);
  await submitCredentials(page, email, PASSWORD);
  await page.waitForURL(/\/my-photos$/);
  await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload a photo' })).toHaveAttribute('href', '/upload');
  await expectNoSeriousA11yViolations(page);

  // Expired tokens are refreshed through /cognito (GetTokensFromRefreshToken, rewritten locally).
  const before = await storedTokens(page);
  await expireStoredTokens(page);
  const refreshCalls: string[] = [];
  page.on('request', (r) => {
    const target = r.headers()['x-amz-target'] ?? '';
    if (new URL(r.url()).pathname.startsWith('/cognito')) refreshCalls.push(target.split('.').at(-1)!);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  expect(refreshCalls).toContain('GetTokensFromRefreshToken');
  const after = await storedTokens(page);
  expect(after.idToken).toBeTruthy();
  expect(after.idToken).not.toBe(before.idToken);

  // A signed-in parent's upload is theirs from the start.
  const { uploadId, param } = await uploadPhoto(page);
  expect(param).toBe('uploadId');
  await expect(page.getByRole('heading', { level: 1, name: 'See their future!' })).toBeVisible({
    timeout: 120_000,
  });
  await page.waitForURL(new RegExp(`/result/${uploadId}$`));

  await page.goto('/my-photos');
  const photos = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await photos
    .first()
    .getByRole('button', { name: /^Delete photo from / })
    .click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this photo?' });
  await expect(confirmDelete).toContainText('removed for good');
  await confirmDelete.getByRole('button', { name: 'Delete photo' }).click();
  await expect(toast(page, messages.photoDeleted)).toBeVisible();
  await expect(photos).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  // Gone for good, not just from the list.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();

  // Deleting the account explains what goes, then signs out and goes home.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirmAccount = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirmAccount).toContainText(email);
  await expect(confirmAccount).toContainText('every photo you uploaded');
  await confirmAccount.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, messages.accountDeleted)).toBeVisible();
  expect(await storedTokens(page)).toEqual({});

  // The account no longer exists.
  await page.goto('/auth');
  await submitCredentials(page, email, PASSWORD);
  await expect(toast(page, messages.invalidCredentials)).toBeVisible();
});
