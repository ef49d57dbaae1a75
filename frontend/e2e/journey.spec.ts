/**
 * The visitor's whole journey on the real local stack: landing → upload of a real face photo →
 * progress → three watermarked previews → email prompt → share composite download → banner.
 */

import { expect, test } from '@playwright/test';
import { messages } from '@shared/messages';
import { SHARE_FILE_NAME, shareLayout } from '@shared/rules/share-layout';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, FACE_PHOTO, openPage, toast } from './helpers';

const AGES = [10, 16, 21];

test('a visitor uploads a photo, sees three previews and downloads the share image', async ({
  page,
}, testInfo) => {
  // Three offline renders on two shared cores, plus the 120 s worst case of the progress page.
  test.setTimeout(240_000);

  await openPage(page, '/');
  await page.getByRole('link', { name: 'Try Free' }).first().click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { name: 'Upload Child Photo' })).toBeVisible();
  await expect(page.getByText('You already have a photo processing')).toHaveCount(0);

  await page.locator('input[type=file]').setInputFiles(FACE_PHOTO);
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The way on after an upload (docs/product.md#upload): the template gallery, which says the previews are being made.
  await page.waitForURL(/\/offspring-gallery\?tempUploadId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('Upload successful! Choose a background template.')).toBeVisible();
  await expect(page.getByText('Your age previews are being made.')).toBeVisible();
  await page.getByRole('link', { name: 'View progress' }).click();
  await page.waitForURL(/\/progress\?tempUploadId=[0-9a-f-]{36}$/);
  const uploadId = new URL(page.url()).searchParams.get('tempUploadId')!;
  await expect(page.getByRole('progressbar', { name: 'Preview progress' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /Creating your magical preview… ✨|Preview ready!/,
  );

  await page.waitForURL(`**/result/${uploadId}?temp=true`, { timeout: 150_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("See Your Child's Future ✨");
  await expect(page.getByText('Your free Age 10 preview is below 👇')).toBeVisible();

  // Three done previews, really loaded from /previews, with their captions.
  const previews = page.getByRole('img', { name: /^Your child at age \d+ \(watermarked preview\)$/ });
  await expect(previews).toHaveCount(3, { timeout: 60_000 });
  for (const [i, age] of AGES.entries()) {
    const img = previews.nth(i);
    await expect(img).toHaveAccessibleName(`Your child at age ${age} (watermarked preview)`);
    await expect(img).toHaveAttribute('src', /\/previews\//);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.getByText('Free Preview (Watermarked)')).toHaveCount(1);
  await expect(page.getByText('Locked', { exact: true })).toHaveCount(2);
  await expect(page.getByText(messages.offlineEngineNotice)).toBeVisible();

  // The email prompt opens by itself after 2 s for the owner of an upload without an email.
  const notify = page.getByRole('dialog', { name: 'Get Notified' });
  await expect(notify).toBeVisible({ timeout: 10_000 });
  await notify.getByLabel('Email address').fill(`parent+${testInfo.project.name}@example.com`);
  await notify.getByRole('button', { name: 'Notify Me' }).click();
  await expect(toast(page, messages.emailSaved)).toBeVisible();
  await expect(notify).toBeHidden();

  await expectNoSeriousA11yViolations(page);

  // Share composite: built on a canvas, previewed in the dialog, downloaded as a file.
  await page.getByRole('button', { name: 'Share to Social Media' }).click();
  const share = page.getByRole('dialog', { name: "Share Your Baby's Future! ✨" });
  await expect(share).toBeVisible();
  await expect(share.getByRole('img')).toBeVisible();
  await expect(
    share.getByText('Download the image or use native sharing to post on Instagram Stories!'),
  ).toBeVisible();
  await expect(share.getByRole('link', { name: /Twitter/ })).toHaveAttribute(
    'href',
    // The post names the ages the composite shows.
    /twitter\.com\/intent\/tweet\?text=.*ages%2010%2C%2016%20and%2021/,
  );
  await expect(share.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
    'href',
    new RegExp(`facebook\\.com/sharer/sharer\\.php\\?u=.*${uploadId}`),
  );

  const downloading = page.waitForEvent('download');
  await share.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(SHARE_FILE_NAME);
  await expect(toast(page, messages.downloaded)).toBeVisible();
  const file = testInfo.outputPath(SHARE_FILE_NAME);
  await download.saveAs(file);
  const meta = await sharp(file).metadata();
  const layout = shareLayout(AGES);
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'jpeg',
    width: layout.width,
    height: layout.height,
  });
  // 3 tiles of 400 px with 20 px padding around and between them, caption bands of 120 px.
  expect([layout.width, layout.height]).toEqual([3 * 400 + 4 * 20, 120 + 400 + 120]);
  await share.getByRole('button', { name: 'Close' }).click();

  // Back on the upload screen, the unmigrated upload is offered again.
  await openPage(page, '/upload');
  const banner = page.getByText('You already have a photo processing');
  await expect(banner).toBeVisible();
  await page.getByRole('link', { name: 'View progress' }).click();
  await expect(page).toHaveURL(new RegExp(`/progress\\?tempUploadId=${uploadId}$`));
  // It is complete already, so the progress page goes straight on to the results.
  await page.waitForURL(`**/result/${uploadId}?temp=true`, { timeout: 15_000 });
  // The email is saved now: no second prompt.
  await page.waitForTimeout(2500);
  await expect(page.getByRole('dialog', { name: 'Get Notified' })).toHaveCount(0);
});
