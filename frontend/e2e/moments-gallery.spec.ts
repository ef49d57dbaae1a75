/**
 * The Moments gallery and My Drafts around their edges, on the real local stack: what a visitor sees,
 * the way through sign-in and back, a parent with no drafts yet, and a theme in the URL that is not one.
 * (The full flows, with drafts made in the editor, are in moments.spec.ts.)
 */
import { expect, test } from '@playwright/test';
import { createUser, freshEmail, submitCredentials } from './accounts-helpers';
import { expectNoSeriousA11yViolations } from './helpers';

test('a visitor is asked to sign in to keep drafts, and comes back to an empty My Drafts', async ({
  page,
  baseURL,
}) => {
  const email = freshEmail('drafts');
  await createUser(baseURL!, email);

  await page.goto('/moments');
  const main = page.getByRole('main');
  await expect(main.getByRole('listitem').getByRole('link').first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'My Drafts' })).toHaveCount(0);

  await page.goto('/moments/drafts');
  await expect(page.getByRole('heading', { name: 'Sign in to keep drafts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await submitCredentials(page, email, 'little-futures-9');
  await expect(page).toHaveURL(/\/moments\/drafts$/);

  await expect(page.getByRole('heading', { level: 1, name: 'My Drafts' })).toBeVisible();
  await expect(page.getByText('No drafts yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await main.getByRole('link', { name: 'Browse templates' }).click();
  await expect(page).toHaveURL(/\/moments$/);
  await expect(main.getByRole('link', { name: 'My Drafts' })).toHaveAttribute('href', '/moments/drafts');
});

test('a theme in the URL that is not one shows every template, and a chip replaces it', async ({ page }) => {
  await page.goto('/moments?theme=spaceships');
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'all', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const all = await cards.count();
  await page.getByRole('button', { name: 'birthday' }).click();
  await expect(page).toHaveURL(/\/moments\?theme=birthday$/);
  await expect.poll(() => cards.count()).toBeLessThan(all);
  await page.getByRole('button', { name: 'all', exact: true }).click();
  await expect(page).toHaveURL(/\/moments$/);
  await expect.poll(() => cards.count()).toBe(all);
  await expectNoSeriousA11yViolations(page);
});
