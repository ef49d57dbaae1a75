/**
 * Money going back: refunds the app decides on (paid twice, photo gone, a paid render that failed for
 * good, a second subscription), and taking back what an order granted when Stripe reports a refund
 * we did not make or a dispute. Types of the ports in payment-ports.ts.
 */
import type { TargetAge } from '@shared/catalog';

export type RefundReason = 'paid_twice' | 'photo_gone' | 'render_failed' | 'second_subscription';

/**
 * A refund the app decided on. Recorded (with what it takes back) in one transaction BEFORE the
 * provider is asked, so a crash or a provider error in between is finished by the next attempt with
 * the same idempotency key instead of being lost or paid out twice.
 */
export type RefundRecord = {
  /** What was paid for: the order's checkout session id, or a subscription id. */
  ref: string;
  /** Which part: 'order' (the whole payment) or 'age-<n>' (one age's share of a bundle). */
  part: string;
  reason: RefundReason;
  userSub: string;
  /** Cents to refund; null = the whole payment. */
  amountCents: number | null;
  /** The provider's idempotency key: asking again returns the same refund. */
  idempotencyKey: string;
  status: 'pending' | 'refunded';
  /** The payment refunded, when known before asking (a subscription's has no order to find it by). */
  paymentIntentId?: string;
  /** The provider's refund id, once it answered. */
  refundId?: string;
  createdAt: string;
};

/** What the provider refunds: a checkout session's payment, or a subscription's first invoice. */
export type PaymentRef =
  | { checkoutSessionId: string }
  | { subscriptionId: string }
  | { paymentIntentId: string };

export type RefundRequest = {
  payment: PaymentRef;
  amountCents: number | null;
  idempotencyKey: string;
  /** Put on the refund, so a person reading the provider's dashboard sees why. */
  metadata: Record<string, string>;
};

/** A charge as `charge.refunded` reports it. */
export type ChargeState = {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  amountRefundedCents: number;
  /** The whole charge is refunded. */
  refunded: boolean;
};

/** A dispute (chargeback) as `charge.dispute.created` reports it. */
export type DisputeState = {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  amountCents: number;
  reason: string;
};

/**
 * What an order stops granting, planned from the order, its jobs and the buyer's balance: HD unlocks
 * this order still holds and credits (never more than the balance: spent ones are reported short).
 */
export type TakeBack = {
  sessionId: string;
  userSub: string;
  uploadId?: string;
  ages: TargetAge[];
  credits: number;
  /** The balance the credits are taken from (the transaction checks it is unchanged). */
  balanceBefore: number;
  /** Credits already spent, which cannot be taken back. */
  creditsShort: number;
};

/** Taking back what an order granted after a refund we did not make, or a dispute: once per order. */
export type Revocation = {
  sessionId: string;
  cause: 'refund' | 'dispute';
  /** The provider's event that caused it. */
  eventId: string;
};
