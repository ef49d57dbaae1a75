/**
 * Payments on the real local stack with its test checkout (a local fake of Stripe's hosted page):
 * the checkout opens in a new tab, Pay returns to the results or My photos, Cancel returns to where
 * the parent started. HD files download (desktop) or open in a tab (phone) without the watermark.
 */
import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { formatPrice, getProduct } from '@shared/catalog';
import { messages } from '@shared/messages';
import { CLIP_HOLD_S } from '@shared/rules/growth-clip';
import { showsWatermarkOnlyOnMarked, watermarkGap } from '../../functions/test-support/watermark-gap';
import { createUser, freshEmail, PASSWORD, signIn, submitCredentials } from './accounts-helpers';
import { clipFrame, makeClip } from './growth-clip-helpers';
import {
  dismissNotifyWhenShown,
  expectNoSeriousA11yViolations,
  openPage,
  toast,
  uploadPhoto,
} from './helpers';
import { clickForNewTab, expectTestCheckout, expectUnwatermarkedHd, previewBytes } from './payments-helpers';

const price = (id: Parameters<typeof getProduct>[0]) => formatPrice(getProduct(id).priceCents);

test('a parent buys All 3 Ages HD in a new tab, pays, saves the HD photos, then adds ages 2 and 5', async ({
  page,
  context,
  browser,
  baseURL,
  isMobile,
}, testInfo) => {
  // One upload (three offline renders) and two more renders after the upsell, on two shared cores.
  test.setTimeout(420_000);
  const email = freshEmail('buyer');
  await createUser(baseURL!, email);
  await dismissNotifyWhenShown(page);

  // A visitor uploads; buying sends them to sign in and back to the results, now theirs.
  const { uploadId } = await uploadPhoto(page);
  await page.waitForURL(`**/result/${uploadId}?temp=true`, { timeout: 150_000 });
  await page.getByRole('button', { name: /All 3 Ages HD/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await submitCredentials(page, email, PASSWORD);
  await page.waitForURL(new RegExp(`/result/${uploadId}$`));

  // Signed in, the checkout opens in a new tab and goes on to the test checkout.
  const checkout = await clickForNewTab(context, () =>
    page.getByRole('button', { name: /All 3 Ages HD/ }).click(),
  );
  await expectTestCheckout(checkout, 'All 3 Ages HD', price('all3_hd'));
  await expect(page).toHaveURL(new RegExp(`/result/${uploadId}$`));

  // Pay → back on the results in that tab, confirmed and unlocked.
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.waitForURL(new RegExp(`/result/${uploadId}\\?paid=true&session_id=[^&]+$`));
  const results = checkout;
  await dismissNotifyWhenShown(results);
  await expect(results.getByRole('heading', { level: 1 })).toHaveText('✨ Your HD Photos Are Ready!', {
    timeout: 30_000,
  });
  await expect(results.getByText('HD Unlocked ✓')).toHaveCount(3);
  await expect(results.getByText('Thank you! Your payment is confirmed.')).toBeVisible();
  await expect(results.getByRole('region', { name: 'Keep them forever in HD' })).toHaveCount(0);
  // paid=true: no email prompt.
  await results.waitForTimeout(2500);
  await expect(results.getByRole('dialog', { name: 'Get Notified' })).toHaveCount(0);

  // Save to Camera Roll: every unlocked HD image, without the watermark.
  const previews = await previewBytes(results);
  expect(previews).toHaveLength(3);
  const save = results.getByRole('button', { name: 'Save to Camera Roll' });
  if (isMobile) {
    // Below 768 px the images open in a new tab, with a hint to hold and save them.
    const images = await clickForNewTab(context, () => save.click());
    await expect(toast(results, messages.saveToPhotosHint)).toBeVisible();
    const hdImages = images.getByRole('img', { name: /^Your child at age \d+ in HD$/ });
    await expect(hdImages).toHaveCount(3);
    const srcs = await hdImages.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    for (const src of srcs) {
      const response = await results.request.get(src);
      expect(response.ok()).toBe(true);
      await expectUnwatermarkedHd(await response.body(), previews);
    }
    await images.close();
  } else {
    // Desktop: three downloads, 300 ms apart, then the desktop toast.
    const downloads: Download[] = [];
    results.on('download', (download) => downloads.push(download));
    await save.click();
    await expect(toast(results, messages.imageDownloaded)).toBeVisible();
    await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(3);
    const names = downloads.map((d) => d.suggestedFilename()).sort();
    expect(names).toEqual([
      'little-futures-age-10.jpg',
      'little-futures-age-16.jpg',
      'little-futures-age-21.jpg',
    ]);
    for (const download of downloads) {
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      await expectUnwatermarkedHd(await readFile(file), previews);
    }
  }

  // The upsell: its packages and prices, accessible.
  await results.getByRole('link', { name: 'See them at 2, 5 and 19' }).click();
  await expect(results).toHaveURL(new RegExp(`/upsell\\?uploadId=${uploadId}$`));
  await expect(results.getByRole('heading', { level: 1, name: 'Unlock Their Future in HD' })).toBeVisible();
  const bundle = results.getByRole('article', { name: 'Full Future Bundle' });
  const starter = results.getByRole('article', { name: 'Future Starter' });
  await expect(bundle).toContainText('Ages 2, 5 and 19');
  await expect(bundle).toContainText('$9.95');
  await expect(bundle).toContainText('USD');
  await expect(bundle.locator('s')).toHaveText('$13.90');
  await expect(bundle).toContainText('Save 30%');
  await expect(bundle).toContainText('saves $3.95');
  await expect(starter).toContainText('Ages 2 and 5');
  await expect(starter).toContainText('$6.95');
  await expect(starter).toContainText('USD');
  await expectNoSeriousA11yViolations(results);

  // Cancel on the test checkout lands back on the upsell page.
  const cancelled = await clickForNewTab(context, () =>
    starter.getByRole('button', { name: 'Get Future Starter' }).click(),
  );
  await expectTestCheckout(cancelled, 'Future Starter', price('age_2_5_hd'));
  await cancelled.getByRole('button', { name: 'Cancel' }).click();
  await cancelled.waitForURL(new RegExp(`/upsell\\?uploadId=${uploadId}$`));
  await expect(cancelled.getByRole('heading', { level: 1, name: 'Unlock Their Future in HD' })).toBeVisible();
  await cancelled.close();

  // Buying Future Starter adds ages 2 and 5 to the results, rendered after the purchase.
  const starterCheckout = await clickForNewTab(context, () =>
    starter.getByRole('button', { name: 'Get Future Starter' }).click(),
  );
  await starterCheckout.getByRole('button', { name: 'Pay' }).click();
  await starterCheckout.waitForURL(new RegExp(`/result/${uploadId}\\?paid=true&session_id=[^&]+$`));
  const more = starterCheckout.getByRole('region', { name: 'More ages' });
  await expect(more.getByRole('heading', { name: /^Age \d+$/ })).toHaveText(['Age 2', 'Age 5'], {
    timeout: 30_000,
  });
  await expect(more.getByText('HD Unlocked ✓')).toHaveCount(2);
  await expect(more.getByRole('img', { name: /\(watermarked preview\)$/ })).toHaveCount(2, {
    timeout: 120_000,
  });

  // Age 19 is still offered: the bundle (2 and 5 already owned) or age 19 only.
  await more.getByRole('link', { name: 'Add age 19 in HD' }).click();
  await expect(starterCheckout).toHaveURL(new RegExp(`/upsell/age-19\\?uploadId=${uploadId}$`));
  await expect(starterCheckout.getByRole('article', { name: 'Full Future Bundle' })).toContainText(
    'Ages 2 and 5 already owned',
  );
  await expect(starterCheckout.getByRole('article', { name: 'Full Future Bundle' })).toContainText('$9.95');
  const only19 = starterCheckout.getByRole('article', { name: 'Age 19 HD' });
  await expect(only19).toContainText('Age 19 only');
  await expect(only19).toContainText('$6.95');
  await expectNoSeriousA11yViolations(starterCheckout);
  await starterCheckout.getByRole('link', { name: 'Maybe later — View my results' }).click();
  await expect(starterCheckout).toHaveURL(new RegExp(`/result/${uploadId}$`));

  // A signed-out visitor with the link sees the HD results, but saving them needs an account.
  const { viewport, isMobile: mobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const visitor = await browser.newContext({ viewport, isMobile: mobile, hasTouch, deviceScaleFactor });
  const stranger = await visitor.newPage();
  await stranger.goto(`${baseURL}/result/${uploadId}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('✨ Your HD Photos Are Ready!');

  // Every age is unlocked: the parent's growth clip leaves the watermark off, the stranger's keeps
  // it. Their first still is the same picture, with the watermark only in the stranger's (one
  // viewport is enough: the rule is the server's, the clip's making is tested on both).
  if (!isMobile) {
    await dismissNotifyWhenShown(starterCheckout);
    const parentsClip = await makeClip(starterCheckout);
    await expect(parentsClip).toHaveAttribute('data-unmarked', 'true');
    await expect(starterCheckout.getByText('Made from your HD photos, without the watermark.')).toBeVisible();
    const strangersClip = await makeClip(stranger);
    await expect(strangersClip).toHaveAttribute('data-unmarked', 'false');
    const firstStill = CLIP_HOLD_S / 2;
    const gap = await watermarkGap(
      await clipFrame(strangersClip, firstStill),
      await clipFrame(parentsClip, firstStill),
    );
    expect(showsWatermarkOnlyOnMarked(gap), JSON.stringify(gap)).toBe(true);
  }
  await stranger.getByRole('button', { name: 'Save to Camera Roll' }).click();
  await expect(stranger).toHaveURL(/\/auth$/);
  expect(await stranger.evaluate(() => sessionStorage.getItem('checkout_redirect'))).toBe(
    `/result/${uploadId}`,
  );
  await visitor.close();
});

test('plans from the pricing page: cancel, a credit pack, and a subscription cancelled from My photos', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('plans');
  await createUser(baseURL!, email);
  await signIn(page, email);

  // Cancel on the test checkout comes back to the pricing page.
  await openPage(page, '/pricing');
  const cancelled = await clickForNewTab(context, () =>
    page.getByRole('button', { name: 'Choose 10-Pack' }).click(),
  );
  await expectTestCheckout(cancelled, '10-Pack', price('credits_10'));
  await cancelled.getByRole('button', { name: 'Cancel' }).click();
  await cancelled.waitForURL(/\/pricing$/);
  await cancelled.close();

  // A pack: Pay → My photos confirms the payment and shows the balance.
  const pack = await clickForNewTab(context, () =>
    page.getByRole('button', { name: 'Choose 20-Pack' }).click(),
  );
  await expectTestCheckout(pack, '20-Pack', price('credits_20'));
  await pack.getByRole('button', { name: 'Pay' }).click();
  await pack.waitForURL(/\/my-photos\?paid=true&session_id=[^&]+$/);
  await expect(pack.getByText('HD credits: 20')).toBeVisible({ timeout: 30_000 });
  await expect(pack.getByText('Thank you! Your payment is confirmed.')).toBeVisible();
  await expect(pack.getByText(messages.creditsNeverExpire)).toBeVisible();
  await pack.close();

  // The subscription: unlimited HD until the end of the period, then cancelled.
  const plan = await clickForNewTab(context, () =>
    page.getByRole('button', { name: 'Choose Subscription' }).click(),
  );
  await expectTestCheckout(plan, 'Subscription', `${price('subscription_monthly')}/month`);
  await plan.getByRole('button', { name: 'Pay' }).click();
  await plan.waitForURL(/\/my-photos\?paid=true&session_id=[^&]+$/);
  await expect(plan.getByText(/^Unlimited HD until /)).toBeVisible({ timeout: 30_000 });
  await expect(plan.getByText('HD credits: 20')).toBeVisible();
  await expectNoSeriousA11yViolations(plan);
  await plan.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = plan.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(toast(plan, messages.subscriptionCancelled)).toBeVisible();
  await expect(plan.getByText(/^Ends on /)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});

test("a failed checkout: the upsell's fixed wording with the server's reason beneath, the results page's the server's", async ({
  page,
  baseURL,
}) => {
  // No such photo: the server refuses, and says why.
  const photo = crypto.randomUUID();
  const email = freshEmail('checkout-failure');
  await createUser(baseURL!, email);
  await signIn(page, email);

  await page.goto(`/checkout?product=age_2_5_hd&uploadId=${photo}&returnPath=/upsell?uploadId=${photo}`);
  const failure = page.getByRole('alert');
  await expect(failure.getByRole('heading', { level: 1 })).toHaveText(messages.checkoutFailedUpsell);
  await expect(failure).toContainText(messages.uploadNotFound);
  await expect(failure.getByRole('link', { name: 'Back to the offers' })).toBeVisible();

  await page.goto(`/checkout?product=all3_hd&uploadId=${photo}&returnPath=/result/${photo}`);
  await expect(failure.getByRole('heading', { level: 1 })).toHaveText(messages.uploadNotFound);
  await expect(failure).not.toContainText(messages.checkoutFailed);
});
