/**
 * npm run bench:admin-import — the performance figures of the operators' template pages, on a fresh
 * local stack in a phone-sized Chromium: importing 100 templates with their images through the
 * seeder page (target ≤ 20 s), and the safe-area editor's frame times while a corner is dragged on
 * the phone profile with the CPU throttled 4× (target ≥ 30 fps). `--screenshots=DIR` also saves the
 * two pages at 390 and 1280 px. Run after `vite build` (the npm script does both).
 */
import { mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { createUser, freshEmail, signIn } from '../../frontend/e2e/accounts-helpers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../frontend/e2e/chromium';
import { grantAdmin } from '../admin/grant';
import { median, percentile, startBenchStack } from './bench-stack';

/** The most one import takes (MAX_IMPORT_ITEMS); `--count=N` for fewer. */
const COUNT = Number(process.argv.find((a) => a.startsWith('--count='))?.split('=')[1] ?? 100);
const THROTTLE = 4;
const DRAG_STEPS = 120;
const PHOTOS = [1, 2, 3, 4, 5, 6].map((n) => `node_modules/@vladmandic/face-api/demo/sample${n}.jpg`);
const shotsDir = process.argv.find((a) => a.startsWith('--screenshots='))?.split('=')[1];

/**
 * 100 items with 480 px JPEG data URLs (~40 KB each): the request must stay under the 6 MB a Lambda
 * takes; each image is still drawn at its full native size (2048 px), the costly part.
 */
async function importItems() {
  const images = await Promise.all(
    PHOTOS.map(async (file) =>
      (await sharp(file).resize(480, 480).jpeg({ quality: 75 }).toBuffer()).toString('base64'),
    ),
  );
  return Array.from({ length: COUNT }, (_, i) => ({
    templateId: `bench-${i}`,
    name: `Bench scene ${i + 1}`,
    category: 'Family',
    orientation: (['1:1', '4:5', '9:16'] as const)[i % 3],
    imageUrl: `data:image/jpeg;base64,${images[i % images.length]}`,
    safeArea: { xPct: 0.2, yPct: 0.3, wPct: 0.6, hPct: 0.6, anchor: 'bottom' },
  }));
}

/** Wall time from the click to the result, and the CPU time this process (the stack's handlers) spent. */
async function timeImport(page: Page, url: string): Promise<{ ms: number; cpuMs: number }> {
  const json = JSON.stringify(await importItems());
  console.log(`import request: ${(json.length / 1024 / 1024).toFixed(1)} MB of JSON`);
  await page.goto(`${url}/admin/template-seeder`);
  // Set the text straight away: typing 4 MB is not what is being measured.
  await page.getByLabel('Templates JSON').fill(json);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await page.getByRole('button', { name: 'Import Templates' }).click();
  const done = page.getByText(`Imported ${COUNT} template(s)`, { exact: true });
  const failed = page.getByRole('alert').filter({ hasText: /./ });
  await done.or(failed).first().waitFor({ timeout: 120_000 });
  if (!(await done.isVisible())) throw new Error(`import failed: ${await failed.first().innerText()}`);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function dragFrames(page: Page): Promise<number[]> {
  await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/template-editor'));
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Bench scene 1 (Family)' });
  const canvas = page.locator('canvas').first();
  await canvas.waitFor();
  await page.waitForTimeout(500);
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const scale = box.width / 800;
  // Bench scene 1 is square: the bottom-right corner of its 0.2, 0.3, 0.6 × 0.6 safe area.
  const corner = { x: box.x + 640 * scale, y: box.y + 720 * scale };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.evaluate(`(() => {
    window.frames_ = [];
    let last = performance.now();
    const tick = (now) => { window.frames_.push(now - last); last = now; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  for (let i = 1; i <= DRAG_STEPS; i++) {
    const t = (i / DRAG_STEPS) * Math.PI * 2;
    await page.mouse.move(corner.x - Math.sin(t) * 120 * scale, corner.y - Math.sin(2 * t) * 60 * scale);
  }
  await page.mouse.up();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return (await page.evaluate('window.frames_.slice(1)')) as number[];
}

async function screenshots(browser: Browser, url: string, email: string, dir: string) {
  await mkdir(dir, { recursive: true });
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width, height: width < 800 ? 844 : 800 },
      isMobile: width < 800,
      hasTouch: width < 800,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto(url);
    await signIn(page, email);
    await page.goto(`${url}/admin/template-editor`);
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Bench scene 2 (Family)' });
    await page.locator('canvas').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(dir, `editor-${width}.png`), fullPage: true });
    await page.goto(`${url}/admin/template-seeder`);
    await page.getByRole('button', { name: 'Load Sample' }).click();
    await page.screenshot({ path: join(dir, `seeder-${width}.png`), fullPage: true });
    await context.close();
  }
}

async function main() {
  const stack = await startBenchStack({ frontend: 'dist' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { env } = stack;
    const email = freshEmail('bench-operator');
    await createUser(stack.url, email);
    await grantAdmin(email, {
      kind: 'local',
      userPoolId: env.USER_POOL_ID,
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    });
    const context = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(stack.url);
    await signIn(page, email);

    const load = loadavg()[0];
    const imported = await timeImport(page, stack.url);
    console.log(
      `import of ${COUNT} templates with their images: ${(imported.ms / 1000).toFixed(1)} s (target ≤ 20 s); ` +
        `server CPU ${(imported.cpuMs / 1000).toFixed(1)} s; machine load ${load.toFixed(1)} on ${cpus().length} cores`,
    );
    const frames = await dragFrames(page);
    const p50 = median(frames);
    const p95 = percentile(frames, 95);
    console.log(
      `editor corner drag, phone profile, CPU ÷${THROTTLE}: ${frames.length} frames, median ${p50.toFixed(1)} ms ` +
        `(${(1000 / p50).toFixed(0)} fps), p95 ${p95.toFixed(1)} ms (${(1000 / p95).toFixed(0)} fps) (target ≥ 30 fps)`,
    );
    if (shotsDir) await screenshots(browser, stack.url, email, shotsDir);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
