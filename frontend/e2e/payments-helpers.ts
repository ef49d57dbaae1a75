/** Shared bits of the payment tests: the local test checkout, and checks of the HD files. */
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';

/** Clicks `trigger` and returns the tab it opens (the checkout, or the mobile HD images). */
export async function clickForNewTab(context: BrowserContext, trigger: () => Promise<void>): Promise<Page> {
  const opening = context.waitForEvent('page');
  await trigger();
  const tab = await opening;
  await tab.waitForLoadState();
  return tab;
}

/** The local fake's hosted checkout page shows the product and its price, with Pay and Cancel. */
export async function expectTestCheckout(tab: Page, name: string, price: string) {
  await expect(tab.getByRole('heading', { name: 'Checkout' })).toBeVisible({ timeout: 15_000 });
  await expect(tab.getByText(name, { exact: true })).toBeVisible();
  await expect(tab.getByText(price, { exact: true })).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Cancel' })).toBeVisible();
}

/** Luma of raw RGB pixels. */
function luma(data: Buffer, i: number): number {
  return (data[i] + data[i + 1] + data[i + 2]) / 3;
}

/**
 * An HD file: a 2000×2000 JPEG that is the same picture as one of the watermarked previews, but
 * without the watermark. The watermark is white text at ~36 % opacity, so in a few percent of the
 * pixels the preview is clearly brighter than the HD scaled down to it, and almost never darker.
 * (An HD file that carried the watermark, or the preview scaled up, would show no such gap.)
 */
export async function expectUnwatermarkedHd(hd: Buffer, previews: readonly Buffer[]) {
  const meta = await sharp(hd).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'jpeg',
    width: HD_SIZE_PX,
    height: HD_SIZE_PX,
  });

  const comparisons = await Promise.all(
    previews.map(async (preview) => {
      const { data: p, info } = await sharp(preview)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const d = await sharp(hd).resize(info.width, info.height).removeAlpha().raw().toBuffer();
      let sum = 0;
      let brighter = 0;
      let darker = 0;
      for (let i = 0; i < p.length; i += 3) {
        const diff = luma(p, i) - luma(d, i);
        sum += Math.abs(diff);
        if (diff > 20) brighter++;
        if (diff < -20) darker++;
      }
      const n = p.length / 3;
      return { mad: sum / n, brighter: brighter / n, darker: darker / n, previewWidth: info.width };
    }),
  );
  // The preview of the same age is the closest picture.
  const same = comparisons.reduce((a, b) => (b.mad < a.mad ? b : a));
  expect(same.previewWidth).toBeLessThan(HD_SIZE_PX);
  expect(same.mad, 'the HD file shows the same picture as its preview').toBeLessThan(12);
  expect(same.brighter, 'the preview carries a watermark the HD file lacks').toBeGreaterThan(0.015);
  expect(same.brighter).toBeGreaterThan(5 * same.darker);
}

/** The watermarked previews of the results page, as bytes. */
export async function previewBytes(page: Page): Promise<Buffer[]> {
  const srcs = await page
    .getByRole('img', { name: /\(watermarked preview\)$/ })
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  return Promise.all(srcs.map(async (src) => (await page.request.get(src)).body()));
}
