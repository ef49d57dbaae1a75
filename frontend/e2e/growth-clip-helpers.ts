/** The results page's "Watch them grow" clip in browser tests: make it, and read one of its frames. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses "Watch them grow" and returns the clip's video once it is shown. */
export async function makeClip(page: Page): Promise<Locator> {
  const region = page.getByRole('region', { name: 'Watch them grow' });
  const video = region.locator('video');
  // "Watch them grow", or "Making your clip..." while busy.
  const button = region.getByRole('button').first();
  // The owner's email prompt may open over the page just as the button is pressed: press again
  // until a clip is being made (the button is busy) or shown.
  await expect(async () => {
    if ((await video.count()) === 0 && (await button.isEnabled())) await button.click({ timeout: 5_000 });
    await expect(video).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  return video;
}

/** The clip's frame at `seconds`, decoded by the browser, as a PNG. */
export async function clipFrame(video: Locator, seconds: number): Promise<Buffer> {
  const png = await video.evaluate(async (el: HTMLVideoElement, at) => {
    el.pause();
    await new Promise((resolve) => {
      el.addEventListener('seeked', resolve, { once: true });
      el.currentTime = at;
    });
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')!.drawImage(el, 0, 0);
    return canvas.toDataURL('image/png');
  }, seconds);
  return Buffer.from(png.split(',')[1]!, 'base64');
}
