/**
 * The deployer's flag that hides the header's sign-in buttons (HIDE_AUTH_BUTTONS, context
 * hideAuthButtons): GET /api/config says so, the header follows it on a prerendered page and in the
 * app shell, in the bar and in the phone menu; /auth still opens by URL. The suite's stack shows
 * the buttons, so the hidden case answers /api/config as a deployment with the flag does.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { createUser, freshEmail, signIn } from './accounts-helpers';
import { openPage } from './helpers';

/** Every Login link and account control of the header, shown or not (the closed phone menu holds some). */
const authControls = (page: Page) => {
  const header = page.getByRole('banner');
  return [
    header.getByRole('link', { name: 'Login', includeHidden: true }),
    header.getByRole('button', { name: 'Sign out', includeHidden: true }),
    header.getByText('Signed in as'),
  ];
};

async function expectNoAuthControls(page: Page) {
  for (const control of authControls(page)) await expect(control).toHaveCount(0);
}

/** /api/config as a deployment with the flag answers it. */
async function hideAuthButtons(route: Route) {
  const config = await (await route.fetch()).json();
  await route.fulfill({ json: { ...config, hideAuthButtons: true } });
}

/** Holds /api/config until released: the header must not wait for it, or must already know. */
function holdConfig(page: Page, answer: (route: Route) => Promise<void> = (route) => route.continue()) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release: () => release(),
    install: () =>
      page.route('**/api/config', async (route) => {
        await held;
        // A request of a page already left is gone: nothing to answer.
        await answer(route).catch(() => undefined);
      }),
  };
}

test('by default the header offers Login at once, without waiting for the config', async ({
  page,
  isMobile,
}) => {
  const config = holdConfig(page);
  await config.install();
  await openPage(page, '/');
  const header = page.getByRole('banner');
  if (isMobile) await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  config.release();
  await openPage(page, '/moments');
  if (isMobile) await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('the deployer can hide Login and the account buttons; /auth still opens by URL', async ({
  page,
  baseURL,
  isMobile,
}, testInfo) => {
  await page.route('**/api/config', hideAuthButtons);
  const header = page.getByRole('banner');
  for (const path of ['/', '/pricing', '/moments']) {
    const answered = page.waitForResponse('**/api/config');
    await openPage(page, path);
    await answered;
    if (isMobile) await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
    ).toBeVisible();
    await expect(header.getByRole('link', { name: 'Try Free' })).toBeVisible();
    await expectNoAuthControls(page);
  }
  await page.screenshot({ path: testInfo.outputPath('auth-buttons-hidden.png') });

  // Signing in by URL still works, and the header shows no account buttons afterwards either.
  const email = freshEmail('hidden-auth');
  await createUser(baseURL!, email);
  await signIn(page, email);
  // The menu closes on navigation; right after sign-in the redirect may still land after the tap.
  await expect(async () => {
    const open = header.getByRole('button', { name: 'Open menu' });
    if (isMobile && (await open.isVisible())) await open.click();
    await expect(header.getByRole('link', { name: 'My photos' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(header.getByText(email)).toHaveCount(0);
  await expectNoAuthControls(page);
});

test("a returning visitor's header never shows the hidden buttons while the config is on its way", async ({
  page,
  isMobile,
}) => {
  await page.route('**/api/config', hideAuthButtons);
  const answered = page.waitForResponse('**/api/config');
  await openPage(page, '/');
  await answered;
  await page.unroute('**/api/config');

  const config = holdConfig(page, hideAuthButtons);
  await config.install();
  for (const path of ['/pricing', '/moments']) {
    await openPage(page, path);
    if (isMobile) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await expectNoAuthControls(page);
  }
  config.release();
});
