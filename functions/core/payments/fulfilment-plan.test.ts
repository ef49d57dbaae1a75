import { describe, expect, it } from 'vitest';
import type { RenderJobRecord, UploadRecord } from '../ports';
import { siteOrigin } from './checkout';
import { isPaid, orderFromSession, planFulfilment } from './fulfilment-plan';
import type { CheckoutSession } from './payment-ports';
import { subscriptionIsActive } from './subscription';

const now = new Date('2026-11-23T10:00:00Z');
const uploadId = '7f3c1a52-9a0b-4c51-8d55-0e6f4bb1d2a1';

const session = (over: Partial<CheckoutSession> = {}): CheckoutSession => ({
  id: 'cs_test_1',
  url: null,
  status: 'complete',
  paymentStatus: 'paid',
  mode: 'payment',
  amountTotal: 1295,
  subscriptionId: null,
  successUrl: `https://app.example/result/${uploadId}?paid=true`,
  metadata: { userSub: 'user-1', productId: 'all3_hd', uploadId, email: 'parent@example.com' },
  ...over,
});

const upload: UploadRecord = {
  id: uploadId,
  owner: 'user:user-1',
  status: 'ready',
  incomingKey: `incoming/${uploadId}`,
  declaredType: 'image/jpeg',
  declaredSize: 1000,
  migrated: false,
  purpose: 'previews',
  createdAt: now.toISOString(),
};
const job = (age: number, hdUnlocked = false) =>
  ({ uploadId, age, status: 'done', hdUnlocked, updatedAt: now.toISOString() }) as RenderJobRecord;
const link = (id: string) => `https://app.example/result/${id}`;

describe('orderFromSession', () => {
  it('reads the order our checkout put in the metadata', () => {
    expect(orderFromSession(session(), now)).toMatchObject({
      sessionId: 'cs_test_1',
      userSub: 'user-1',
      productId: 'all3_hd',
      uploadId,
      email: 'parent@example.com',
      amountCents: 1295,
      status: 'pending',
    });
  });

  it.each([
    ['no metadata', {}],
    ['an unknown product', { userSub: 'u', productId: 'gold_plan', uploadId }],
    ['a photo product without its photo', { userSub: 'u', productId: 'age10_hd' }],
    ['a credit pack naming a photo', { userSub: 'u', productId: 'credits_10', uploadId }],
  ])('is null for a session with %s', (_, metadata) => {
    expect(orderFromSession(session({ metadata }), now)).toBeNull();
  });
});

describe('planFulfilment', () => {
  it('unlocks the three preview ages of "All 3 Ages HD"', () => {
    const order = orderFromSession(session(), now)!;
    const plan = planFulfilment(
      order,
      { upload, jobs: [job(10), job(16), job(21)] },
      { now, resultsLink: link },
    );
    expect(plan).toMatchObject({ unlockAges: [10, 16, 21], newJobs: [], credits: 0, refund: null });
    expect(plan.order).toMatchObject({ grantedAges: [10, 16, 21], grantedCredits: 0 });
  });

  it('leaves an age another order unlocked to that order, and grants only the rest', () => {
    const order = orderFromSession(session(), now)!;
    const plan = planFulfilment(
      order,
      { upload, jobs: [job(10, true), job(16), job(21)] },
      { now, resultsLink: link },
    );
    expect(plan).toMatchObject({ unlockAges: [16, 21], refund: null });
    expect(plan.order.grantedAges).toEqual([16, 21]);
  });

  it('refunds in full an order that buys nothing new (a second tab paid for the same photo)', () => {
    const order = orderFromSession(session(), now)!;
    const plan = planFulfilment(
      order,
      { upload, jobs: [job(10, true), job(16, true), job(21, true)] },
      { now, resultsLink: link },
    );
    expect(plan).toMatchObject({ unlockAges: [], newJobs: [] });
    expect(plan.refund).toEqual({
      ref: 'cs_test_1',
      part: 'order',
      reason: 'paid_twice',
      userSub: 'user-1',
      amountCents: null,
      idempotencyKey: 'lf-refund:cs_test_1:order',
      status: 'pending',
      createdAt: now.toISOString(),
    });
  });

  it('remembers the payment, so refunds and disputes find the order', () => {
    const order = orderFromSession(session({ paymentIntentId: 'pi_1' }), now)!;
    expect(order.paymentIntentId).toBe('pi_1');
  });

  it('creates the bundle ages as unlocked renders and emails only age 19', () => {
    const order = orderFromSession(
      session({ metadata: { ...session().metadata, productId: 'full_future_bundle' } }),
      now,
    )!;
    const plan = planFulfilment(
      order,
      { upload, jobs: [job(10), job(16), job(21), job(5)] },
      { now, resultsLink: link },
    );
    expect(plan.unlockAges).toEqual([5]);
    expect(plan.newJobs.map((j) => [j.age, j.status, j.hdUnlocked, j.notify?.email ?? null])).toEqual([
      [2, 'processing', true, null],
      [19, 'processing', true, 'parent@example.com'],
    ]);
    expect(plan.newJobs[1].notify?.link).toBe(`https://app.example/result/${uploadId}`);
  });

  it('adds the credits of a pack and touches no photo', () => {
    const order = orderFromSession(
      session({ metadata: { userSub: 'user-1', productId: 'credits_20' }, amountTotal: 795 }),
      now,
    )!;
    expect(planFulfilment(order, null, { now, resultsLink: link })).toMatchObject({
      unlockAges: [],
      newJobs: [],
      credits: 20,
      refund: null,
    });
  });

  it('unlocks nothing when the photo was deleted after paying, and refunds it all', () => {
    const order = orderFromSession(session(), now)!;
    expect(planFulfilment(order, null, { now, resultsLink: link })).toMatchObject({
      unlockAges: [],
      newJobs: [],
      refund: { reason: 'photo_gone', amountCents: null, part: 'order' },
    });
  });
});

describe('payment and subscription states', () => {
  it('counts complete sessions that are paid or free as paid, not delayed payments', () => {
    expect(isPaid(session())).toBe(true);
    expect(isPaid(session({ paymentStatus: 'no_payment_required' }))).toBe(true);
    expect(isPaid(session({ paymentStatus: 'unpaid' }))).toBe(false);
    expect(isPaid(session({ status: 'open', paymentStatus: 'unpaid' }))).toBe(false);
  });

  it('keeps a subscription live until its period ends, cancelling or not', () => {
    const base = { id: 'sub_1', cancelAtPeriodEnd: false, eventCreated: 0 };
    const end = now.getTime() / 1000 + 60;
    expect(subscriptionIsActive({ ...base, status: 'active', currentPeriodEnd: end }, now)).toBe(true);
    expect(
      subscriptionIsActive(
        { ...base, status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true },
        now,
      ),
    ).toBe(true);
    expect(subscriptionIsActive({ ...base, status: 'active', currentPeriodEnd: end - 120 }, now)).toBe(false);
    expect(subscriptionIsActive({ ...base, status: 'canceled', currentPeriodEnd: end }, now)).toBe(false);
    expect(subscriptionIsActive(null, now)).toBe(false);
  });
});

describe('siteOrigin', () => {
  it('uses the configured site whatever the caller says', () => {
    expect(siteOrigin('https://evil.example', 'https://d123.cloudfront.net/')).toBe(
      'https://d123.cloudfront.net',
    );
    expect(siteOrigin(undefined, 'https://app.example')).toBe('https://app.example');
  });

  it('trusts only a loopback page origin when no site is configured (the local stack)', () => {
    expect(siteOrigin('http://localhost:3000', undefined)).toBe('http://localhost:3000');
    expect(siteOrigin('http://127.0.0.1:41234', undefined)).toBe('http://127.0.0.1:41234');
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null', undefined]) {
      expect(() => siteOrigin(origin, undefined)).toThrow();
    }
  });
});
