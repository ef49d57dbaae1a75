/**
 * The offline engine's previews with live-shaped Stripe keys (on the local fake of Stripe's API): the
 * public config says age HD is not on sale, checkout refuses every age product with a 409 and opens
 * credit packs and the plan as usual; a deployment that opts in (SELL_SIMULATED_AGES) sells them.
 */
import { PRODUCT_IDS } from '@shared/catalog';
import { messages } from '@shared/messages';
import { sellsAgeHd } from '@shared/rules/age-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake } from '../../scripts/local/stripe-fake/stripe-fake';
import { claimsOf, newParent, type Parent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const LIVE_KEYS = { secretKey: 'sk_live_age_sales_int', webhookSecret: 'whsec_age_sales_int' };
const SITE = 'http://localhost:3000';

const fake = await startStripeFake({ ...LIVE_KEYS, webhookUrl: 'http://127.0.0.1:9/', log: () => undefined });
const settings = {
  STRIPE_SECRET_KEY: LIVE_KEYS.secretKey,
  STRIPE_WEBHOOK_SECRET: LIVE_KEYS.webhookSecret,
  STRIPE_API_BASE: fake.url,
  IMAGE_AI_PROVIDER: 'offline',
  SELL_SIMULATED_AGES: 'false',
};
const live = createTestApp(settings);
const optedIn = createTestApp({ ...settings, SELL_SIMULATED_AGES: 'true' });

let parent: Parent;
/** A photo of the parent with its three previews rendered (offline). */
let uploadId: string;

async function checkout(app: typeof live, body: Record<string, unknown>) {
  return app.callRoute('createCheckout', {
    claims: await claimsOf(parent.idToken),
    headers: { origin: SITE },
    body,
  });
}

beforeAll(async () => {
  parent = await newParent();
  uploadId = await live.uploadPhoto({ claims: await claimsOf(parent.idToken) }, images.samplePhoto(2));
  await live.runRenderWorker();
  const { jobs } = (await live.deps.uploads.getUploadWithJobs(uploadId))!;
  expect(jobs.map((job) => job.status)).toEqual(['done', 'done', 'done']);
});

afterAll(async () => {
  await fake.stop();
});

describe('age HD on the offline simulation with live keys', () => {
  it('is not on sale, says the public config', async () => {
    const config = await live.callRoute('getClientConfig');
    expect([config.status, config.json.ageHdOnSale]).toEqual([200, false]);
    expect((await optedIn.callRoute('getClientConfig')).json.ageHdOnSale).toBe(true);
  });

  it('is refused at checkout with a 409 for every age product, opening no session at the provider', async () => {
    const sessionsOpened = () =>
      fake.requests().filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    const before = sessionsOpened();
    for (const productId of PRODUCT_IDS.filter(sellsAgeHd)) {
      const result = await checkout(live, { productId, uploadId });
      expect([result.status, result.json.error?.message], productId).toEqual([409, messages.ageHdNotForSale]);
    }
    expect(sessionsOpened()).toBe(before);
  });

  it('still sells credit packs and the monthly plan', async () => {
    for (const productId of ['credits_10', 'subscription_monthly']) {
      const result = await checkout(live, { productId });
      expect(result.status, JSON.stringify(result.json)).toBe(200);
      expect(result.json.url).toContain(fake.url);
    }
  });

  it('is sold when the deployment opts in to selling the simulation', async () => {
    const result = await checkout(optedIn, { productId: 'age10_hd', uploadId });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
  });
});
