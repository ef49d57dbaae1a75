/**
 * What /upload takes and refuses: any photo a phone makes (a HEIC decoded in the browser, a GIF's
 * first frame) reaches the progress page; the browser refuses a non-image and a file over 10 MB, the
 * server the rest (real bytes), under the fixed "Upload failed" wording.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { messages } from '@shared/messages';
import sharp from 'sharp';
import { heicFixture } from './heic-fixture';
import { expectFailureToast, FACE_PHOTO, openPage, toast } from './helpers';
import { storedObject } from './stack';

/** The photo the browser stored (read from S3 before the server's check moves it on). */
function capturePhotoSent(page: Page): () => Buffer | undefined {
  let putUrl = '';
  let sent: Buffer | undefined;
  page.on('request', (request) => {
    if (request.method() === 'PUT') putUrl = request.url();
  });
  void page.route(/\/api\/uploads\/[^/]+\/complete$/, async (route) => {
    sent = await storedObject(putUrl);
    await route.continue();
  });
  return () => sent;
}

async function continueToProgress(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/offspring-gallery\?(uploadId|tempUploadId)=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.getByRole('link', { name: 'View progress' }).click();
  await page.waitForURL(/\/progress\?(uploadId|tempUploadId)=[0-9a-f-]{36}$/);
  await expect(page.getByRole('progressbar', { name: 'Preview progress' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await openPage(page, '/upload');
  await expect(page.getByText('Click to upload or drag and drop')).toBeVisible();
  await expect(page.getByText('PNG, JPG or JPEG (MAX. 10MB)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('a text file is refused with "Please select an image file"', async ({ page }) => {
  await page.locator('input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(toast(page, messages.notAnImage)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('a photo over 10 MB is refused before any upload', async ({ page }) => {
  let apiCalls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls++;
  });
  await page.locator('input[type=file]').setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
  });
  await expect(toast(page, messages.fileTooLarge)).toBeVisible();
  expect(apiCalls).toBe(0);
});

test("a file that only pretends to be a JPEG gets the server's message and stays chosen", async ({
  page,
}) => {
  await page.locator('input[type=file]').setInputFiles({
    name: 'fake.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('just some text pretending to be a photo'),
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectFailureToast(page, messages.uploadFailed, messages.notAnImage);
  // The parent keeps the chosen photo and can try again.
  await expect(page.getByRole('button', { name: 'Choose Different Photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('a damaged JPEG gets the server\'s "could not read" message', async ({ page }) => {
  const head = readFileSync(FACE_PHOTO).subarray(0, 4096);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: head });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectFailureToast(page, messages.uploadFailed, messages.photoUnreadable);
});

test('an iPhone HEIC is decoded in the browser, sent as a JPEG and reaches the progress page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const heic = await heicFixture();
  const sent = capturePhotoSent(page);
  await page.locator('input[type=file]').setInputFiles(heic.path);
  // The preview shows the decoded photo under its new name.
  await expect(page.getByText('File-Samples-Hub.1.jpg')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toHaveJSProperty(
    'naturalWidth',
    heic.width,
  );
  await continueToProgress(page);
  const stored = await sharp(sent()!).metadata();
  expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', heic.width, heic.height]);
});

test("a GIF's first frame is sent as a JPEG and reaches the progress page", async ({ page }) => {
  const frame = (background: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .png()
      .toBuffer();
  const animated = await sharp([await frame('#e63946'), await frame('#1d3557')], { join: { animated: true } })
    .gif()
    .toBuffer();
  const sent = capturePhotoSent(page);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'wave.gif', mimeType: 'image/gif', buffer: animated });
  await expect(page.getByText('wave.jpg')).toBeVisible();
  await continueToProgress(page);
  const stored = sharp(sent()!);
  const { format, width, height } = await stored.metadata();
  expect([format, width, height]).toEqual(['jpeg', 320, 240]);
  // The first frame, red, not the second, navy.
  const [red, , blue] = (await stored.stats()).channels;
  expect(red.mean).toBeGreaterThan(200);
  expect(blue.mean).toBeLessThan(100);
});
