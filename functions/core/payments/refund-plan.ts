/**
 * Pure rules of money going back: how much one age of a bundle is worth, whether a failed render is
 * owed a refund, what an order still grants that can be taken back, whether a refund the provider
 * reports was ours, and what to do with a second live subscription.
 */
import { getProduct, type TargetAge } from '@shared/catalog';
import type { RenderJobRecord } from '../ports';
import type { CreditAccount, OrderRecord } from './payment-ports';
import type { ChargeState, RefundReason, RefundRecord, TakeBack } from './refund-ports';
import { subscriptionIsActive } from './subscription';

/** Part of a refund record that stands for the whole payment. */
export const WHOLE_ORDER = 'order';
export const agePart = (age: TargetAge) => `age-${age}`;

/** Stripe keeps idempotency keys for a day at least; ours never change, so a retry is the same refund. */
export const refundIdempotencyKey = (ref: string, part: string) => `lf-refund:${ref}:${part}`;

export function refundRecord(opts: {
  ref: string;
  part: string;
  reason: RefundReason;
  userSub: string;
  amountCents: number | null;
  now: Date;
}): RefundRecord {
  return {
    ref: opts.ref,
    part: opts.part,
    reason: opts.reason,
    userSub: opts.userSub,
    amountCents: opts.amountCents,
    idempotencyKey: refundIdempotencyKey(opts.ref, opts.part),
    status: 'pending',
    createdAt: opts.now.toISOString(),
  };
}

/**
 * One age's share of what was paid for its bundle: split evenly, the odd cents to the first ages, so
 * the shares of every age add up to exactly what was paid. Null when the bundle does not hold the age.
 */
export function ageShare(paidCents: number, ages: readonly TargetAge[], age: TargetAge): number | null {
  const index = ages.indexOf(age);
  if (index < 0) return null;
  const base = Math.floor(paidCents / ages.length);
  return base + (index < paidCents % ages.length ? 1 : 0);
}

/**
 * The refund owed when the render of `age` failed for good after `order` paid for it; null when
 * nothing is owed (not bought by this order, not fulfilled, already refunded or taken back).
 */
export function planRenderRefund(
  order: OrderRecord,
  age: TargetAge,
  refunds: readonly RefundRecord[],
  now: Date,
): RefundRecord | null {
  if (order.status !== 'fulfilled') return null;
  const ages = getProduct(order.productId).unlocksAges;
  const amountCents = ageShare(order.amountCents, ages, age);
  if (amountCents === null || amountCents <= 0) return null;
  if (order.revokedAges?.includes(age)) return null; // disputed or refunded outside: the money is back already
  if (refunds.some((refund) => refund.part === WHOLE_ORDER || refund.part === agePart(age))) return null;
  return refundRecord({
    ref: order.sessionId,
    part: agePart(age),
    reason: 'render_failed',
    userSub: order.userSub,
    amountCents,
    now,
  });
}

/**
 * What `order` still grants and can be taken back: HD unlocks it made that are still its own (limited
 * to `onlyAges` when given), and its credits not yet taken back, never more than the balance holds.
 */
export function planTakeBack(
  order: OrderRecord,
  jobs: readonly RenderJobRecord[],
  account: Pick<CreditAccount, 'balance'>,
  onlyAges?: readonly TargetAge[],
): TakeBack {
  const revoked = new Set(order.revokedAges ?? []);
  // Orders fulfilled before grants were recorded: the product's, as far as the jobs still say so.
  const product = getProduct(order.productId);
  const granted = order.grantedAges ?? product.unlocksAges;
  const grantedCredits = order.grantedCredits ?? product.credits;
  const ages = granted.filter(
    (age) =>
      !revoked.has(age) &&
      (!onlyAges || onlyAges.includes(age)) &&
      jobs.some((job) => job.age === age && job.hdUnlocked && job.unlockedBy === order.sessionId),
  );
  const creditsLeft = onlyAges ? 0 : Math.max(0, grantedCredits - (order.revokedCredits ?? 0));
  const credits = Math.min(creditsLeft, Math.max(0, account.balance));
  return {
    sessionId: order.sessionId,
    userSub: order.userSub,
    ...(order.uploadId ? { uploadId: order.uploadId } : {}),
    ages,
    credits,
    balanceBefore: account.balance,
    creditsShort: creditsLeft - credits,
  };
}

/**
 * Whether a refund the provider reports was made by the app (its own records cover the refunded
 * amount), or outside it: in full (what the order bought is taken back) or in part (a person decides).
 */
export function chargeRefundKind(
  charge: ChargeState,
  ours: readonly RefundRecord[],
): 'ours' | 'external_full' | 'external_partial' {
  const ourCents = ours.reduce((sum, refund) => sum + (refund.amountCents ?? charge.amountCents), 0);
  if (charge.amountRefundedCents <= ourCents) return 'ours';
  return charge.refunded ? 'external_full' : 'external_partial';
}

/**
 * A subscription state reported for a parent: apply it; ignore it (another subscription ending must
 * not end the live one); or refuse it as a second live subscription, which is cancelled and refunded.
 */
export function planSubscriptionState(
  stored: CreditAccount['subscription'],
  incoming: NonNullable<CreditAccount['subscription']>,
  now: Date,
): 'apply' | 'ignore' | 'second' {
  if (!stored || stored.id === incoming.id || !subscriptionIsActive(stored, now)) return 'apply';
  return subscriptionIsActive(incoming, now) ? 'second' : 'ignore';
}
