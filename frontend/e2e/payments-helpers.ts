/** Shared bits of the payment tests: the local test checkout, and checks of the HD files. */
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { HD_SIZE_PX } from '@shared/catalog';
import sharp from 'sharp';
import { showsWatermarkOnlyOnMarked, watermarkGap } from '../../functions/test-support/watermark-gap';

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

/**
 * An HD file: a 2000×2000 JPEG that is the same picture as one of the watermarked previews, but
 * without the watermark (an HD file that carried it, or the preview scaled up, would show no gap).
 */
export async function expectUnwatermarkedHd(hd: Buffer, previews: readonly Buffer[]) {
  const meta = await sharp(hd).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'jpeg',
    width: HD_SIZE_PX,
    height: HD_SIZE_PX,
  });
  const gaps = await Promise.all(previews.map((preview) => watermarkGap(preview, hd)));
  // The preview of the same age is the closest picture.
  const same = gaps.reduce((a, b) => (b.mad < a.mad ? b : a));
  expect(same.width).toBeLessThan(HD_SIZE_PX);
  expect(
    showsWatermarkOnlyOnMarked(same),
    `the preview carries a watermark the HD file lacks: ${JSON.stringify(same)}`,
  ).toBe(true);
}

/** The watermarked previews of the results page, as bytes. */
export async function previewBytes(page: Page): Promise<Buffer[]> {
  const srcs = await page
    .getByRole('img', { name: /\(watermarked preview\)$/ })
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  return Promise.all(srcs.map(async (src) => (await page.request.get(src)).body()));
}
