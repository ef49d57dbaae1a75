/** Pages that need no upload: landing, pricing, not-found, coming-soon pages, redirects. */

import { expect, test } from '@playwright/test';
import { getProduct } from '@shared/catalog';
import { messages } from '@shared/messages';
import { PRERENDERED_PAGES, type PrerenderedPath } from '@shared/site-pages';
import { expectNoSeriousA11yViolations, FACE_PHOTO, openPage, toast } from './helpers';

test('landing page shows the hero, badges, steps and the pricing teaser', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('precious moment');
  await expect(page.getByText('Loved by thousands of parents')).toBeVisible();
  await expect(page.getByText('No app download required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Templates' })).toHaveAttribute('href', '/moments');
  await expect(page.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(page.locator('img[src^="/demo/"]')).toHaveCount(3);
  for (const step of ['Browse Templates', 'Upload Your Photo', 'See The Magic']) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(step) })).toBeVisible();
  }
  for (const price of ['$0.99', '$7.95', '$14.95']) await expect(page.getByText(price).first()).toBeVisible();
  await expect(page.getByText(getProduct('credits_20').badge!, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'View All Plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

const PRERENDERED_HEADINGS: Record<PrerenderedPath, string> = {
  '/': 'precious moment',
  '/pricing': 'Pricing',
  '/upload': 'Upload Child Photo',
};

test('prerendered pages show their content without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(PRERENDERED_HEADINGS[path]);
    await expect(page.getByRole('link', { name: 'Try Free' }).first()).toHaveAttribute('href', '/upload');
  }
  await context.close();
});

test('a prerendered page loads its app once it is used, or once it has sat idle', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // Nothing but the loader while the page is only looked at (the idle start waits 4 s after load).
  await page.waitForTimeout(1000);
  expect(scripts.filter((script) => /\/assets\/app-[^/]+\.js$/.test(script))).toEqual([]);
  await expect(page.locator('html[data-ready]')).toHaveCount(0);
  await page.mouse.move(1, 1);
  await expect(page.locator('html[data-ready]')).toBeAttached();
  expect(scripts.filter((script) => /\/assets\/app-[^/]+\.js$/.test(script))).toHaveLength(1);

  // A visitor who never touches the page gets the app all the same, a few seconds after it loaded.
  // (A new tab: the mouse of the first one is over the page, and the browser may move it there again.)
  const idle = await page.context().newPage();
  await idle.goto('/pricing');
  await expect(idle.locator('html[data-ready]')).toHaveCount(0);
  await expect(idle.locator('html[data-ready]')).toBeAttached({ timeout: 15_000 });
  await idle.close();
});

// The menu shows below 1024 px: the config runs @mobile-only tests on the phone profile.
test('the phone menu opens, closes and is named for what it does, before the app runs and after @mobile-only', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  for (const tab of [await noScript.newPage(), page]) {
    const header = tab.getByRole('banner');
    if (tab === page) await openPage(tab, '/');
    else await tab.goto('/');
    await expect(header.getByRole('link', { name: 'Pricing' })).toBeHidden();
    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(header.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Close menu' }).click();
    await expect(header.getByRole('link', { name: 'Pricing' })).toBeHidden();
    // The keyboard: Enter opens it, Tab goes on to its links, and (with the app) Escape closes it.
    await tab.keyboard.press('Enter');
    await tab.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'Home' })).toBeFocused();
    if (tab === page) {
      await tab.keyboard.press('Escape');
      await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
      await expect(header.getByRole('link', { name: 'Home' })).toBeHidden();
      await header.getByRole('button', { name: 'Open menu' }).click();
    }
    await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(tab).toHaveURL(/\/pricing$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    // The menu closed behind the link.
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Home' })).toBeHidden();
  }
  await noScript.close();
});

test('prerendered pages hydrate without errors and then answer taps', async ({ page, isMobile }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const path of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(PRERENDERED_HEADINGS[path]);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    // Login appears once the app runs: the HTML is built for no one in particular.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(1);
  }
  expect(errors).toEqual([]);
});

test('a photo chosen on /upload before the app runs is taken once it does', async ({ page }) => {
  // A slow line: the prerendered page is on screen, the app's code is still on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/upload');
  await page.locator('input[type=file]').setInputFiles(FACE_PHOTO);
  await expect(page.locator('html[data-ready]')).toHaveCount(0);
  release();
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('landing and upload pages have no serious accessibility violations', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await openPage(page, '/upload');
  await expect(page.getByRole('heading', { name: 'Upload Child Photo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('header navigation works on every screen size', async ({ page, isMobile }) => {
  await openPage(page, '/');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  }
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  // Login sits in the bar from 768 px up, and in the menu on a phone.
  const header = page.getByRole('banner');
  if (isMobile) {
    await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
    await header.getByRole('button', { name: 'Open menu' }).click();
  }
  await header.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Try Free' }).first().click();
  await expect(page).toHaveURL(/\/upload$/);
});

test('pricing page lists every plan; the free plan goes to the upload, a paid one to sign-in first', async ({
  page,
}) => {
  await openPage(page, '/pricing');
  for (const text of ['Free Preview', 'Single HD', '10-Pack', '20-Pack', '50-Pack', 'Subscription']) {
    await expect(page.getByRole('heading', { name: text, exact: true })).toBeVisible();
  }
  await expect(page.getByText('saves $8')).toBeVisible();
  await expect(page.getByText('saves $35')).toBeVisible();
  await expect(page.getByText('per month')).toBeVisible();
  await expect(page.getByText(`${messages.creditsNeverExpire}; packs are one-time purchases`)).toBeVisible();
  // Honest about what credits buy today.
  await expect(page.getByText(messages.creditsUse)).toBeVisible();
  await page.getByRole('link', { name: 'Start free preview' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await page.goBack();
  // Buying needs an account: a visitor goes to /auth and is brought back to the pricing page.
  await page.getByRole('button', { name: 'Choose 20-Pack' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => sessionStorage.getItem('checkout_redirect'))).toBe('/pricing');
  await page.goBack();
  await page.getByRole('link', { name: /Back to Home/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('unknown pages show the not-found page with a way home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a results link that is not a UUID says "Invalid link" and goes home', async ({ page }) => {
  await page.goto('/result/not-a-uuid');
  await expect(toast(page, messages.invalidLink)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a results link to an unknown upload says the results could not load', async ({ page }) => {
  await page.goto('/result/3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c');
  await expect(page.getByRole('alert')).toContainText(messages.resultsLoadFailed);
});

test('the progress page without an id goes to the upload', async ({ page }) => {
  await page.goto('/progress');
  await expect(page).toHaveURL(/\/upload$/);
});

test('a page that fails to load shows the router fallback with a way home', async ({ page }) => {
  await openPage(page, '/');
  // The pricing chunk cannot be fetched (a flaky network, or a deploy replaced it).
  await page.route(/\/assets\/PricingPage-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'View Pricing' }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText(/at .*\.js/)).toHaveCount(0);
  await page.unrouteAll();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('precious moment');
});

test('the upload drop area is reachable and usable with the keyboard', async ({ page }) => {
  await openPage(page, '/upload');
  const input = page.locator('input[type=file]');
  for (let i = 0; i < 12 && !(await input.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  expect((await chooser).isMultiple()).toBe(false);
});
