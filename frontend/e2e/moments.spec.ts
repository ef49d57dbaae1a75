/**
 * Moments end to end on the real local stack (the seeded template library, offline background
 * removal, the server's keepsake drawing, Stripe's local fake): a visitor's free keepsake, then a
 * parent's HD keepsake paid with a credit and their drafts.
 */
import { expect, type Page, test } from '@playwright/test';
import { messages } from '@shared/messages';
import sharp from 'sharp';
import { createUser, freshEmail, signIn } from './accounts-helpers';
import {
  expectFailureToast,
  expectNoSeriousA11yViolations,
  FACE_PHOTO,
  refuseNextRequest,
  toast,
} from './helpers';
import { clickForNewTab, expectTestCheckout } from './payments-helpers';

async function openFirstTemplate(page: Page): Promise<string> {
  await page.goto('/moments');
  const first = page.getByRole('main').getByRole('listitem').getByRole('link').first();
  const name = (await first.locator('span').first().textContent()) ?? '';
  await first.click();
  await page.waitForURL(/\/moments\/editor\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

async function addPhoto(page: Page) {
  await page.locator('input[type=file]').setInputFiles(FACE_PHOTO);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
}

async function imageSize(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  return sharp(await response.body()).metadata();
}

test('a visitor filters the gallery, places their child with sliders, keys and undo, and makes a free keepsake', async ({
  page,
}) => {
  await page.goto('/moments');
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  expect(all).toBeGreaterThanOrEqual(36);
  await expect(page.getByText('1 Credit').first()).toBeVisible();
  await page.getByRole('button', { name: 'halloween' }).click();
  await expect(page).toHaveURL(/\?theme=halloween$/);
  await expect.poll(() => cards.count()).toBeLessThan(all);
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  await page.reload();
  await expect(page.getByRole('button', { name: 'halloween' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);

  await openFirstTemplate(page);
  await page.getByRole('button', { name: 'Generate (free)' }).click();
  await expect(toast(page, 'Please upload and extract a child image first')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: 'list.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(toast(page, 'Please upload an image file')).toBeVisible();
  await addPhoto(page);

  // The child starts standing on the template's ground line: centred, 30 %, below the middle.
  const x = page.getByLabel('Position X');
  const y = page.getByLabel('Position Y');
  await expect.poll(async () => Number(await y.inputValue())).toBeGreaterThan(55);
  await expect(x).toHaveValue('50');
  await expect(page.getByLabel('Size')).toHaveValue('30');
  const standing = Number(await y.inputValue());

  // A slider step, undone and redone; then arrow keys on the canvas (Shift: ten steps).
  await x.focus();
  await page.keyboard.press('ArrowRight');
  await expect(x).toHaveValue('51');
  await x.blur();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(x).toHaveValue('50');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(x).toHaveValue('51');
  await page.getByRole('application').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(x).toHaveValue('61');
  await expect(y).toHaveValue(String(standing + 1));
  await page.keyboard.press('Control+z');
  await expect(y).toHaveValue(String(standing));

  // A refusal keeps the spec's wording as the title, with the server's reason beneath.
  await refuseNextRequest(page, 'POST', /\/api\/compositions$/, {
    status: 429,
    code: 'tooManyCompositions',
    message: messages.tooManyCompositions,
  });
  await page.getByRole('button', { name: 'Generate (free)' }).click();
  await expectFailureToast(page, messages.compositionFailed, messages.tooManyCompositions);
  await page.getByRole('button', { name: 'Generate (free)' }).click();
  await expect(toast(page, 'Composition created successfully!')).toBeVisible({ timeout: 30_000 });
  const keepsake = page.getByRole('img', { name: 'Your keepsake' });
  await expect(keepsake).toBeVisible();
  const meta = await imageSize(page, (await keepsake.getAttribute('src'))!);
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 800, 800, undefined]);

  // HD needs an account: the visitor is sent to sign in.
  await page.getByRole('button', { name: /Generate HD/ }).click();
  await page.waitForURL(/\/auth$/);
});

test('an unknown template shows "Template not found" with a way back', async ({ page }) => {
  await page.goto(`/moments/editor/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse templates' })).toHaveAttribute('href', '/moments');
});

test('a parent buys credits for an HD keepsake, and renames, duplicates, resumes and deletes drafts', async ({
  page,
  context,
  baseURL,
}) => {
  const email = freshEmail('moments');
  await createUser(baseURL!, email);
  await signIn(page, email);

  const sceneName = await openFirstTemplate(page);
  await addPhoto(page);
  await page.getByLabel('Size').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`Saved as “${sceneName}”`)).toBeVisible({ timeout: 10_000 });

  // No credits: 402 and the way to buy them, in a new tab; the design stays here.
  await page.getByRole('button', { name: /Generate HD/ }).click();
  await expect(page.getByText('You need 1 credit for an HD keepsake.')).toBeVisible({ timeout: 30_000 });
  const checkout = await clickForNewTab(context, () =>
    page.getByRole('button', { name: 'Buy credits' }).click(),
  );
  await expectTestCheckout(checkout, '10-Pack', '$4.95');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.waitForURL(/\/my-photos/);
  await checkout.close();
  await page.getByRole('button', { name: /Generate HD/ }).click();
  await expect(page.getByText('HD 2000×2000 · 9 credits left')).toBeVisible({ timeout: 30_000 });
  const hd = await imageSize(
    page,
    (await page.getByRole('img', { name: 'Your HD keepsake' }).getAttribute('src'))!,
  );
  expect([hd.width, hd.height]).toEqual([2000, 2000]);

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(page, `Now editing “${sceneName} (copy)”`)).toBeVisible();

  await page.goto('/moments/drafts');
  const drafts = page.getByRole('article');
  await expect(drafts).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await drafts.first().getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename draft' });
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a name');
  await dialog.getByLabel('Name').fill('Party with Mia');
  // Each action refused once, as for a draft deleted in another tab: the spec's wording, the server's reason.
  const draftGone = { status: 404, code: 'draftNotFound', message: messages.draftNotFound };
  await refuseNextRequest(page, 'PATCH', /\/api\/drafts\/[0-9a-f-]{36}$/, draftGone);
  await dialog.getByLabel('Name').press('Enter');
  await expectFailureToast(page, messages.renameDraftFailed, messages.draftNotFound);
  await dialog.getByLabel('Name').press('Enter');
  await expect(toast(page, 'Renamed ✓')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Party with Mia' })).toBeVisible();

  await refuseNextRequest(page, 'POST', /\/api\/drafts\/[0-9a-f-]{36}\/duplicate$/, draftGone);
  const partyDuplicate = page
    .getByRole('article')
    .filter({ hasText: 'Party with Mia' })
    .getByRole('button', { name: 'Duplicate' });
  await partyDuplicate.click();
  await expectFailureToast(page, messages.duplicateDraftFailed, messages.draftNotFound);
  // Duplicate from the list opens the copy in the editor, offered for resuming.
  await partyDuplicate.click();
  await page.waitForURL(/\/moments\/editor\//);
  await expect(page.getByRole('dialog', { name: 'Resume your draft?' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume Draft' }).click();
  await expect(toast(page, 'Draft resumed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Size')).toHaveValue('31');

  await page.goto('/moments/drafts');
  await expect(page.getByRole('article')).toHaveCount(3);
  await refuseNextRequest(page, 'DELETE', /\/api\/drafts\/[0-9a-f-]{36}$/, draftGone);
  await page.getByRole('article').first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await expectFailureToast(page, messages.deleteDraftFailed, messages.draftNotFound);
  // The confirmation stays open to try again.
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await expect(toast(page, 'Draft deleted')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
});
