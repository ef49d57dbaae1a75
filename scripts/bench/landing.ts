/**
 * npm run bench:landing — Lighthouse (mobile preset: simulated slow 4G, 4x CPU) on the pages a
 * visitor lands on, against the production build served as CloudFront serves it: brotli, the same
 * page routing (scripts/local/gateway-frontend.ts) and the security headers of infra's site. Each
 * page runs several times (BENCH_RUNS, default 3) and the medians are printed, with the JavaScript
 * each page loads before its first paint and in all (gzip and brotli of the built files).
 * A prerendered page starts its app on first use (frontend/src/app/boot/on-first-use.ts), which a
 * Lighthouse run never makes: that start is measured apart, as "first use" — a tap on the page's
 * heading on a 4x slower CPU, then the tasks over 50 ms until the app is live and the tap's own
 * event duration (what INP would see).
 * Run after `vite build` (the npm script does both). The machine may be busy: raw numbers, as measured.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRERENDERED_PAGES } from '@shared/site-pages';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { SAMPLE_CONTENT_SECURITY_POLICY } from '../../infra/constructs/content-security-policy';
import { createDistHandler } from '../local/gateway/frontend';
import { LOOPBACK } from '../local/ports';
import { median, pageScripts } from './landing-html';

// The pages a visitor lands on are the prerendered ones: /, /pricing, /upload.
const PAGES = Object.keys(PRERENDERED_PAGES);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SITE_DIR = path.resolve(process.argv[2] ?? 'dist/site');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// The headers CloudFront's response headers policy adds (infra/constructs/site.ts); HSTS needs https.
const SECURITY_HEADERS = {
  'content-security-policy': SAMPLE_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

type Run = {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
};

type NetworkItem = { url: string; resourceType?: string };

type FirstUse = { live: number; blocking: number; longest: number; tap: number; startedUnused: boolean };

async function serveSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const site = createDistHandler(SITE_DIR);
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    Promise.resolve(site.handle(req, res)).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  // CloudFront keeps compressed copies at the edge: compress every file once before measuring, so
  // no run waits for brotli (Lighthouse's simulation takes the observed server times as given).
  for (const file of readdirSync(SITE_DIR, { recursive: true, encoding: 'utf8' })) {
    if (statSync(path.join(SITE_DIR, file)).isFile()) {
      const url = `http://${LOOPBACK}:${port}/${file.split(path.sep).join('/')}`;
      await (await fetch(url, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
    }
  }
  return {
    // localhost is a secure context, as the https site is for the best-practices audits.
    url: `http://localhost:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await site.close();
    },
  };
}

async function audit(url: string, port: number): Promise<{ run: Run; scripts: string[] }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) console.warn(`  warning (${url}): ${warning}`);
  const score = (category: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[category].score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id].numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests'].details as { items?: NetworkItem[] } | undefined)?.items;
  const scripts = (requests ?? [])
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(new URL(url).origin))
    .map((item) => item.url);
  const run: Run = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
  };
  return { run, scripts };
}

/** The app's start on a tap, 4x CPU slowdown, no network throttling (see the header comment). */
async function firstUse(browser: Browser, url: string): Promise<FirstUse> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen: { longTasks: PerformanceEntry[]; events: PerformanceEntry[] } = {
        longTasks: [],
        events: [],
      };
      Object.assign(window, { __firstUse: seen });
      new PerformanceObserver((list) => seen.longTasks.push(...list.getEntries())).observe({
        type: 'longtask',
      });
      new PerformanceObserver((list) => seen.events.push(...list.getEntries())).observe({
        type: 'event',
        durationThreshold: 16,
      } as PerformanceObserverInit);
    });
    await page.goto(url);
    // Looked at for a moment, as a visitor does: the app should not have started yet.
    await page.waitForTimeout(1000);
    const startedUnused = (await page.locator('html[data-ready]').count()) > 0;
    const tappedAt = await page.evaluate(() => performance.now());
    await page.getByRole('heading', { level: 1 }).tap();
    await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const liveAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);
    const measured = await page.evaluate(
      ({ tappedAt, liveAt }) => {
        const { longTasks, events } = (
          window as unknown as { __firstUse: Record<string, PerformanceEntry[]> }
        ).__firstUse;
        const tasks = longTasks.filter((task) => task.startTime >= tappedAt).map((task) => task.duration);
        const tap = events.filter((event) => event.startTime >= tappedAt).map((event) => event.duration);
        return {
          live: liveAt - tappedAt,
          blocking: tasks.reduce((sum, duration) => sum + duration - 50, 0),
          longest: Math.max(0, ...tasks),
          tap: Math.max(0, ...tap),
        };
      },
      { tappedAt, liveAt },
    );
    return { ...measured, startedUnused };
  } finally {
    await context.close();
  }
}

const compressed = (files: string[]) => {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const body = readFileSync(path.join(SITE_DIR, new URL(file, 'http://site').pathname));
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(body).length;
  }
  return `${(gzip / 1024).toFixed(1)} kB gzip / ${(brotli / 1024).toFixed(1)} kB br`;
};

/** The JavaScript the page's HTML fetches before the app runs, and all the page loaded in the run. */
async function scriptBudget(url: string, loaded: string[]) {
  const { scripts, prerendered } = pageScripts(await (await fetch(url)).text());
  return {
    prerendered,
    beforePaint: `${compressed(scripts)} (${scripts.length} files)`,
    loaded: `${compressed(loaded)} (${loaded.length} files)`,
  };
}

const site = await serveSite();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  console.log(`Lighthouse ${RUNS}x per page, mobile preset, ${site.url} (${SITE_DIR})\n`);
  for (const page of PAGES) {
    const url = `${site.url}${page}`;
    const runs: Run[] = [];
    let loaded: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { run, scripts } = await audit(url, chrome.port);
      runs.push(run);
      loaded = scripts;
    }
    const mid = (key: keyof Run) => median(runs.map((run) => run[key]));
    const each = (key: keyof Run, digits = 0) => runs.map((run) => run[key].toFixed(digits)).join(' ');
    const budget = await scriptBudget(url, loaded);
    const uses: FirstUse[] = [];
    for (let i = 0; i < RUNS && budget.prerendered; i++) uses.push(await firstUse(browser, url));
    const midUse = (key: Exclude<keyof FirstUse, 'startedUnused'>) =>
      median(uses.map((use) => use[key])).toFixed(0);
    console.log(
      `${page}  ${budget.prerendered ? 'prerendered: paints before its scripts run' : 'empty #root: paints once its scripts have run'}`,
    );
    console.log(`  performance    ${mid('performance')}   (runs: ${each('performance')})`);
    console.log(`  FCP            ${(mid('fcp') / 1000).toFixed(2)} s   (runs: ${each('fcp')} ms)`);
    console.log(`  LCP            ${(mid('lcp') / 1000).toFixed(2)} s   (runs: ${each('lcp')} ms)`);
    console.log(`  TBT            ${mid('tbt').toFixed(0)} ms   (runs: ${each('tbt')})`);
    console.log(`  CLS            ${mid('cls').toFixed(3)}   (runs: ${each('cls', 3)})`);
    console.log(`  Speed Index    ${(mid('si') / 1000).toFixed(2)} s`);
    console.log(
      `  accessibility ${mid('accessibility')}, best practices ${mid('best-practices')}, SEO ${mid('seo')}`,
    );
    console.log(`  JS before first paint  ${budget.beforePaint}`);
    console.log(`  JS loaded by the page  ${budget.loaded}`);
    if (uses.length) {
      // Event timing reports events of 16 ms and more only.
      const tap = midUse('tap') === '0' ? 'under 16' : midUse('tap');
      console.log(
        `  first use (4x CPU)     app live ${midUse('live')} ms after a tap; tasks over 50 ms: blocking ${midUse('blocking')} ms, longest ${midUse('longest')} ms; the tap's event ${tap} ms`,
      );
      console.log(
        `                         (runs, blocking: ${uses.map((use) => use.blocking.toFixed(0)).join(' ')})`,
      );
      if (uses.some((use) => use.startedUnused)) console.log('  (the app had started before the tap)');
    }
    console.log('');
  }
} finally {
  await browser.close();
  chrome.kill();
  await site.close();
}
