/**
 * Visual QA helper (not a test): screenshots every page at 390×844 and 1280×800 with Debian's
 * Chromium. `--fake-api` answers /api and /previews in the browser with canned data, so pages that
 * need the backend can be looked at before the local stack runs.
 *   tsx frontend/e2e/screenshots.ts http://127.0.0.1:19500 /tmp/shots [--fake-api]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const [baseUrl = 'http://127.0.0.1:19500', outDir = '/tmp/shots'] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'));
const fakeApi = process.argv.includes('--fake-api');
const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const SAMPLE = 'node_modules/@vladmandic/face-api/demo/sample2.jpg';

type Job = {
  age: number;
  status: 'processing' | 'done' | 'failed';
  failureReason?: string | null;
  hdUnlocked?: boolean;
};

function view(jobs: Job[]) {
  return {
    uploadId: ID,
    status: 'ready',
    ownedByUser: false,
    migrated: false,
    viewerIsOwner: true,
    hasEmail: false,
    engine: 'offline',
    createdAt: new Date().toISOString(),
    jobs: jobs.map((j) => ({
      age: j.age,
      status: j.status,
      previewUrl: j.status === 'done' ? `/previews/${ID}/${j.age}.jpg` : null,
      hdUnlocked: j.hdUnlocked ?? false,
      failureReason: j.failureReason ?? null,
    })),
  };
}

async function fake(page: Page, jobs: Job[]) {
  const tiles = await Promise.all(
    [0, 1, 2].map((i) =>
      sharp(SAMPLE)
        .extract({ left: 300 + i * 420, top: 150, width: 420, height: 420 })
        .resize(512, 512)
        .jpeg()
        .toBuffer(),
    ),
  );
  await page.route(
    (url) => url.pathname.startsWith('/previews/'),
    (route) => {
      const age = Number(
        route
          .request()
          .url()
          .match(/(\d+)\.jpg$/)?.[1],
      );
      return route.fulfill({
        contentType: 'image/jpeg',
        body: tiles[[10, 16, 21, 2, 5, 19].indexOf(age) % 3] ?? tiles[0],
      });
    },
  );
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) => route.fulfill({ json: view(jobs) }),
  );
}

const PAGES: { name: string; path: string; jobs?: Job[]; wait?: number; lastUpload?: boolean }[] = [
  { name: 'landing', path: '/' },
  { name: 'landing-full', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'upload', path: '/upload' },
  { name: 'upload-banner', path: '/upload', jobs: [{ age: 10, status: 'processing' }], lastUpload: true },
  { name: 'not-found', path: '/nope' },
  { name: 'moments', path: '/moments' },
  {
    name: 'progress',
    path: `/progress?tempUploadId=${ID}`,
    jobs: [
      { age: 10, status: 'processing' },
      { age: 16, status: 'processing' },
      { age: 21, status: 'processing' },
    ],
    wait: 2500,
  },
  {
    name: 'results-done',
    path: `/result/${ID}?temp=true`,
    jobs: [10, 16, 21].map((age) => ({ age, status: 'done' as const })),
  },
  {
    name: 'results-notify',
    path: `/result/${ID}?temp=true`,
    jobs: [10, 16, 21].map((age) => ({ age, status: 'done' as const })),
    wait: 2600,
  },
  {
    name: 'results-mixed',
    path: `/result/${ID}?paid=true`,
    jobs: [
      { age: 10, status: 'done' },
      { age: 16, status: 'processing' },
      {
        age: 21,
        status: 'failed',
        failureReason: 'We could not find a face in this photo. Try a clear, front-facing photo.',
      },
    ],
  },
  {
    name: 'results-hd-full',
    path: `/result/${ID}`,
    jobs: [
      ...[10, 16, 21].map((age) => ({ age, status: 'done' as const, hdUnlocked: true })),
      { age: 2, status: 'done', hdUnlocked: true },
      { age: 5, status: 'done', hdUnlocked: true },
      { age: 19, status: 'processing', hdUnlocked: true },
    ],
  },
  {
    name: 'results-age10-full',
    path: `/result/${ID}?paid=true`,
    jobs: [
      { age: 10, status: 'done', hdUnlocked: true },
      { age: 16, status: 'done' },
      { age: 21, status: 'done' },
    ],
  },
  {
    name: 'upsell-full',
    path: `/upsell?uploadId=${ID}`,
    jobs: [10, 16, 21].map((age) => ({ age, status: 'done' as const })),
  },
  {
    name: 'upsell-age-19-full',
    path: `/upsell/age-19?uploadId=${ID}`,
    jobs: [
      ...[10, 16, 21].map((age) => ({ age, status: 'done' as const })),
      { age: 2, status: 'done', hdUnlocked: true },
      { age: 5, status: 'done', hdUnlocked: true },
    ],
  },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
mkdirSync(outDir, { recursive: true });
for (const viewport of [
  { width: 390, height: 844, label: 'mobile' },
  { width: 1280, height: 800, label: 'desktop' },
]) {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.label === 'mobile',
    hasTouch: viewport.label === 'mobile',
    deviceScaleFactor: 1,
  });
  for (const p of PAGES) {
    if (p.jobs && !fakeApi) continue;
    const page = await context.newPage();
    if (p.jobs) await fake(page, p.jobs);
    if (p.lastUpload) await page.addInitScript((id) => localStorage.setItem('lf.lastTempUploadId', id), ID);
    await page.goto(baseUrl + p.path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(p.wait ?? 400);
    const file = join(outDir, `${p.name}-${viewport.label}.png`);
    await page.screenshot({ path: file, fullPage: p.name.endsWith('-full') });
    console.log(file);
    await page.close();
  }
  await context.close();
}
await browser.close();
