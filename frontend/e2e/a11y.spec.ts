/**
 * Accessibility of every page: axe (WCAG 2.1 A/AA, no serious or critical finding) on each route of
 * the app as a visitor, a signed-in parent and an admin, with the pages that need a photo or a
 * template opened on real ones. The keyboard-only journeys are in keyboard.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { createUser, freshEmail, signIn } from './accounts-helpers';
import { createAdmin } from './admin-helpers';
import { expectNoSeriousA11yViolations, FACE_PHOTO, openPage, toast, uploadPhoto } from './helpers';

/** Opens a page, lets its data arrive, and checks it; names the page when it fails. */
async function check(page: Page, path: string) {
  await openPage(page, path);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await test.step(`axe ${path}`, () => expectNoSeriousA11yViolations(page));
}

const firstTemplateId = async (page: Page, kind: 'templates' | 'composer/templates') => {
  const list = await (await page.request.get(`/api/${kind}`)).json();
  return list.templates[0].templateId as string;
};

test('every page a visitor reaches has no serious accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const templateId = await firstTemplateId(page, 'templates');
  const composerTemplateId = await firstTemplateId(page, 'composer/templates');
  for (const path of [
    '/',
    '/pricing',
    '/upload',
    '/moments',
    '/moments?theme=halloween',
    `/moments/editor/${templateId}`,
    `/moments/editor/${crypto.randomUUID()}`,
    '/moments/drafts',
    '/offspring-gallery',
    `/offspring-composer?templateId=${composerTemplateId}`,
    '/auth',
    '/my-photos',
    '/checkout',
    '/upsell',
    '/upsell/age-19',
    `/result/${crypto.randomUUID()}`,
    '/admin/grant',
    '/admin/template-editor',
    '/no-such-page',
  ]) {
    await check(page, path);
  }
});

test('the pages of a photo have no serious accessibility violations', async ({ page }) => {
  // One offline render of three ages on two shared cores, and the editor's background removal.
  test.setTimeout(240_000);
  const { uploadId, param } = await uploadPhoto(page);
  await expect(page.getByRole('progressbar', { name: 'Preview progress' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.waitForURL(new RegExp(`/result/${uploadId}`), { timeout: 150_000 });
  await expect(page.getByRole('img', { name: /watermarked preview/ })).toHaveCount(3, { timeout: 60_000 });
  const notify = page.getByRole('dialog', { name: 'Get Notified' });
  await expect(notify).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await notify.getByRole('button', { name: 'No thanks' }).click();
  await page.getByRole('button', { name: 'Share to Social Media' }).click();
  await expect(page.getByRole('dialog', { name: /Share Your Baby/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await check(page, `/offspring-gallery?${param}=${uploadId}`);

  // The Moments editor and the composer with a photo in them.
  await openPage(page, `/moments/editor/${await firstTemplateId(page, 'templates')}`);
  await page.locator('input[type=file]').setInputFiles(FACE_PHOTO);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Erase edge' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Generate (free)' }).click();
  await expect(page.getByRole('img', { name: 'Your keepsake' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
});

test('the signed-in pages have no serious accessibility violations', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = freshEmail('a11y');
  await createUser(baseURL!, email);
  await signIn(page, email);
  for (const path of ['/my-photos', '/moments/drafts', '/checkout', '/pricing', '/admin/grant'])
    await check(page, path);
});

test('every admin page has no serious accessibility violations', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const email = await createAdmin(baseURL!, 'a11y-admin');
  await signIn(page, email);
  for (const path of [
    '/admin/template-editor',
    '/admin/template-seeder',
    '/admin/pack-manager',
    '/admin/qa-checklist',
    '/admin/production-checklist',
    '/admin/reset-password',
    '/admin/replicate-test',
    '/admin/test-age-transform',
    '/admin/hf-test',
    '/admin/face-swap-test',
    '/admin/no-such-page',
  ]) {
    await check(page, path);
  }
});
