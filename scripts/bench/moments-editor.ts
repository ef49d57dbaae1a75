import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../frontend/e2e/chromium';
import { median, percentile, startBenchStack } from './bench-stack';

const PHOTO = 'node_modules/@vladmandic/face-api/demo/sample2.jpg';
const THROTTLE = 4;
const DRAG_STEPS = 120;

async function main() {
  const stack = await startBenchStack({ frontend: 'dist' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/moments`);
    await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
    await page.locator('input[type=file]').setInputFiles(PHOTO);
    await page.getByText('Background removed successfully!').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const canvas = await page.locator('canvas').first().boundingBox();
    if (!canvas) throw new Error('No canvas');
    const start = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };

    // A string, not a function: tsx would wrap a function's helpers in names the page lacks.
    await page.evaluate(`(() => {
      window.frames_ = [];
      let last = performance.now();
      const tick = (now) => { window.frames_.push(now - last); last = now; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= DRAG_STEPS; i++) {
      const t = (i / DRAG_STEPS) * Math.PI * 2;
      await page.mouse.move(
        start.x + Math.sin(t) * canvas.width * 0.25,
        start.y + Math.sin(2 * t) * canvas.height * 0.15,
      );
    }
    await page.mouse.up();
    const frames = (await page.evaluate('window.frames_.slice(1)')) as number[];
    console.log(
      `editor drag, phone profile, CPU ÷${THROTTLE}: ${frames.length} frames, ` +
        `median ${median(frames).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
