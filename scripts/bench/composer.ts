/**
 * npm run bench:composer — the composer's performance figures, in Debian's Chromium against the local stack:
 *  - the browser export of a 2048×2048 composition on the phone profile with the CPU throttled 4×
 *    (drawing and JPEG encoding, read from the page's User Timing entry);
 *  - a keystroke in the gallery's search with 500 templates, same profile (keydown to the grid
 *    having changed and painted; and to the last change of the grid, once the deferred render has
 *    added the rest of the page below the fold);
 *  - the HEIC decoder (its own chunk) fetched by no page until a HEIC file is chosen;
 *  - a 12 MP HEIC decoded to JPEG in desktop Chromium (the photo is encoded for the run by Debian's
 *    `heif-enc`, from libheif-examples: no npm package encodes HEVC), the first time in a browser
 *    that has never fetched the decoder (but from a gateway that has compressed it once already).
 * Run after `vite build` (the npm script does both). Raw numbers, as measured on this machine.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../frontend/e2e/chromium';
import { median, startBenchStack } from './bench-stack';

const PHOTO = 'node_modules/@vladmandic/face-api/demo/sample2.jpg';
const THROTTLE = 4;
const EXPORTS = Number(process.env.BENCH_RUNS ?? 5);
const GALLERY_SIZE = 500;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
}

async function exportTimes(context: BrowserContext, baseUrl: string, heicRequests: string[]) {
  const page = await context.newPage();
  page.on('request', (request) => {
    if (/heic/i.test(request.url())) heicRequests.push(request.url());
  });
  // Phones open the export in a new tab: close those as they come.
  context.on('page', (tab) => void tab.close());
  await page.goto(`${baseUrl}/offspring-gallery?orientation=1%3A1`);
  await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
  await page.locator('input[type=file]').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Export', exact: true }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  await throttle(context, page);
  const times: number[] = [];
  for (let run = 0; run < EXPORTS; run++) {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('heading', { name: 'Your keepsake is ready' }).waitFor({ timeout: 60_000 });
    const entries = (await page.evaluate(
      "performance.getEntriesByName('composer-export').map((e) => e.duration)",
    )) as number[];
    times.push(entries.at(-1) ?? Number.NaN);
    await page.getByRole('button', { name: 'Adjust the position' }).click();
  }
  await page.close();
  return times;
}

async function keystrokeTimes(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  const real = await (await page.request.get(`${baseUrl}/api/composer/templates`)).json();
  const base = real.templates as Array<Record<string, unknown>>;
  const many = Array.from({ length: GALLERY_SIZE }, (_, i) => ({
    ...base[i % base.length],
    templateId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    sceneName: `${base[i % base.length].sceneName} ${i}`,
  }));
  await page.route('**/api/composer/templates', (route) => route.fulfill({ json: { templates: many } }));
  await page.goto(`${baseUrl}/offspring-gallery`);
  await page.getByRole('main').getByRole('listitem').first().waitFor();
  await throttle(context, page);
  const cdpProfile = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  if (cdpProfile) {
    await cdpProfile.send('Profiler.enable');
    await cdpProfile.send('Profiler.start');
  }
  const search = page.getByLabel('Search');
  await search.focus();
  // keydown → the grid's content changed → the next frame painted. The gallery renders the cards in
  // view first and the rest of the page in a deferred render: when that last change came is kept too.
  await page.evaluate(`(() => {
    window.keystrokes_ = [];
    window.settled_ = [];
    let started = 0;
    let keyAt = 0;
    let lastChange = 0;
    window.settle_ = () => {
      if (keyAt && lastChange > keyAt) window.settled_.push(lastChange - keyAt);
      keyAt = 0;
    };
    document.addEventListener('keydown', () => {
      window.settle_();
      started = keyAt = performance.now();
    }, true);
    new MutationObserver(() => {
      lastChange = performance.now();
      if (!started) return;
      const from = started;
      started = 0;
      requestAnimationFrame(() => setTimeout(() => window.keystrokes_.push(performance.now() - from), 0));
    }).observe(document.querySelector('main'), { childList: true, subtree: true, characterData: true });
  })()`);
  // Typed and erased three times: six keystrokes of ten change the grid, and a median of six
  // moved by 10 ms or more from run to run on this shared machine.
  const word = ['c', 'a', 's', 't', 'l', ...Array<string>(5).fill('Backspace')];
  for (const key of [...word, ...word, ...word]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
  }
  const times = (await page.evaluate('window.keystrokes_')) as number[];
  const settled = (await page.evaluate('window.settle_(), window.settled_')) as number[];
  if (cdpProfile) {
    const { profile } = (await cdpProfile.send('Profiler.stop')) as unknown as {
      profile: {
        nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
        samples: number[];
        timeDeltas: number[];
      };
    };
    const self = new Map<number, number>();
    for (const [i, id] of profile.samples.entries())
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    const byName = new Map<string, number>();
    for (const node of profile.nodes) {
      const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
      byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
    }
    for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log((us / 1000).toFixed(1).padStart(8), name);
  }
  await page.close();
  return { times, settled };
}

/** A 12 MP (4032×3024, an iPhone's size) HEIC of the sample photo, or why there is none. */
async function twelveMegapixelHeic(dir: string): Promise<string> {
  const jpeg = join(dir, 'photo-12mp.jpg');
  const heic = join(dir, 'photo-12mp.heic');
  await sharp(PHOTO).resize(4032, 3024, { fit: 'cover' }).jpeg({ quality: 92 }).toFile(jpeg);
  execFileSync('heif-enc', ['-q', '60', '-o', heic, jpeg], { stdio: 'ignore' });
  return heic;
}

/**
 * The local gateway brotli-compresses a file on its first request (quality 11: seconds for a 1.4 MB
 * wasm on this machine) and keeps the result, as CloudFront keeps compressed objects at the edge.
 * That is the server's first-ever request, not the browser's: it is done before the timed runs.
 */
async function warmServerCompression(baseUrl: string): Promise<number> {
  const started = performance.now();
  for (const file of readdirSync('dist/site/assets').filter((name) => /heic/i.test(name))) {
    const response = await fetch(`${baseUrl}/assets/${file}`, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
  }
  return performance.now() - started;
}

async function heicDecodeTimes(browser: Browser, baseUrl: string, heic: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/offspring-gallery?orientation=1%3A1`);
    await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
    await page.locator('input[type=file]').setInputFiles(heic);
    await page.waitForFunction("performance.getEntriesByName('heic-decode').length > 0", null, {
      timeout: 60_000,
    });
    times.push((await page.evaluate("performance.getEntriesByName('heic-decode')[0].duration")) as number);
    await page.close();
  }
  await context.close();
  return times;
}

function heicChunk(): string {
  const dir = 'dist/site/assets';
  const files = readdirSync(dir).filter((name) => /heic/i.test(name) && /\.(js|wasm)$/.test(name));
  if (!files.length) return 'no HEIC files in dist/site/assets';
  const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  return files
    .map((file) => {
      const bytes = readFileSync(join(dir, file));
      return `${file}: ${kb(bytes.length)} (${kb(zlib.brotliCompressSync(bytes).length)} br)`;
    })
    .join(', ');
}

async function main() {
  const stack = await startBenchStack({ frontend: 'dist' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const heicRequests: string[] = [];
    const exports = await exportTimes(await browser.newContext(phone), stack.url, heicRequests);
    console.log(
      `browser export 2048×2048, phone profile, CPU ÷${THROTTLE}: median ${ms(median(exports))}, ` +
        `max ${ms(Math.max(...exports))} (${exports.map((t) => t.toFixed(0)).join(' ')} ms)`,
    );
    const { times: keys, settled } = await keystrokeTimes(await browser.newContext(phone), stack.url);
    console.log(
      `gallery of ${GALLERY_SIZE}, a search keystroke to painted, phone profile, CPU ÷${THROTTLE}: ` +
        `median ${ms(median(keys))}, max ${ms(Math.max(...keys))} (${keys.length} keystrokes); ` +
        `to the page's last card in the DOM: median ${ms(median(settled))}, max ${ms(Math.max(...settled))}`,
    );
    console.log(
      `HEIC decoder: ${heicChunk()}; fetched by the gallery and composer with a JPEG: ` +
        `${heicRequests.length ? heicRequests.join(', ') : 'never'}`,
    );
    let heic: string | undefined;
    try {
      heic = await twelveMegapixelHeic(stack.dataDir);
    } catch {
      console.log('HEIC 12 MP decode: skipped, heif-enc not found (apt-get install libheif-examples)');
    }
    if (heic) {
      const warming = await warmServerCompression(stack.url);
      const decodes = await heicDecodeTimes(browser, stack.url, heic);
      console.log(
        `HEIC 12 MP (4032×3024, ${(statSync(heic).size / 1024).toFixed(0)} kB) to JPEG, desktop Chromium: ` +
          `first ${ms(decodes[0])} (decoder fetched), then ${decodes.slice(1).map(ms).join(', ')} ` +
          `(the gateway's first compression of the decoder's files, before: ${ms(warming)})`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
