/** Upload rejections: in the browser (declared type and size) and by the server (real bytes). */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { messages } from '@shared/messages';
import { FACE_PHOTO, openPage, toast } from './helpers';

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
  await expect(toast(page, messages.notAnImage)).toBeVisible();
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
  await expect(toast(page, messages.photoUnreadable)).toBeVisible();
});
