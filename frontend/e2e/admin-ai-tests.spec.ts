/**
 * The operators' AI test pages on the real local stack (offline provider): an age-preview test runs
 * through the upload, the queued job and the render worker to its result, with each step logged; the
 * age 16 test likewise; the five scene prompts all generate and their summary downloads; the face
 * swap asks for both images, shows the swapped image and its metadata, and a refusal inline; a
 * non-admin is turned away.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { generatedImagesMessage, messages } from '@shared/messages';
import sharp from 'sharp';
import { createUser, freshEmail, signIn } from './accounts-helpers';
import { createAdmin } from './admin-helpers';
import { expectNoSeriousA11yViolations, FACE_PHOTO, toast } from './helpers';

/** Another real face photo (MIT, ships with @vladmandic/face-api). */
const OTHER_FACE_PHOTO = path.join(path.dirname(FACE_PHOTO), 'sample3.jpg');
/** A landscape with no one in it (sky over a meadow), big enough for the upload's checks. */
const noFacePhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#8ecae6' } })
    .composite([
      {
        input: { create: { width: 800, height: 250, channels: 3, background: '#52b788' } },
        top: 350,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();
const NOT_AN_IMAGE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') };

async function openAsAdmin(page: Page, baseURL: string, pathName: string, heading: string) {
  await signIn(page, await createAdmin(baseURL, 'ai-tests'));
  await page.goto(pathName);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** A loaded <img>, not a broken one. */
async function expectLoadedImage(page: Page, name: string | RegExp, timeout = 10_000) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible({ timeout });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('an age-preview test runs through the real pipeline to its result, each step in the log', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await openAsAdmin(page, baseURL!, '/admin/replicate-test', 'Age-preview test');
  await expect(
    page.getByText('the AI calls happen in the background render worker, not in this page').first(),
  ).toBeVisible();
  const provider = page.getByRole('region', { name: 'Ageing provider' });
  await expect(provider).toContainText('Ageing is answered by offline');
  await expect(provider).toContainText('craniofacial growth warp');
  await expect(page.getByText(messages.aiProviderRequired)).toHaveCount(0);

  const photo = page.getByLabel('Photo', { exact: true });
  await photo.setInputFiles(NOT_AN_IMAGE);
  await expect(page.getByRole('alert')).toHaveText(messages.notAnImage);
  await expect(photo).toHaveAttribute('aria-invalid', 'true');
  await photo.setInputFiles(FACE_PHOTO);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The ages look like buttons: their labels take the tap.
  await page.getByText('Age 5', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Age 5' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('replicate-test-ready.png'), fullPage: true });
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  const log = page.getByRole('log', { name: 'Test log' });
  await expect(log).toContainText('Uploading sample2.jpg');
  await expect(log).toContainText('Job queued for age 5', { timeout: 30_000 });
  await expect(log).toContainText(
    'Worker processing: the AI calls happen in the background render worker, not in this page',
  );
  await expect(log).toContainText('Done: the age 5 result is ready', { timeout: 60_000 });
  const steps = await log.getByRole('listitem').locator('span').allInnerTexts();
  const expected = [
    'Uploading sample2.jpg (',
    'Stored: upload ',
    'Job queued for age 5',
    'Worker processing: ',
    'Done: ',
  ];
  expect(steps).toHaveLength(expected.length);
  for (const [i, prefix] of expected.entries()) expect(steps[i]).toContain(prefix);
  // Every step carries its time.
  await expect(log.locator('time')).toHaveCount(5);

  await expectLoadedImage(page, 'Age 5 result, watermarked preview');
  const hd = page.getByRole('link', { name: /Open the full-size file/ });
  await expect(hd).toHaveAttribute('href', /.+/);
  // Offline, the worker measures no identity distance or cost: the page says so rather than showing blanks.
  await expect(page.getByText('measured on hosted results only')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('replicate-test-done.png'), fullPage: true });
});

test('the age 16 test says how long it takes and shows the aged portrait', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await openAsAdmin(page, baseURL!, '/admin/test-age-transform', 'Age 16 test');
  await expect(page.getByText('It takes 30-60 seconds with a hosted model.')).toBeVisible();
  await page.getByRole('button', { name: 'Run age 16 test' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.notAnImage);

  await page.getByLabel('Portrait', { exact: true }).setInputFiles(FACE_PHOTO);
  await page.getByRole('button', { name: 'Run age 16 test' }).click();
  await expect(page.getByRole('button', { name: 'Ageing…' })).toBeDisabled();
  await expectLoadedImage(page, 'Age 16 result, watermarked preview');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('test-age-transform-done.png'), fullPage: true });
});

test('the age 16 test runs on the demo image the deployment names, which the server reads', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await openAsAdmin(page, baseURL!, '/admin/test-age-transform', 'Age 16 test');
  // npm start's default (scripts/local/demo-portrait.ts): a portrait as a data: URL, named by its size.
  const demo = page.getByRole('region', { name: 'Demo image' });
  await expect(demo).toContainText(/This deployment names one: a data: URL \(image\/jpeg, \d+ KB\)/);
  await demo.getByRole('button', { name: 'Use the demo image' }).click();
  await expect(page.getByRole('button', { name: 'Ageing…' })).toBeDisabled();
  await expectLoadedImage(page, 'Age 16 result, watermarked preview', 60_000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.locator('summary', { hasText: 'Steps' }).click();
  await expect(page.getByText('Stored: the demo image is checked and ready')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('test-age-transform-demo.png'), fullPage: true });
});

test('without a demo image the age 16 test says how to name one and takes an upload', async ({
  page,
  baseURL,
}) => {
  // The suite's stack names one; this deployment's answer is the one without.
  await page.route('**/api/admin/ai/providers', async (route) => {
    const providers = await (await route.fetch()).json();
    await route.fulfill({ json: { ...providers, ageTestDemoImage: null } });
  });
  await openAsAdmin(page, baseURL!, '/admin/test-age-transform', 'Age 16 test');
  const demo = page.getByRole('region', { name: 'Demo image' });
  await expect(demo).toContainText(messages.aiTestDemoImageUnset);
  await expect(demo.getByRole('button')).toHaveCount(0);
  await expect(page.getByLabel('Portrait', { exact: true })).toBeVisible();
});

test('the five scene prompts run one after another and their JSON summary downloads', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await openAsAdmin(page, baseURL!, '/admin/hf-test', 'Scene prompt test');
  await expect(page.getByRole('region', { name: 'Scene generation provider' })).toContainText(
    'Scene generation is answered by offline',
  );
  const prompts = page.getByRole('article', { name: /^Prompt \d$/ });
  await expect(prompts).toHaveCount(5);
  await page.getByRole('button', { name: 'Run 5 prompts' }).click();
  // One after another: the first is pending while the last has not started.
  await expect(page.getByRole('article', { name: 'Prompt 5' })).toContainText('Not run');
  await expect(page.getByRole('progressbar', { name: 'Scene prompts done' })).toBeVisible();

  const done = page.getByRole('status').filter({ hasText: generatedImagesMessage(5, 5) });
  await expect(done).toBeVisible({ timeout: 90_000 });
  await expect(toast(page, generatedImagesMessage(5, 5))).toBeVisible();
  for (let n = 1; n <= 5; n++) {
    const row = page.getByRole('article', { name: `Prompt ${n}` });
    await expect(row).toContainText('Success');
    await expect(row).toContainText(/\d+ ms/);
    await expectLoadedImage(page, `Scene generated for prompt ${n}`);
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('hf-test-done.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON summary' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^scene-prompt-test-[\dT-]+\.json$/);
  const summary = JSON.parse(await readFile(await download.path(), 'utf8')) as Array<Record<string, unknown>>;
  expect(summary).toHaveLength(5);
  for (const entry of summary) {
    expect(entry).toEqual({
      prompt: expect.any(String),
      success: true,
      generationTime: expect.any(Number),
      error: null,
      provider: 'offline',
      model: expect.stringContaining('scene generator'),
    });
  }
  expect(new Set(summary.map((entry) => entry.prompt)).size).toBe(5);
});

test('the face swap asks for both images, shows the swap and its metadata, and a refusal inline', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await openAsAdmin(page, baseURL!, '/admin/face-swap-test', 'Face swap test');
  await expect(page.getByRole('region', { name: 'Face swap provider' })).toContainText(
    'Face swap is answered by offline',
  );
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.uploadBothImages);
  await page.getByLabel('Background image').setInputFiles(FACE_PHOTO);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.uploadBothImages);
  await page.getByLabel('Face image').setInputFiles(NOT_AN_IMAGE);
  await expect(page.getByRole('alert').filter({ hasText: messages.notAnImage })).toBeVisible();
  // Any image is taken, as on /upload: a GIF becomes its first frame, as a JPEG.
  await page.getByLabel('Face image').setInputFiles({
    name: 'face.gif',
    mimeType: 'image/gif',
    buffer: await sharp(OTHER_FACE_PHOTO).gif().toBuffer(),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  // The offline face swap (landmark-aligned transfer) answers with the swapped image and its metadata.
  await expectLoadedImage(page, 'Face swap result: the background with the swapped face', 60_000);
  const metadata = page.getByRole('region', { name: 'Metadata' });
  await expect(metadata).toContainText('"status": "succeeded"');
  await expect(metadata).toContainText(/"generationTime": \d+/);
  await expect(metadata).toContainText('"provider": "offline"');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('face-swap-test-done.png'), fullPage: true });

  // A background with no face in it: the worker's refusal shows inline, with its details.
  await page.getByLabel('Background image').setInputFiles({
    name: 'no-face.jpg',
    mimeType: 'image/jpeg',
    buffer: await noFacePhoto(),
  });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const error = page.getByRole('alert');
  await expect(error).toContainText(messages.swapNoFaceInBackground, { timeout: 60_000 });
  await expect(error).toContainText('Details:');
  await expect(metadata).toContainText('"status": "failed"');
  await expect(page.getByRole('img', { name: /Face swap result/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});

test('a signed-in parent who is not an admin is turned away from the AI test pages', async ({
  page,
  baseURL,
}) => {
  const parent = freshEmail('not-admin');
  await createUser(baseURL!, parent);
  await signIn(page, parent);
  await page.goto('/admin/hf-test');
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, messages.adminOnly)).toBeVisible();
});
