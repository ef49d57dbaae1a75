/**
 * `npm run bench:growth-clip`: how long the results page takes to make the "Watch them grow" clip
 * of three ages on the phone profile with the CPU throttled 4×, and the clip's size (targets: ≤ 3 s,
 * ≤ 2 MB). Serves the built site (`BENCH_DIST_DIR`, default dist/).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../frontend/e2e/chromium';
import { allowOneMachineVisitors } from '../local/one-machine-quotas';
import { freeEmulatorPorts, freePort } from '../local/ports';
import { startLocalStack } from '../local/stack';
import { median, uploadPhoto, waitForJobs } from './bench-stack';

const PHOTO = 'node_modules/@vladmandic/face-api/demo/sample2.jpg';
const THROTTLE = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** `BENCH_CLIP_OUT=file.mp4`: keeps the last clip made, to look at. */
const CLIP_OUT = process.env.BENCH_CLIP_OUT;
/** `BENCH_PROFILE=1`: one more run under the CPU profiler, printing where the page's main thread spent it. */
const PROFILE = process.env.BENCH_PROFILE === '1';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };

/** Self time per function (ms), the largest first. */
function selfTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    totals.set(name, (totals.get(name) ?? 0) + profile.timeDeltas[i] / 1000);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'lf-bench-clip-'));
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  allowOneMachineVisitors();
  const stack = await startLocalStack({
    dataDir,
    frontend: 'dist',
    distDir: process.env.BENCH_DIST_DIR && resolve(process.env.BENCH_DIST_DIR),
    quiet: true,
    ports: { ...(await freeEmulatorPorts()), app: await freePort() },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const uploadId = await uploadPhoto(stack.url, readFileSync(PHOTO));
    const jobs = await waitForJobs(stack.url, uploadId, 300_000);
    if (!jobs.every((job: { status: string }) => job.status === 'done')) throw new Error('renders failed');

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/result/${uploadId}`);
    await page
      .getByRole('img', { name: /watermarked preview/ })
      .nth(2)
      .waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });

    const times: number[] = [];
    let bytes = 0;
    let encoder = '';
    const video = page.locator('video');
    for (let run = 0; run < RUNS + (PROFILE ? 1 : 0); run++) {
      const profiling = PROFILE && run === RUNS;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const before = (await video.count()) ? await video.getAttribute('src') : null;
      const started = performance.now();
      await page.getByRole('button', { name: 'Watch them grow' }).click();
      // Done when a new clip replaces the last one.
      await page.waitForFunction(
        (last) => {
          const el = document.querySelector('video');
          return el?.src && el.src !== last;
        },
        before,
        { timeout: 120_000 },
      );
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop');
        console.log(`profiled run ${((performance.now() - started) / 1000).toFixed(2)} s, self time:`);
        console.log(selfTimes(profile as never).join('\n'));
        break;
      }
      times.push(performance.now() - started);
      encoder = (await video.getAttribute('data-encoder')) ?? '';
      bytes = await video.evaluate(async (el: HTMLVideoElement) => (await (await fetch(el.src)).blob()).size);
    }
    if (CLIP_OUT) {
      const clip = await video.evaluate(async (el: HTMLVideoElement) => [
        ...new Uint8Array(await (await fetch(el.src)).arrayBuffer()),
      ]);
      writeFileSync(CLIP_OUT, Uint8Array.from(clip));
    }
    console.log(
      `growth clip, 3 ages, phone profile, CPU ÷${THROTTLE}, ${encoder}: make ${times.map((t) => (t / 1000).toFixed(2)).join(' / ')} s ` +
        `(median ${(median(times) / 1000).toFixed(2)} s; target ≤ 3 s), file ${(bytes / 1024).toFixed(0)} KB (target ≤ 2048 KB)`,
    );
  } finally {
    await browser.close();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
