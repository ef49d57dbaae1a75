/** Browser tests on Debian's Chromium against the local stack that run.ts starts (E2E_BASE_URL). */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`.');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Two cores, and the render worker shares them: one browser at a time keeps timings honest.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../../test-results/e2e',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The site's service worker answers pages and assets from its precache, past page.route: only
    // pwa.spec.ts, which tests it, lets it run (test.use), so the others' routes stay in charge.
    serviceWorkers: 'block',
  },
  // A test tagged @desktop-only or @mobile-only in its title runs in that profile alone (nothing skipped).
  projects: [
    {
      name: 'mobile',
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    { name: 'desktop', grepInvert: /@mobile-only/, use: { viewport: { width: 1280, height: 800 } } },
  ],
});
