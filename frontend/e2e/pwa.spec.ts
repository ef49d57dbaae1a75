/**
 * The installable app (frontend/public/manifest.webmanifest, frontend/src/pwa/): the manifest and its
 * icons, Chromium's installability check, the service worker that precaches the site and opens it
 * offline, the share target that hands a shared photo to /upload and on to the Moments editor or the
 * composer, and the promise that nothing of a child stays in a cache.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { messages } from '@shared/messages';
import { DEFAULT_MOMENTS_BLEND, INITIAL_MOMENTS_PLACEMENT } from '@shared/rules/placement';
import sharp from 'sharp';
import { SAMPLE_CONTENT_SECURITY_POLICY } from '../../infra/constructs/content-security-policy';
import { createUser, freshEmail, signIn } from './accounts-helpers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { FACE_PHOTO, openPage, toast, uploadPhoto } from './helpers';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

// The worker is blocked in the other specs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: { files: { name: string; accept: string[] }[] };
  };
};

/** Waits until the service worker has installed (the precache is full) and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}

/** Every URL the page's origin holds in Cache Storage, by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const listing: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      listing[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return listing;
  });
}

/**
 * Shares a file to the app as Android does: a POST navigation to the manifest's share_target
 * action, with the file in the form field it names (the form is the page's own, like the OS's).
 */
async function shareToApp(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    form.id = 'os-share';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'photo';
    form.append(input);
    document.body.append(form);
  });
  await page.locator('#os-share input').setInputFiles(file);
  await page.evaluate(() => (document.getElementById('os-share') as HTMLFormElement).submit());
}

test('the manifest makes the site installable: name, colours, start URL, icons at their sizes, share target', async ({
  page,
  request,
}) => {
  await openPage(page, '/');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Little Futures',
    short_name: 'Little Futures',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#6d28d9',
    background_color: '#fffaf7',
  });
  // The page's theme colour is the manifest's.
  await expect(page.locator('meta[name=theme-color]')).toHaveAttribute('content', manifest.theme_color);

  const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe(icon.type);
    const { format, width, height } = await sharp(await file.body()).metadata();
    expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
  }

  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'photo', accept: ['image/*'] }] },
  });
});

test('Chromium finds the app installable: the manifest parses and no installability errors', async ({
  playwright,
  baseURL,
  viewport,
}) => {
  // A profile on disk: Chromium never offers to install from an incognito context (Playwright's default).
  const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport,
    serviceWorkers: 'allow',
  });
  try {
    await expectInstallable(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function expectInstallable(page: Page) {
  await openPage(page, '/');
  await waitForServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Little Futures' });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}

test('the service worker registers, controls the page and precaches the pages and the app shell', async ({
  page,
  request,
}) => {
  // Under the CSP CloudFront sends (the local gateway sends none): the worker and the manifest load.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.route('/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': SAMPLE_CONTENT_SECURITY_POLICY },
    });
  });
  await openPage(page, '/');
  await waitForServiceWorker(page);
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Revalidated on every visit, so a new build reaches the browser at once.
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  const precached = Object.values(await cachedUrls(page))
    .flat()
    .map((url) => new URL(url).pathname);
  for (const file of [
    '/index.html',
    '/pricing/index.html',
    '/upload/index.html',
    '/app.html',
    '/offline.html',
  ]) {
    expect(precached, file).toContain(file);
  }
  expect(precached.some((path) => /^\/assets\/app-[\w-]+\.js$/.test(path))).toBe(true);
});

test('offline, a second visit opens the cached pages and the app shell, and anything else shows the offline page', async ({
  page,
  context,
}) => {
  await openPage(page, '/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pricing');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('precious moment');
    // A gallery's shell: the app itself starts from the precache.
    await page.goto('/moments');
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await expect(page.getByRole('banner')).toBeVisible();
    // Not a page of the site (an image opened on its own): the friendly offline page, not the browser's.
    await page.goto('/previews/not-cached/age-10.webp');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('a new version waits for the parent: "A new version is ready", and Reload switches to it', async ({
  page,
}) => {
  await openPage(page, '/');
  await waitForServiceWorker(page);
  // The next build's worker: the same script with a line more, in the folder the gateway serves
  // (the browser fetches a worker's script itself, past Playwright's routing).
  const served = path.join(process.env.E2E_DIST_DIR ?? path.join(REPO_ROOT, 'dist/site'), 'sw.js');
  const current = readFileSync(served, 'utf8');
  writeFileSync(served, `${current}\n// the next version`);
  try {
    await page.evaluate(() => {
      (window as Window & { oldPage?: boolean }).oldPage = true;
      return navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
    });
  } finally {
    writeFileSync(served, current);
  }
  const prompt = toast(page, 'A new version is ready');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // Nothing changes until the parent asks: the page still runs the old version.
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting))),
  ).toBe(true);
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => !(window as Window & { oldPage?: boolean }).oldPage);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('precious moment');
  expect(
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => [Boolean(r?.waiting), r?.active?.state]),
    ),
  ).toEqual([false, 'activated']);
});

test('a photo shared to the app is chosen on /upload and Continue uploads it', async ({ page }) => {
  await openPage(page, '/');
  await waitForServiceWorker(page);
  test.setTimeout(90_000);
  await shareToApp(page, { name: 'shared.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FACE_PHOTO) });
  // The worker answered the POST with a 303 to /upload?shared=1, which keeps the flag while the
  // shared photo is the chosen one: a reload still shows it.
  await page.waitForURL(/\/upload\?shared=1$/);
  await expect(page.getByText('shared.jpg')).toBeVisible();
  await page.reload();
  await expect(page.getByText('shared.jpg')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toHaveJSProperty(
    'naturalWidth',
    (await sharp(FACE_PHOTO).metadata()).width,
  );
  expect(await page.evaluate(() => caches.has('shared-photo'))).toBe(true);

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/offspring-gallery\?(uploadId|tempUploadId)=[0-9a-f-]{36}$/, { timeout: 30_000 });
  // Uploaded: the photo has left the browser's storage.
  await expect.poll(() => page.evaluate(() => caches.has('shared-photo'))).toBe(false);
  const gallery = page.url();
  // Back: the plain upload page, not a search for the shared photo again.
  await page.goBack();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { name: 'Upload Child Photo' })).toBeVisible();
  await expect(toast(page, messages.sharedPhotoMissing)).toHaveCount(0);
  await page.goto(gallery);
  await page.getByRole('link', { name: 'View progress' }).click();
  await page.waitForURL(/\/progress\?(uploadId|tempUploadId)=[0-9a-f-]{36}$/);
  await expect(page.getByRole('progressbar', { name: 'Preview progress' })).toBeVisible();

  // The composer takes the uploaded photo from the gallery's link: straight to background removal.
  await page.goto(gallery);
  await page.getByRole('list', { name: 'Templates' }).getByRole('link').first().click();
  await page.waitForURL(/\/offspring-composer\?templateId=[0-9a-f-]{36}&(uploadId|tempUploadId)=/);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
});

test('a shared photo makes a Moments keepsake: the editor takes it through its photo step, then deletes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A signed-in parent with a draft waiting to be resumed: the editor offers it...
  const email = freshEmail('sharer');
  await createUser(baseURL!, email);
  await signIn(page, email);
  await openPage(page, '/moments');
  const first = page.getByRole('main').getByRole('listitem').getByRole('link').first();
  const templateId = /editor\/([0-9a-f-]{36})/.exec((await first.getAttribute('href'))!)![1]!;
  await page.evaluate((draft) => localStorage.setItem('lf.moments.resumeDraft', JSON.stringify(draft)), {
    ...waitingDraft,
    templateId,
  });
  const resumeOffer = page.getByRole('dialog', { name: 'Resume your draft?' });
  await openPage(page, `/moments/editor/${templateId}`);
  await expect(resumeOffer).toBeVisible();

  // ...but not over a photo shared to the app: that photo is what the parent came with.
  await openPage(page, '/');
  await waitForServiceWorker(page);
  await shareToApp(page, { name: 'shared.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FACE_PHOTO) });
  await page.waitForURL(/\/upload\?shared=1$/);
  await expect(page.getByText('shared.jpg')).toBeVisible();
  await page.getByRole('link', { name: 'Make a Moments keepsake' }).click();
  await page.waitForURL(/\/moments\?shared=1$/);
  // A theme keeps the flag, and so do the template links.
  await page.getByRole('button', { name: 'all', exact: true }).click();
  expect(new URL(page.url()).searchParams.get('shared')).toBe('1');
  await page.getByRole('main').getByRole('listitem').locator(`a[href*="${templateId}"]`).click();
  await page.waitForURL(/\/moments\/editor\/[0-9a-f-]{36}\?shared=1$/);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  await expect(resumeOffer).toHaveCount(0);
  // Taken: the address loses the flag, and no cache holds the photo.
  await page.waitForURL(/\/moments\/editor\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.evaluate(() => caches.has('shared-photo'))).toBe(false);
  const urls = Object.values(await cachedUrls(page)).flat();
  expect(urls.filter((url) => url.includes('/share-target'))).toEqual([]);
  // The editor holds the cut-out photo: its picker now offers to change it.
  await expect(page.getByText('Change photo', { exact: true })).toBeVisible();
});

/** A draft as the editor stores it for "Resume your draft?" (its template id set by the test). */
const waitingDraft = {
  draftId: crypto.randomUUID(),
  name: 'Earlier draft',
  templateName: 'Earlier scene',
  theme: 'everyday',
  uploadId: crypto.randomUUID(),
  placement: { ...INITIAL_MOMENTS_PLACEMENT },
  strokes: [],
  blend: { ...DEFAULT_MOMENTS_BLEND },
  canvas: { width: 800, height: 800 },
  templateThumbUrl: '/thumb.webp',
  cutoutUrl: null,
  updatedAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
};

test('a share no service worker took lands on the upload page, which says the photo did not come through', async ({
  browser,
  baseURL,
}) => {
  // The browser dropped the service worker: the POST reaches the site, as it would reach CloudFront.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await openPage(page, '/');
    await shareToApp(page, { name: 'shared.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FACE_PHOTO) });
    await expect(toast(page, messages.sharedPhotoMissing)).toBeVisible();
    await expect(page).toHaveURL(/\/upload$/);
    await expect(page.getByRole('heading', { name: 'Upload Child Photo' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('leaving the share without using the photo deletes it', async ({ page }) => {
  await openPage(page, '/');
  await waitForServiceWorker(page);
  await shareToApp(page, { name: 'shared.jpg', mimeType: 'image/jpeg', buffer: readFileSync(FACE_PHOTO) });
  await page.waitForURL(/\/upload\?shared=1$/);
  await expect(page.getByText('shared.jpg')).toBeVisible();
  expect(await page.evaluate(() => caches.has('shared-photo'))).toBe(true);
  await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.evaluate(() => caches.has('shared-photo'))).toBe(false);
});

test('a shared file goes through the same checks as a picked one', async ({ page }) => {
  await openPage(page, '/');
  await waitForServiceWorker(page);
  await shareToApp(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await page.waitForURL(/\/upload$/);
  await expect(toast(page, messages.notAnImage)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await shareToApp(page, {
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
  });
  await page.waitForURL(/\/upload$/);
  await expect(toast(page, messages.fileTooLarge)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  expect(await page.evaluate(() => caches.has('shared-photo'))).toBe(false);
});

test('after an upload and its results, no cache holds an API response, a preview or an S3 object', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openPage(page, '/');
  await waitForServiceWorker(page);
  // A photo shared earlier that /upload never took (its tab closed first): the app clears it.
  await page.evaluate(async () => {
    await (await caches.open('shared-photo')).put('/share-target/photo', new Response('a photo'));
  });
  const { uploadId, param } = await uploadPhoto(page);
  await page.goto(`/result/${uploadId}`);
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await page.goto(`/offspring-gallery?${param}=${uploadId}`);
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await page.waitForLoadState('networkidle');

  const origin = new URL(page.url()).origin;
  const listing = await cachedUrls(page);
  const urls = Object.values(listing).flat();
  // The precache is there (so the listing is real), and holds the site's own files only.
  expect(urls.length).toBeGreaterThan(10);
  for (const url of urls) {
    expect(new URL(url).origin, url).toBe(origin);
    expect(new URL(url).pathname, url).not.toMatch(/^\/(api|previews|templates)\//);
    expect(url, url).not.toMatch(/X-Amz-/i);
  }
  expect(Object.keys(listing)).not.toContain('shared-photo');
});

test.describe('on iOS Safari, which has no install prompt', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('the upload page shows a short, dismissible tip on adding the app to the home screen', async ({
    page,
  }) => {
    await openPage(page, '/upload');
    const tip = page.getByRole('complementary', { name: 'Add to Home Screen' });
    await expect(tip).toContainText('Add to Home Screen');
    await tip.getByRole('button', { name: 'Dismiss the tip' }).click();
    await expect(tip).toHaveCount(0);
    await openPage(page, '/upload');
    await expect(page.getByRole('heading', { name: 'Upload Child Photo' })).toBeVisible();
    await expect(tip).toHaveCount(0);
  });
});

test('elsewhere the upload page shows no home-screen tip', async ({ page }) => {
  await openPage(page, '/upload');
  await expect(page.getByRole('heading', { name: 'Upload Child Photo' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Add to Home Screen' })).toHaveCount(0);
});
