/**
 * The composer end to end on the real local stack: from the gallery to a full-size export (the
 * seeded library, the composer's upload rules, offline background removal, the browser's drawing),
 * the way in from /upload, and the photos and links it refuses.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp, { type Metadata } from 'sharp';
import { SAMPLE_CONTENT_SECURITY_POLICY } from '../../infra/constructs/content-security-policy';
import { createUser, freshEmail, submitCredentials } from './accounts-helpers';
import { heicFixture } from './heic-fixture';
import { expectNoSeriousA11yViolations, FACE_PHOTO, toast, uploadPhoto } from './helpers';
import { clickForNewTab, expectTestCheckout } from './payments-helpers';
import { storedObject } from './stack';

const composerInput = (page: Page) => page.locator('input[type=file]');
const currentStep = (page: Page) => page.getByRole('list', { name: 'Steps' }).locator('[aria-current=step]');

async function openFromGallery(page: Page, query: string): Promise<string> {
  await page.goto(`/offspring-gallery?${query}`);
  await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
  await page.waitForURL(/\/offspring-composer\?templateId=[0-9a-f-]{36}/);
  return new URL(page.url()).searchParams.get('templateId')!;
}

test('a visitor places their child in a 4:5 birthday scene and exports a full-size JPEG', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const templateId = await openFromGallery(page, 'category=Birthdays&orientation=4%3A5');
  await expect(currentStep(page)).toHaveText('2 Upload the child photo');
  await expect(page.getByText('Birthdays · 4:5 Portrait')).toBeVisible();

  await composerInput(page).setInputFiles(FACE_PHOTO);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  await expect(currentStep(page)).toHaveText('4 Position and adjust');
  // Snapped into the safe area at scale 1: no warning.
  await expect(page.getByLabel('Scale')).toHaveValue('1');
  await expect(page.getByText('Subject outside safe area')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Fit' }).click();
  await expect(toast(page, 'Fitted to safe area')).toBeVisible();
  await expect(page.getByLabel('Scale')).toHaveValue('0.9');
  await page.getByRole('button', { name: 'Fill' }).click();
  await expect(toast(page, 'Filled safe area')).toBeVisible();
  await expect(page.getByLabel('Scale')).toHaveValue('1.1');

  // Pushed out of the safe area, the parent is warned; Snap to center brings the child back.
  await page.getByLabel('Position X').fill('1');
  await expect(page.getByText('Subject outside safe area')).toBeVisible();
  await page.getByRole('button', { name: 'Snap to center' }).click();
  await expect(toast(page, 'Snapped to center')).toBeVisible();
  await expect(page.getByText('Subject outside safe area')).toHaveCount(0);

  // Arrow keys on the canvas nudge by 0.01 (Shift: 0.1), within the ranges.
  const x = Number(await page.getByLabel('Position X').inputValue());
  await page.getByRole('application').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByLabel('Position X')).toHaveValue(String(Number((x - 0.01).toFixed(2))));
  // Dragging the child on the canvas moves them, and the sliders follow.
  const stage = (await page.locator('.konvajs-content').boundingBox())!;
  const [x0, y0] = [
    Number(await page.getByLabel('Position X').inputValue()),
    Number(await page.getByLabel('Position Y').inputValue()),
  ];
  await page.mouse.move(stage.x + x0 * stage.width, stage.y + y0 * stage.height);
  await page.mouse.down();
  await page.mouse.move(stage.x + (x0 - 0.2) * stage.width, stage.y + (y0 - 0.1) * stage.height, {
    steps: 8,
  });
  await page.mouse.up();
  await expect
    .poll(async () => Number(await page.getByLabel('Position X').inputValue()))
    .toBeCloseTo(x0 - 0.2, 1);
  await expect
    .poll(async () => Number(await page.getByLabel('Position Y').inputValue()))
    .toBeCloseTo(y0 - 0.1, 1);
  for (const [label, value] of [
    ['Rotation', '-15'],
    ['Feather edge', '6'],
    ['Brightness', '1.2'],
    ['Contrast', '0.9'],
  ] as const) {
    await page.getByLabel(label).fill(value);
    await expect(page.getByLabel(label)).toHaveValue(value);
  }
  await page.getByRole('switch', { name: 'Flip horizontal' }).check();
  await page.getByRole('switch', { name: 'Soft shadow' }).check();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, 'Transform reset')).toBeVisible();
  await expect(page.getByLabel('Rotation')).toHaveValue('0');
  await expect(page.getByRole('switch', { name: 'Flip horizontal' })).not.toBeChecked();
  await page.getByLabel('Rotation').fill('5');

  let bytes: Buffer;
  let fileName: string;
  if (isMobile) {
    // Phones: the image opens in a new tab, with the hint to save it to Photos.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();
    await expect(toast(page, 'Image exported successfully!')).toBeVisible();
    const src = (await page.getByRole('img', { name: /^Your keepsake on / }).getAttribute('src'))!;
    bytes = Buffer.from(
      await page.evaluate(async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())], src),
    );
    fileName = (await page.getByText(/^little-futures_/).textContent())!.split(' ·')[0];
  } else {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    await expect(toast(page, 'Image exported successfully!')).toBeVisible();
    fileName = download.suggestedFilename();
    bytes = readFileSync(await download.path());
  }
  expect(fileName).toMatch(new RegExp(`^little-futures_${templateId}_\\d{13}\\.jpg$`));
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1638, 2048]);

  await expect(currentStep(page)).toHaveText('6 Result');
  await expect(page.getByRole('heading', { name: 'Your keepsake is ready' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Another' }).click();
  await expect(currentStep(page)).toHaveText('1 Choose background');
  await page.getByRole('main').getByRole('link', { name: 'Choose background' }).click();
  await expect(page).toHaveURL(/\/offspring-gallery$/);
});

test('the photo from /upload goes straight to background removal in the chosen scene', async ({ page }) => {
  test.setTimeout(90_000);
  const { uploadId, param } = await uploadPhoto(page);
  await openFromGallery(page, `${param}=${uploadId}`);
  expect(new URL(page.url()).searchParams.get(param)).toBe(uploadId);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  await expect(currentStep(page)).toHaveText('4 Position and adjust');
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
});

test('refuses what the composer cannot use, with its fixed messages, and unknown backgrounds', async ({
  page,
}) => {
  await openFromGallery(page, '');
  const tryFile = async (file: { name: string; mimeType: string; buffer: Buffer }, message: string) => {
    await composerInput(page).setInputFiles(file);
    await expect(toast(page, message)).toBeVisible();
    await expect(currentStep(page)).toHaveText('2 Upload the child photo');
  };
  const jpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#9ab' } })
      .jpeg()
      .toBuffer();
  await tryFile(
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(13 * 1024 * 1024, 0xff) },
    'File too large. Maximum 12MB allowed.',
  );
  await tryFile(
    { name: 'small.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1000, 800) },
    'Image too small. Minimum 1024px on the short edge required.',
  );
  const gif = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#abc' } })
    .gif()
    .toBuffer();
  await tryFile(
    { name: 'party.gif', mimeType: 'image/gif', buffer: gif },
    'Please choose a JPEG, PNG or HEIC photo.',
  );
  await tryFile(
    { name: 'IMG_0001.heic', mimeType: 'image/heic', buffer: Buffer.from('not really a photo') },
    'This file is not a valid HEIC photo.',
  );

  await page.goto(
    `/offspring-composer?templateId=${crypto.randomUUID()}&tempUploadId=${crypto.randomUUID()}`,
  );
  await expect(page).toHaveURL(/\/offspring-gallery\?tempUploadId=[0-9a-f-]{36}$/);
  await expect(
    toast(page, 'That background is not available any more. Please choose another one.'),
  ).toBeVisible();
});

test('a real HEIC photo is decoded in the browser, sent as a JPEG and checked by the server', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const heic = await heicFixture();
  const decoderRequests: string[] = [];
  page.on('request', (request) => {
    if (/heic/i.test(request.url())) decoderRequests.push(request.url());
  });
  // The site's CSP, which CloudFront sends with every response (the local gateway sends none), on the
  // page and on the decoder's worker: the worker must be allowed to start and compile its wasm. Only
  // the local S3 emulator's origin is added, for the presigned PUT; a page served by the test has no
  // loopback address any more, so Chromium must also be allowed to reach the emulator from it.
  const csp = SAMPLE_CONTENT_SECURITY_POLICY.replace('connect-src', 'connect-src http://127.0.0.1:*');
  await page.context().grantPermissions(['local-network-access']);
  await page.route(
    (url) => url.pathname === '/offspring-gallery' || url.pathname.startsWith('/assets/heic-worker-'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    },
  );
  await openFromGallery(page, '');
  expect(decoderRequests, 'the HEIC decoder loads only once a HEIC is chosen').toEqual([]);

  // What the browser sent is read from S3 before the server's check moves it on.
  let sent: Metadata | undefined;
  let putUrl = '';
  let putType = '';
  page.on('request', (request) => {
    if (request.method() !== 'PUT') return;
    putUrl = request.url();
    putType = request.headers()['content-type'];
  });
  await page.route(/\/api\/uploads\/[^/]+\/complete$/, async (route) => {
    sent = await sharp(await storedObject(putUrl)).metadata();
    await route.continue();
  });
  const cutoutResponse = page.waitForResponse((response) => /\/cutout$/.test(response.url()), {
    timeout: 60_000,
  });
  await composerInput(page).setInputFiles(heic.path);
  await expect.poll(() => sent, { timeout: 30_000 }).toBeDefined();
  expect(decoderRequests.some((url) => /\/heic-worker-[\w-]+\.js$/.test(url))).toBe(true);
  expect(decoderRequests.some((url) => /\/heic-libheif-[\w-]+\.wasm$/.test(url))).toBe(true);
  expect(putType).toBe('image/jpeg');
  expect([sent!.format, sent!.width, sent!.height]).toEqual(['jpeg', heic.width, heic.height]);

  // The sample is a desert landscape: background removal runs on what was sent, and the parent hears
  // how it went (offline segmentation may keep the largest region or find no one at all).
  const cutout = await cutoutResponse;
  if (cutout.status() === 200) {
    await expect(toast(page, 'Background removed successfully!')).toBeVisible();
    await expect(currentStep(page)).toHaveText('4 Position and adjust');
  } else {
    expect(cutout.status()).toBe(422);
    await expect(
      toast(
        page,
        "Failed to remove background: We couldn't find a person in this photo. Please choose a photo where your child is clearly visible.",
      ),
    ).toBeVisible();
  }
});

test('HD: a visitor signs in, comes back to the same composition, buys credits and exports at native size', async ({
  page,
  context,
  baseURL,
  isMobile,
}) => {
  test.setTimeout(150_000);
  const email = freshEmail('composer');
  await createUser(baseURL!, email);
  const templateId = await openFromGallery(page, 'orientation=9%3A16');
  await composerInput(page).setInputFiles(FACE_PHOTO);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel('Rotation').fill('-7');
  await page.getByLabel('Brightness').fill('1.3');

  // Signed out: HD needs an account; after signing in, the photo is placed as it was left.
  await page.getByRole('button', { name: /Export HD/ }).click();
  await page.waitForURL(/\/auth$/);
  await submitCredentials(page, email, 'little-futures-9');
  await page.waitForURL(new RegExp(`/offspring-composer\\?templateId=${templateId}&uploadId=[0-9a-f-]{36}$`));
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByLabel('Rotation')).toHaveValue('-7');
  await expect(page.getByLabel('Brightness')).toHaveValue('1.3');

  // No credits: the way to buy them, in a new tab; the composition stays here.
  await page.getByRole('button', { name: /Export HD/ }).click();
  await expect(page.getByText('You need 1 credit for an HD export.')).toBeVisible({ timeout: 30_000 });
  const checkout = await clickForNewTab(context, () =>
    page.getByRole('button', { name: 'Buy credits' }).click(),
  );
  await expectTestCheckout(checkout, '10-Pack', '$4.95');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.waitForURL(/\/my-photos/);
  await checkout.close();

  let bytes: Buffer;
  if (isMobile) {
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /Export HD/ }).click(),
    ]);
    bytes = Buffer.from(await (await page.request.get(tab.url())).body());
    await tab.close();
  } else {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 45_000 }),
      page.getByRole('button', { name: /Export HD/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^little-futures_${templateId}_\\d{13}\\.jpg$`));
    bytes = readFileSync(await download.path());
  }
  await expect(toast(page, '9 credits left')).toBeVisible();
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1152, 2048, undefined]);
});
