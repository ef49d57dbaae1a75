/**
 * Ports of payments: the payment provider (Stripe, or the local fake of its API) and the store of
 * orders, credits and processed events. Adapters: functions/adapters/stripe, functions/adapters/dynamo.
 */
import type { CheckoutMode, CreditUse, ProductId, TargetAge } from '@shared/catalog';
import type { RenderJobRecord } from '../ports';
import type {
  ChargeState,
  DisputeState,
  PaymentRef,
  RefundRecord,
  RefundRequest,
  Revocation,
  TakeBack,
} from './refund-ports';

/** What the provider needs to open a hosted checkout for one catalog product. */
export type CheckoutRequest = {
  productId: ProductId;
  mode: CheckoutMode;
  name: string;
  priceCents: number;
  interval?: 'month';
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** Our order reference (the buyer's sub), also in metadata. */
  clientReferenceId: string;
  /** userSub, email, productId, uploadId (when any); copied onto the subscription in subscription mode. */
  metadata: Record<string, string>;
};

export type CheckoutSession = {
  id: string;
  /** The hosted page to send the buyer to (null once complete). */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  mode: CheckoutMode;
  amountTotal: number | null;
  subscriptionId: string | null;
  /** The payment of a `payment` mode session once paid (refunds and disputes name it). */
  paymentIntentId?: string | null;
  /** Where the provider sends the buyer after paying (its origin is the site's). */
  successUrl: string | null;
  metadata: Record<string, string>;
};

export type SubscriptionState = {
  id: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete... */
  status: string;
  /** Epoch seconds. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** From the subscription's metadata (set at checkout). */
  userSub: string | null;
};

/** A verified provider event, in our terms. `created` is epoch seconds (orders events). */
export type PaymentEvent =
  | {
      kind: 'checkout_completed';
      id: string;
      type: string;
      created: number;
      session: CheckoutSession;
    }
  | {
      kind: 'subscription_changed';
      id: string;
      type: string;
      created: number;
      subscription: SubscriptionState;
    }
  | { kind: 'charge_refunded'; id: string; type: string; created: number; charge: ChargeState }
  | { kind: 'dispute_created'; id: string; type: string; created: number; dispute: DisputeState }
  | { kind: 'ignored'; id: string; type: string; created: number };

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookSignatureError';
  }
}

/** Without a provider every call rejects with DomainError 'paymentsUnavailable' (503). */
export interface Payments {
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** null when the provider does not know the id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError (forged, stale, malformed). */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
  /** The subscription as the provider has it now (events may arrive late or out of order); null if unknown. */
  retrieveSubscription(id: string): Promise<SubscriptionState | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  /** Ends a subscription now (a second one the parent never meant to keep). */
  cancelSubscriptionNow(subscriptionId: string): Promise<SubscriptionState>;
  /** Closes an open checkout so it can no longer be paid (one that lost a race to another tab). */
  expireCheckoutSession(id: string): Promise<void>;
  /** The payment intent behind what was paid for (a session's own, or a subscription's first invoice's). */
  paymentIntentOf(payment: PaymentRef): Promise<string>;
  /** Refunds a payment; the same idempotency key returns the same refund. */
  refund(request: RefundRequest): Promise<{ id: string; status: string }>;
  /** Whether the keys in use take real money (`live`) or not (`test`). */
  keyMode(): Promise<'live' | 'test'>;
}

export type OrderRecord = {
  /** The provider's checkout session id. */
  sessionId: string;
  userSub: string;
  email?: string;
  productId: ProductId;
  uploadId?: string;
  amountCents: number;
  status: 'pending' | 'fulfilled';
  createdAt: string;
  fulfilledAt?: string;
  /** What fulfilment granted (a refund or dispute takes back only this): ages unlocked or created, credits. */
  grantedAges?: TargetAge[];
  grantedCredits?: number;
  /** The payment (refunds and disputes find the order by it). */
  paymentIntentId?: string;
  /** What was taken back since. */
  revokedAges?: TargetAge[];
  revokedCredits?: number;
};

export type CreditAccount = {
  balance: number;
  subscription: {
    id: string;
    status: string;
    currentPeriodEnd: number;
    cancelAtPeriodEnd: boolean;
    /** `created` of the last event applied: older events change nothing (out-of-order delivery). */
    eventCreated: number;
  } | null;
};

/** Why a balance changed: a credit pack bought, a paid action, or a refund or dispute taking credits back. */
export type LedgerReason = ProductId | CreditUse | Revocation['cause'];

export type LedgerEntry = {
  at: string;
  delta: number;
  reason: LedgerReason;
  /** The order (session id), the paid record (a keepsake's id) or the provider's event behind the change. */
  ref: string;
  balanceAfter: number;
};

/**
 * How one paid action is paid (core/payments/credits.ts decides it before the costly work). The
 * store that records what was paid for settles it in that record's own transaction: the debit and
 * its ledger entry (reason: the use, ref: the record's id) with the record, or nothing at all.
 */
export type CreditCharge = { via: 'subscription' } | { via: 'credits'; use: CreditUse; amount: number };

/** Everything one fulfilment writes, in ONE transaction. */
export type FulfilmentPlan = {
  order: OrderRecord;
  /** Existing jobs of the upload to unlock. */
  unlockAges: TargetAge[];
  /** Jobs the product adds (ages 2, 5, 19): created processing and unlocked; queued after commit. */
  newJobs: RenderJobRecord[];
  /** Credits to add (with a ledger entry). */
  credits: number;
  /** Paid for nothing (already unlocked, or the photo is gone): refunded, recorded in the same transaction. */
  refund?: RefundRecord | null;
};

export interface PaymentStore {
  createOrder(order: OrderRecord): Promise<void>;
  getOrder(sessionId: string): Promise<OrderRecord | null>;
  /**
   * pending -> fulfilled with all its effects; false when the order was already fulfilled. Throws
   * ConcurrentChangeError when a job or the balance changed since the plan was read (plan again).
   */
  fulfil(plan: FulfilmentPlan): Promise<boolean>;
  hasProcessedEvent(eventId: string): Promise<boolean>;
  recordEvent(eventId: string, type: string): Promise<void>;
  getCredits(userSub: string): Promise<CreditAccount>;
  /** Newest first. */
  listLedger(userSub: string, limit: number): Promise<LedgerEntry[]>;
  /**
   * Applies a subscription state unless a newer event was applied already; false when ignored. With
   * `expectedId` (null = none stored), also only while the stored subscription is still that one.
   */
  applySubscription(
    userSub: string,
    state: SubscriptionState,
    eventCreated: number,
    expectedId?: string | null,
  ): Promise<boolean>;
  /** The order a payment paid for (written at fulfilment); null for a payment of no order of ours. */
  findOrderByPayment(paymentIntentId: string): Promise<OrderRecord | null>;
  /** What a refund of ours without an order paid back (a second subscription), by its payment. */
  refundRefOfPayment(paymentIntentId: string): Promise<string | null>;
  /**
   * Records a refund (and its payment, when it names one) and takes back what it pays back, in one
   * transaction; false when this refund (ref and part) was recorded already. Throws ConcurrentChangeError when a job or the balance moved.
   */
  recordRefund(refund: RefundRecord, takeBack: TakeBack | null): Promise<boolean>;
  markRefunded(ref: string, part: string, refundId: string): Promise<void>;
  listRefunds(ref: string): Promise<RefundRecord[]>;
  /** Takes back what an order granted, once per order (false when it was already). Same errors as recordRefund. */
  revoke(revocation: Revocation, takeBack: TakeBack): Promise<boolean>;
  /** The open subscription checkout of a parent (one at a time), if any. */
  getSubscriptionCheckout(userSub: string): Promise<{ sessionId: string } | null>;
  /** Claims the one subscription checkout slot, replacing `replacing` (null = none); false if another tab won. */
  claimSubscriptionCheckout(userSub: string, sessionId: string, replacing: string | null): Promise<boolean>;
  /**
   * Account deletion: removes the buyer's email from every order of `userSub` (found through the
   * owner index). The orders stay, as accounting records; other buyers' orders change nothing.
   * Returns how many orders had an email removed.
   */
  eraseOrderEmails(userSub: string): Promise<number>;
}
