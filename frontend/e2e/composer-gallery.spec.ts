/**
 * The composer gallery on the real local stack: filters that live in the URL (shared, reloaded),
 * an empty result that offers to clear them, and the way in from /upload.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, uploadPhoto } from './helpers';

test('filters to Birthdays and 4:5, keeps them through a reload, and clears an empty search', async ({
  page,
}) => {
  await page.goto('/offspring-gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a background' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards.first()).toBeVisible();
  // The first render shows two rows; the rest of the page follows (the grid is busy until then).
  await expect(page.getByRole('list', { name: 'Templates' })).toHaveAttribute('aria-busy', 'false');
  const all = await cards.count();

  await page.getByLabel('Category').selectOption('Birthdays');
  await page.getByLabel('Orientation').selectOption({ label: '4:5 Portrait' });
  await expect(page).toHaveURL(/\/offspring-gallery\?category=Birthdays&orientation=4%3A5$/);
  await expect.poll(() => cards.count()).toBeLessThan(all);
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Birthdays · 4:5 Portrait');

  // A shared or reloaded link shows the same view.
  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue('Birthdays');
  await expect(page.getByLabel('Orientation')).toHaveValue('4:5');
  await expect(cards.first()).toContainText('Birthdays · 4:5 Portrait');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Search').fill('no such scene anywhere');
  await expect(page.getByText('No templates match these filters')).toBeVisible();
  // The typed search reaches the URL once the typing pauses, and a reload keeps it too.
  await expect(page).toHaveURL(/[?&]q=no\+such\+scene\+anywhere(&|$)/);
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('no such scene anywhere');
  await expect(page.getByLabel('Category')).toHaveValue('Birthdays');
  await expect(page.getByText('No templates match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/offspring-gallery$/);
  await expect.poll(() => cards.count()).toBe(all);
  await expect(page.getByLabel('Search')).toHaveValue('');

  // A page of cards at a time; the rest on request.
  const more = page.getByRole('button', { name: /^Show more templates \(\d+ more\)$/ });
  const rest = Number((await more.textContent())?.match(/\((\d+) more\)/)?.[1]);
  await more.click();
  await expect.poll(() => cards.count()).toBe(all + Math.min(rest, all));
});

test('after /upload, the gallery says the previews are coming and a template takes the photo along', async ({
  page,
}) => {
  const { uploadId, param } = await uploadPhoto(page);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/offspring-gallery\\?${param}=${uploadId}$`));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your age previews are being made.' }),
  ).toBeVisible();
  const first = page.getByRole('main').getByRole('listitem').getByRole('link').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/offspring-composer\\?templateId=[0-9a-f-]{36}&${param}=${uploadId}$`));
});
