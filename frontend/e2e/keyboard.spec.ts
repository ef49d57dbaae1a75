/**
 * Keyboard only (Tab, Shift+Tab, Enter, Space, Escape and the arrows; no mouse, no clicks): from
 * /upload to the results, the Moments editor from its gallery to a generated keepsake, and the
 * composer from its gallery to an export. The one step outside the page is the system file dialog,
 * which Enter on the file input opens and which Playwright answers.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { FACE_PHOTO, toast } from './helpers';

/** Presses Tab until `target` has the focus; fails if it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with Tab within ${max} presses`).toBeFocused();
}

/** Opens the system file dialog from the focused file input with Enter and picks the face photo. */
async function chooseFileWithEnter(page: Page) {
  const input = page.locator('input[type=file]');
  await tabTo(page, input);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(FACE_PHOTO);
}

/** Opens a page and starts its app from the keyboard (a prerendered page starts on the first key). */
async function openWithKeyboard(page: Page, path: string) {
  await page.goto(path);
  await page.keyboard.press('Tab');
  await expect(page.locator('html[data-ready]')).toBeAttached();
}

test('upload → progress → results with the keyboard alone @desktop-only', async ({ page }) => {
  test.setTimeout(240_000);
  await openWithKeyboard(page, '/upload');
  await chooseFileWithEnter(page);
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/offspring-gallery\?/, { timeout: 30_000 });
  await tabTo(page, page.getByRole('link', { name: 'View progress' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/progress\?/);
  await page.waitForURL(/\/result\//, { timeout: 150_000 });
  await expect(page.getByRole('img', { name: /watermarked preview/ })).toHaveCount(3, { timeout: 60_000 });

  // The email prompt takes the focus; Escape closes it.
  const notify = page.getByRole('dialog', { name: 'Get Notified' });
  await expect(notify).toBeVisible({ timeout: 10_000 });
  await expect(notify.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(notify).toBeHidden();

  // The share dialog opens with Enter and gives the focus back to its button when closed.
  const share = page.getByRole('button', { name: 'Share to Social Media' });
  await tabTo(page, share);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Share Your Baby/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toBeFocused();
});

test('the Moments editor: a template, a photo, the child moved with the arrows, Generate @desktop-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWithKeyboard(page, '/moments');
  await tabTo(page, page.getByRole('main').getByRole('listitem').getByRole('link').first());
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/moments\/editor\/[0-9a-f-]{36}$/);
  await chooseFileWithEnter(page);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  // The child first stands on the template's ground line, below the middle.
  const y = page.getByLabel('Position Y');
  await expect.poll(async () => Number(await y.inputValue())).toBeGreaterThan(55);
  const standing = Number(await y.inputValue());

  await tabTo(page, page.getByRole('application'));
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowUp'])
    await page.keyboard.press(key);
  await expect(page.getByLabel('Position X')).toHaveValue('53');
  await expect(y).toHaveValue(String(standing - 10));
  // Backwards too: Shift+Tab returns to the canvas from the next control.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('application')).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Generate (free)' }));
  await page.keyboard.press('Space');
  await expect(toast(page, 'Composition created successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Your keepsake' })).toBeVisible();
});

test('the composer: a scene, a photo, nudged and fitted, exported @desktop-only', async ({ page }) => {
  test.setTimeout(120_000);
  await openWithKeyboard(page, '/offspring-gallery');
  await tabTo(page, page.getByRole('main').getByRole('listitem').getByRole('link').first());
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/offspring-composer\?templateId=[0-9a-f-]{36}/);
  await chooseFileWithEnter(page);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });

  const x = Number(await page.getByLabel('Position X').inputValue());
  await tabTo(page, page.getByRole('application'));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByLabel('Position X')).toHaveValue(String(Number((x - 0.01).toFixed(2))));
  await tabTo(page, page.getByRole('button', { name: 'Fit' }));
  await page.keyboard.press('Space');
  await expect(toast(page, 'Fitted to safe area')).toBeVisible();
  await tabTo(page, page.getByRole('switch', { name: 'Flip horizontal' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Flip horizontal' })).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Export', exact: true }));
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^little-futures_.*\.jpg$/);
  await expect(page.getByRole('heading', { name: 'Your keepsake is ready' })).toBeVisible();
});
