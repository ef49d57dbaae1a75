/**
 * The pack manager on the real local stack: an operator (a user made admin in cognito-local) is
 * refused a pack without name or category, creates one, generates it (the page polls until the
 * count reaches 5), publishes it (Moments lists its scenes) and unpublishes it (they are gone again).
 */
import { expect, type Page, test } from '@playwright/test';
import { generatedImagesMessage, messages } from '@shared/messages';
import { signIn } from './accounts-helpers';
import { createAdmin } from './admin-helpers';
import { expectNoSeriousA11yViolations, openPage, toast } from './helpers';

/** Whether Moments lists the scene, once the gallery has loaded. */
async function momentsLists(page: Page, scene: string): Promise<boolean> {
  await openPage(page, '/moments');
  await expect(page.getByRole('main').getByRole('listitem').getByRole('link').first()).toBeVisible();
  return (await page.getByText(scene).count()) > 0;
}

test('an operator creates a pack, generates its five scenes, publishes and unpublishes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await createAdmin(baseURL!, 'packs'));
  await openPage(page, '/admin/pack-manager');
  await expect(page.getByRole('heading', { name: 'Pack manager' })).toBeVisible();

  await page.getByRole('button', { name: 'New Pack' }).click();
  const form = page.getByRole('dialog', { name: 'New Pack' });
  await form.getByRole('button', { name: 'Create Pack' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.packNameCategoryRequired);
  const name = `Dragon Tales ${crypto.randomUUID().slice(0, 6)}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create Pack' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.packNameCategoryRequired);
  await expect(form.getByLabel('Category')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Description').fill('Castles, dragons and enchanted forests');
  await form.getByLabel('Category').selectOption('Fantasy');
  await form.getByLabel('Generation frequency').selectOption('monthly');
  await form.getByRole('button', { name: 'Create Pack' }).click();
  await expect(toast(page, messages.packCreated)).toBeVisible();
  await expect(form).toBeHidden();

  const pack = page.getByRole('article', { name });
  await expect(pack).toContainText('Castles, dragons and enchanted forests');
  await expect(pack).toContainText('Fantasy');
  await expect(pack).toContainText('0 templates');
  await expect(pack.getByText('Draft', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await pack.getByRole('button', { name: 'Generate' }).click();
  await expect(toast(page, messages.packGenerationStarted)).toBeVisible();
  // The run is shown while the page polls; the count rises to 5.
  await expect(pack.getByRole('progressbar', { name: `Generating ${name}` })).toBeVisible();
  await expect(pack).toContainText('5 templates', { timeout: 60_000 });
  await expect(pack.getByRole('progressbar')).toBeHidden();
  await expect(toast(page, generatedImagesMessage(5, 5))).toBeVisible();

  // A draft pack's scenes are listed nowhere.
  const scene = `${name} · Morning`;
  expect(await momentsLists(page, scene)).toBe(false);

  await openPage(page, '/admin/pack-manager');
  await pack.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, messages.packPublished)).toBeVisible();
  await expect(pack.getByText('Active', { exact: true })).toBeVisible();
  // Published: Moments lists them, newest first.
  expect(await momentsLists(page, scene)).toBe(true);

  await openPage(page, '/admin/pack-manager');
  await pack.getByRole('button', { name: 'Unpublish' }).click();
  await expect(toast(page, messages.packUpdated)).toBeVisible();
  await expect(pack.getByText('Draft', { exact: true })).toBeVisible();
  expect(await momentsLists(page, scene)).toBe(false);
});
