/**
 * "Watch them grow" on the real local stack: once the previews are done, the button makes the clip
 * in the browser; it plays for about 4 s and downloads as my-baby-grows.mp4, or as .webm where the
 * browser cannot encode H.264 (simulated by hiding H.264 from WebCodecs).
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { CLIP_FPS, clipDurationS, clipFrames } from '@shared/rules/growth-clip';
import { makeClip } from './growth-clip-helpers';
import { dismissNotifyWhenShown, expectNoSeriousA11yViolations, openPage, uploadPhoto } from './helpers';

const AGES = 3;

/** Makes the clip and checks it plays: duration, the encoder's frames, frames presented while playing. */
async function makeAndPlayClip(page: Page) {
  const video = await makeClip(page);
  // The encoder's output is exactly the plan: one frame per still age, the morphs at CLIP_FPS, a closing frame.
  await expect(video).toHaveAttribute('data-frames', String(clipFrames(AGES).length));

  const duration = await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (el.readyState >= 1 && Number.isFinite(el.duration)) resolve(el.duration);
        else el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
      }),
  );
  // About 4 s for 3 ages, within a frame or two.
  expect(Math.abs(duration - clipDurationS(AGES))).toBeLessThan(3 / CLIP_FPS);

  // It really plays: frames are presented with advancing media times.
  const presented = await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        const onFrame = (_now: number, meta: { mediaTime: number }) => {
          times.push(meta.mediaTime);
          if (times.length < 10) el.requestVideoFrameCallback(onFrame);
          else resolve(times);
        };
        el.requestVideoFrameCallback(onFrame);
        void el.play();
      }),
  );
  expect(new Set(presented).size).toBeGreaterThan(5);
  return video;
}

async function downloadClip(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download video' }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  return { name: download.suggestedFilename(), bytes };
}

test('a parent watches the child grow and downloads the clip, as MP4 or WebM', async ({
  page,
  browser,
}, testInfo) => {
  // Three offline renders on two shared cores, then two clips.
  test.setTimeout(300_000);
  await dismissNotifyWhenShown(page);
  const { uploadId } = await uploadPhoto(page);
  await page.waitForURL(`**/result/${uploadId}?temp=true`, { timeout: 150_000 });
  await expect(page.getByRole('img', { name: /watermarked preview/ })).toHaveCount(AGES, { timeout: 60_000 });

  const video = await makeAndPlayClip(page);
  await expect(video).toHaveAttribute('data-encoder', /^avc1/);
  // Nothing is unlocked: the clip is made of the watermarked previews.
  await expect(video).toHaveAttribute('data-unmarked', 'false');
  await expectNoSeriousA11yViolations(page);
  const mp4 = await downloadClip(page);
  expect(mp4.name).toBe('my-baby-grows.mp4');
  expect(mp4.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect(mp4.bytes.length).toBeLessThan(2 * 1024 * 1024);
  await testInfo.attach('growth-clip.mp4', { body: mp4.bytes, contentType: 'video/mp4' });

  // A browser without an H.264 encoder (as some Chromium builds are) gets the WebM clip.
  const noH264 = await browser.newContext({ viewport: page.viewportSize() });
  try {
    await noH264.addInitScript(() => {
      const original = VideoEncoder.isConfigSupported.bind(VideoEncoder);
      VideoEncoder.isConfigSupported = (config) =>
        config.codec.startsWith('avc1') ? Promise.resolve({ supported: false, config }) : original(config);
    });
    const other = await noH264.newPage();
    await dismissNotifyWhenShown(other);
    await openPage(other, `/result/${uploadId}`);
    await expect(other.getByRole('img', { name: /watermarked preview/ })).toHaveCount(AGES);
    const webmVideo = await makeAndPlayClip(other);
    await expect(webmVideo).toHaveAttribute('data-encoder', /^vp/);
    const webm = await downloadClip(other);
    expect(webm.name).toBe('my-baby-grows.webm');
    // The EBML magic number every WebM file starts with.
    expect(webm.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(webm.bytes.length).toBeLessThan(2 * 1024 * 1024);
  } finally {
    await noH264.close();
  }
});
