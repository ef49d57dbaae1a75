import { describe, expect, it } from 'vitest';
import type { RenderJobRecord } from '../ports';
import type { OrderRecord } from './payment-ports';
import {
  ageShare,
  chargeRefundKind,
  planRenderRefund,
  planSubscriptionState,
  planTakeBack,
  refundRecord,
} from './refund-plan';

const now = new Date('2026-11-25T10:00:00Z');
const nowSec = now.getTime() / 1000;

const order = (over: Partial<OrderRecord> = {}): OrderRecord => ({
  sessionId: 'cs_1',
  userSub: 'user-1',
  productId: 'full_future_bundle',
  uploadId: 'up-1',
  amountCents: 995,
  status: 'fulfilled',
  createdAt: now.toISOString(),
  grantedAges: [2, 5, 19],
  grantedCredits: 0,
  ...over,
});

const job = (age: number, over: Partial<RenderJobRecord> = {}) =>
  ({
    uploadId: 'up-1',
    age,
    status: 'done',
    hdUnlocked: true,
    unlockedBy: 'cs_1',
    updatedAt: now.toISOString(),
    ...over,
  }) as RenderJobRecord;

describe('ageShare', () => {
  it('splits a bundle so the shares add up to exactly what was paid', () => {
    const ages = [2, 5, 19] as const;
    const shares = ages.map((age) => ageShare(995, ages, age));
    expect(shares).toEqual([332, 332, 331]);
    expect(shares.reduce((a, b) => a! + b!, 0)).toBe(995);
    expect(ageShare(695, [19], 19)).toBe(695);
    expect(ageShare(995, ages, 10)).toBeNull();
  });
});

describe('planRenderRefund', () => {
  it("refunds the failed age's share of the order that paid for it, once", () => {
    const refund = planRenderRefund(order(), 19, [], now);
    expect(refund).toMatchObject({
      ref: 'cs_1',
      part: 'age-19',
      reason: 'render_failed',
      amountCents: 331,
      idempotencyKey: 'lf-refund:cs_1:age-19',
    });
    expect(planRenderRefund(order(), 19, [refund!], now)).toBeNull();
  });

  it('owes nothing for an order refunded in full, taken back, unpaid, or not selling the age', () => {
    const whole = refundRecord({
      ref: 'cs_1',
      part: 'order',
      reason: 'paid_twice',
      userSub: 'user-1',
      amountCents: null,
      now,
    });
    expect(planRenderRefund(order(), 19, [whole], now)).toBeNull();
    expect(planRenderRefund(order({ revokedAges: [19] }), 19, [], now)).toBeNull();
    expect(planRenderRefund(order({ status: 'pending' }), 19, [], now)).toBeNull();
    expect(planRenderRefund(order(), 10, [], now)).toBeNull();
    expect(planRenderRefund(order({ productId: 'credits_10', amountCents: 495 }), 19, [], now)).toBeNull();
  });
});

describe('planTakeBack', () => {
  it('takes back only the unlocks this order still holds, and credits never below zero', () => {
    const jobs = [job(2), job(5, { unlockedBy: 'cs_other' }), job(19, { hdUnlocked: false })];
    expect(planTakeBack(order(), jobs, { balance: 0 })).toMatchObject({ ages: [2], credits: 0 });

    const pack = order({ productId: 'credits_10', uploadId: undefined, grantedAges: [], grantedCredits: 10 });
    expect(planTakeBack(pack, [], { balance: 4 })).toMatchObject({
      ages: [],
      credits: 4,
      balanceBefore: 4,
      creditsShort: 6,
    });
    expect(planTakeBack({ ...pack, revokedCredits: 10 }, [], { balance: 4 })).toMatchObject({ credits: 0 });
    // An order fulfilled before grants were recorded: what its product grants.
    const older = { ...pack, grantedAges: undefined, grantedCredits: undefined };
    expect(planTakeBack(older, [], { balance: 12 })).toMatchObject({ credits: 10, creditsShort: 0 });
  });

  it('limits a render refund to its age and no credits', () => {
    expect(planTakeBack(order(), [job(2), job(19)], { balance: 9 }, [19])).toMatchObject({
      ages: [19],
      credits: 0,
      creditsShort: 0,
    });
  });
});

describe('chargeRefundKind', () => {
  const charge = { id: 'ch_1', paymentIntentId: 'pi_1', amountCents: 995 };
  const ours = refundRecord({
    ref: 'cs_1',
    part: 'age-19',
    reason: 'render_failed',
    userSub: 'u',
    amountCents: 331,
    now,
  });

  it('tells our own refunds from ones made outside the app, in full or in part', () => {
    expect(chargeRefundKind({ ...charge, amountRefundedCents: 331, refunded: false }, [ours])).toBe('ours');
    expect(chargeRefundKind({ ...charge, amountRefundedCents: 500, refunded: false }, [ours])).toBe(
      'external_partial',
    );
    expect(chargeRefundKind({ ...charge, amountRefundedCents: 995, refunded: true }, [ours])).toBe(
      'external_full',
    );
    const whole = { ...ours, part: 'order', amountCents: null };
    expect(chargeRefundKind({ ...charge, amountRefundedCents: 995, refunded: true }, [whole])).toBe('ours');
  });
});

describe('planSubscriptionState', () => {
  const live = (id: string) => ({
    id,
    status: 'active',
    currentPeriodEnd: nowSec + 86_400,
    cancelAtPeriodEnd: false,
    eventCreated: 1,
  });

  it('refuses a second live subscription and ignores another one ending', () => {
    expect(planSubscriptionState(null, live('sub_a'), now)).toBe('apply');
    expect(planSubscriptionState(live('sub_a'), live('sub_a'), now)).toBe('apply');
    expect(planSubscriptionState(live('sub_a'), live('sub_b'), now)).toBe('second');
    expect(planSubscriptionState(live('sub_a'), { ...live('sub_b'), status: 'canceled' }, now)).toBe(
      'ignore',
    );
    expect(planSubscriptionState({ ...live('sub_a'), status: 'canceled' }, live('sub_b'), now)).toBe('apply');
  });
});
