/**
 * Never sell a simulation as a prediction: a stack of this file's own, ageing offline with live-shaped
 * Stripe keys (on the local fake), says age HD is not on sale. The results and upsell pages show that
 * the previews are a simulation and offer Moments instead of the HD offers. The suite's own stack
 * keeps its test keys, so every other spec still buys age HD.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { messages } from '@shared/messages';
import { freePort } from '../../scripts/local/ports';
import { type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { dismissNotifyWhenShown, expectNoSeriousA11yViolations, uploadPhoto } from './helpers';

const LIVE_KEYS = { secretKey: 'sk_live_e2e_age_sales', webhookSecret: 'whsec_e2e_age_sales' };

/** Settings of this stack only: the Playwright worker's environment is put back when it stops. */
const OWN_SETTINGS = ['IMAGE_AI_PROVIDER', 'IMAGE_AI_AGE_PROGRESS', 'SELL_SIMULATED_AGES'];

const test = base.extend<Record<never, never>, { liveStack: LocalStack }>({
  liveStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters.
    async ({}, use) => {
      const saved = { ...process.env };
      for (const name of OWN_SETTINGS) delete process.env[name];
      process.env.IMAGE_AI_PROVIDER = 'offline';
      const dataDir = mkdtempSync(path.join(tmpdir(), 'little-futures-age-sales-'));
      const [app, dynamodb, fauxqs, cognito] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const stack = await startLocalStack({
        dataDir,
        frontend: 'dist',
        ports: { app, dynamodb, fauxqs, cognito },
        quiet: true,
        stripeKeys: LIVE_KEYS,
      });
      try {
        await use(stack);
      } finally {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
        for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
        Object.assign(process.env, saved);
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ liveStack }, use) => use(liveStack.url),
});

async function expectSimulationNotice(page: Page, level: 1 | 2) {
  const notice = page.getByRole('region', { name: messages.ageHdSimulationTitle });
  await expect(notice.getByRole('heading', { level })).toHaveText(messages.ageHdSimulationTitle);
  await expect(notice).toContainText(messages.ageHdNotForSale);
  await expect(notice).toContainText(messages.momentsInstead);
  await expect(notice.getByRole('link', { name: 'Make a keepsake in Moments' })).toHaveAttribute(
    'href',
    '/moments',
  );
}

test('with live keys and offline ageing, the results and upsell pages offer Moments instead of HD ages', async ({
  page,
  request,
}, testInfo) => {
  // Three offline renders on a stack of its own, on two shared cores.
  test.setTimeout(300_000);
  const config = await (await request.get('/api/config')).json();
  expect(config.ageHdOnSale).toBe(false);
  await dismissNotifyWhenShown(page);

  const { uploadId } = await uploadPhoto(page);
  await page.waitForURL(new RegExp(`/result/${uploadId}`), { timeout: 150_000 });
  await expect(page.getByRole('list', { name: 'Age previews' }).getByRole('img')).toHaveCount(3, {
    timeout: 30_000,
  });

  // The results: the notice and Moments where the upgrade offers were; no way to the age upsell.
  await expectSimulationNotice(page, 2);
  await expect(page.getByRole('region', { name: 'Keep them forever in HD' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /HD Age 10|All 3 Ages HD/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /See them at/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('results.png'), fullPage: true });

  // Both upsell pages say the same, with no package to buy.
  for (const offer of ['/upsell', '/upsell/age-19']) {
    await page.goto(`${offer}?uploadId=${uploadId}`);
    await expectSimulationNotice(page, 1);
    await expect(page.getByRole('list', { name: 'Packages' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Buy|Get/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Back to results|View my results/ })).toHaveAttribute(
      'href',
      `/result/${uploadId}`,
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`${offer.slice(1).replace('/', '-')}.png`),
      fullPage: true,
    });
  }

  // Moments is one tap away.
  await page.getByRole('link', { name: 'Make a keepsake in Moments' }).click();
  await expect(page).toHaveURL(/\/moments$/);
});
