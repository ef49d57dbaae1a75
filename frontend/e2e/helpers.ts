/** Shared bits of the browser tests. */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A real face photo (MIT, ships with @vladmandic/face-api). */
export const FACE_PHOTO = path.join(REPO_ROOT, 'node_modules/@vladmandic/face-api/demo/sample2.jpg');

/**
 * Opens a page and waits until the app runs on it. A prerendered page (/, /pricing, /upload) is on
 * screen and usable before its app runs, and starts the app when the visitor starts using the page
 * (frontend/src/app/boot/on-first-use.ts): the helper moves the mouse over it, as a person arriving
 * does, then waits for the app. A tap before then is the browser's alone: a link loads the next page
 * in full, a button of the app does nothing yet — for a test as for a person.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.mouse.move(1, 1);
  await expect(page.locator('html[data-ready]')).toBeAttached();
}

/**
 * A toast (sonner) with this text, among those on screen: sonner keeps older ones in the page,
 * stacked out of sight (data-visible="false"), so an earlier toast with the same text is not this one.
 */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

/**
 * The next `method` request to `url` is answered with the server's refusal `{ error: { code, message } }`,
 * as when a draft was deleted in another tab; later ones reach the server.
 */
export async function refuseNextRequest(
  page: Page,
  method: string,
  url: RegExp,
  refusal: { status: number; code: string; message: string },
) {
  let refused = false;
  await page.route(url, async (route) => {
    if (refused || route.request().method() !== method) return route.fallback();
    refused = true;
    await route.fulfill({
      status: refusal.status,
      json: { error: { code: refusal.code, message: refusal.message } },
    });
  });
}

/** A failure toast as the parent reads it: the product's fixed wording as its title, the server's reason beneath. */
export async function expectFailureToast(page: Page, title: string, reason: string) {
  const shown = toast(page, title);
  await expect(shown.locator('[data-title]')).toHaveText(title);
  await expect(shown.locator('[data-description]')).toHaveText(reason);
}

/** The email prompt may open over the results at any moment: dismiss it whenever it is in the way. */
export async function dismissNotifyWhenShown(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Get Notified' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'No thanks' }).click();
  });
}

/** Fails with the list of serious or critical axe violations of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Fading elements (toasts, dialogs) would be measured half transparent: let transitions finish.
  // (Endless ones, such as spinners, are left alone.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, 'serious accessibility violations').toEqual([]);
}

/**
 * Uploads the face photo from /upload, lands on the template gallery and follows its link to the
 * progress page; returns the upload id and the progress URL's parameter.
 */
export async function uploadPhoto(page: Page) {
  await openPage(page, '/upload');
  await page.locator('input[type=file]').setInputFiles(FACE_PHOTO);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/offspring-gallery\?(uploadId|tempUploadId)=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.getByRole('link', { name: 'View progress' }).click();
  await page.waitForURL(/\/progress\?(uploadId|tempUploadId)=[0-9a-f-]{36}$/);
  const url = new URL(page.url());
  const param = [...url.searchParams.keys()][0];
  return { uploadId: url.searchParams.get(param)!, param };
}
