/**
 * npm run bench:pwa — a returning visitor's Largest Contentful Paint on the prerendered pages and
 * /moments (an app-shell page; the bench serves no API, so its paint is the page without its cards), with
 * the service worker (frontend/src/pwa/sw.ts) answering from its precache and without it (the
 * browser's HTTP cache only: the HTML revalidated over the network, hashed assets from the cache).
 * Chromium on a slow 4G link (150 ms RTT, 1.6 Mbit/s down) and a 4x slower CPU; each page is opened
 * once to install the worker and fill the caches, then again to measure, BENCH_RUNS times (default 5),
 * median printed. Served as CloudFront serves the site (scripts/local/gateway/frontend.ts). Run after
 * `vite build` (the npm script does both). The machine may be busy: raw numbers, as measured.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PRERENDERED_PAGES } from '@shared/site-pages';
import { chromium, type Page } from 'playwright-core';
import { createDistHandler } from '../local/gateway/frontend';
import { LOOPBACK } from '../local/ports';
import { median } from './landing-html';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SITE_DIR = path.resolve(process.argv[2] ?? 'dist/site');
// The prerendered pages, and a page of the app shell (the app starts from the worker's precache).
const PAGES = [...Object.keys(PRERENDERED_PAGES), '/moments'];
// Lighthouse's "slow 4G" figures.
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

type Visit = { lcp: number; html: number };

/** The page's LCP and when its HTML had arrived (responseEnd), in ms from the navigation's start. */
function measure(page: Page): Promise<Visit> {
  return page.evaluate(
    () =>
      new Promise<Visit>((resolve) => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ lcp: entries[entries.length - 1].startTime, html: navigation.responseEnd });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

async function secondVisit(baseUrl: string, pathname: string, worker: boolean): Promise<Visit> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  try {
    const context = await browser.newContext({
      serviceWorkers: worker ? 'allow' : 'block',
      viewport: { width: 390, height: 844 },
    });
    const first = await context.newPage();
    await first.goto(`${baseUrl}${pathname}`, { waitUntil: 'load' });
    if (worker) {
      await first.waitForFunction(
        () => navigator.serviceWorker.controller?.state === 'activated',
        undefined,
        {
          timeout: 60_000,
        },
      );
    }
    await first.close();
    const page = await context.newPage();
    await throttle(page);
    await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'load' });
    return await measure(page);
  } finally {
    await browser.close();
  }
}

async function main() {
  const site = createDistHandler(SITE_DIR);
  const server = http.createServer((req, res) => void site.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  // localhost: a secure context, where service workers run.
  const baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  try {
    console.log(`Second visit, ms (median of ${RUNS}; slow 4G, 4x CPU; ${SITE_DIR}): LCP, and HTML received`);
    for (const pathname of PAGES) {
      const row: string[] = [];
      for (const worker of [true, false]) {
        const visits: Visit[] = [];
        for (let run = 0; run < RUNS; run++) visits.push(await secondVisit(baseUrl, pathname, worker));
        const lcp = visits.map((visit) => Math.round(visit.lcp));
        const html = Math.round(median(visits.map((visit) => visit.html)));
        row.push(
          `${worker ? 'service worker' : 'HTTP cache only'}: LCP ${median(lcp)} (${lcp.join(', ')}), HTML ${html}`,
        );
      }
      console.log(`${pathname.padEnd(8)} ${row.join(' | ')}`);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

await main();
