/**
 * The money side of the local Stripe fake: the charge behind each paid session (a payment intent, or
 * a subscription's first invoice), refunds (idempotent by the Idempotency-Key header, like Stripe),
 * and the test helpers that stand for what a person or a bank does outside the app: a refund from
 * the dashboard, a dispute. Each change is sent to the webhook as Stripe would send it.
 */
import { type FormObject, newId, nowSeconds, stringMap, text } from './objects';

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  invoice: string | null;
  created: number;
  livemode: false;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
};

export type FakeInvoice = {
  id: string;
  object: 'invoice';
  subscription: string;
  amount_paid: number;
  status: 'paid';
  /** Listed as API versions from 2025-03-31 list them (`expand[]=payments` or not). */
  payments: { object: 'list'; data: Record<string, unknown>[]; has_more: false };
  livemode: false;
};

type ApiResult = { status: number; json: unknown };
type Deliver = (type: string, object: unknown) => void;

const error = (status: number, message: string, code?: string): ApiResult => ({
  status,
  json: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
});

export function createFakeMoney(deliverLater: Deliver) {
  const charges = new Map<string, FakeCharge>(); // by payment intent
  const invoices = new Map<string, FakeInvoice>();
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeRefund>();

  /** A paid charge for `amount`; the payment intent that names it. */
  function charge(amount: number, currency: string, invoice: string | null = null): string {
    const paymentIntent = newId('pi');
    charges.set(paymentIntent, {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      payment_intent: paymentIntent,
      invoice,
      created: nowSeconds(),
      livemode: false,
    });
    return paymentIntent;
  }

  /** A subscription's first invoice, paid by a new charge. */
  function invoice(subscription: string, amount: number, currency: string): string {
    const id = newId('in');
    const paymentIntent = charge(amount, currency, id);
    invoices.set(id, {
      id,
      object: 'invoice',
      subscription,
      amount_paid: amount,
      status: 'paid',
      payments: {
        object: 'list',
        data: [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            status: 'paid',
            is_default: true,
            amount_paid: amount,
            payment: { type: 'payment_intent', payment_intent: paymentIntent },
          },
        ],
        has_more: false,
      },
      livemode: false,
    });
    return id;
  }

  function refund(paymentIntent: string, amount: number | null, metadata: Record<string, string>): ApiResult {
    const paid = charges.get(paymentIntent);
    if (!paid) return error(404, `No such payment_intent: '${paymentIntent}'`, 'resource_missing');
    const left = paid.amount - paid.amount_refunded;
    const cents = amount ?? left;
    if (left <= 0)
      return error(400, `Charge ${paid.id} has already been refunded.`, 'charge_already_refunded');
    if (!Number.isInteger(cents) || cents <= 0 || cents > left)
      return error(400, `Refund amount (${cents}) is greater than unrefunded amount on charge (${left})`);
    paid.amount_refunded += cents;
    paid.refunded = paid.amount_refunded >= paid.amount;
    const made: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount: cents,
      charge: paid.id,
      payment_intent: paymentIntent,
      metadata,
      status: 'succeeded',
      created: nowSeconds(),
    };
    refunds.push(made);
    deliverLater('charge.refunded', paid);
    return { status: 200, json: made };
  }

  /** POST /v1/refunds: a repeated Idempotency-Key answers the first refund again and moves no money. */
  function createRefund(body: FormObject, idempotencyKey: string | undefined): ApiResult {
    if (idempotencyKey && byIdempotencyKey.has(idempotencyKey))
      return { status: 200, json: byIdempotencyKey.get(idempotencyKey) };
    const paymentIntent = text(body.payment_intent);
    if (!paymentIntent) return error(400, 'Missing required param: payment_intent.');
    const amountText = text(body.amount);
    const result = refund(
      paymentIntent,
      amountText === null ? null : Number(amountText),
      stringMap(body.metadata),
    );
    if (idempotencyKey && result.status === 200)
      byIdempotencyKey.set(idempotencyKey, result.json as FakeRefund);
    return result;
  }

  /** GET /v1/refunds?payment_intent=: newest first, like Stripe. */
  function listRefunds(query: FormObject): ApiResult {
    const paymentIntent = text(query.payment_intent);
    const data = refunds
      .filter((refund) => !paymentIntent || refund.payment_intent === paymentIntent)
      .reverse();
    return { status: 200, json: { object: 'list', url: '/v1/refunds', has_more: false, data } };
  }

  function handle(
    method: string,
    path: string,
    body: FormObject,
    idempotencyKey?: string,
    query: FormObject = {},
  ): ApiResult | null {
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body, idempotencyKey);
    if (method === 'GET' && path === '/v1/refunds') return listRefunds(query);
    const inv = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (inv && method === 'GET') {
      const found = invoices.get(decodeURIComponent(inv[1]));
      return found
        ? { status: 200, json: found }
        : error(404, `No such invoice: '${inv[1]}'`, 'resource_missing');
    }
    return null;
  }

  return {
    charge,
    invoice,
    handle,
    refunds: () => structuredClone(refunds),
    /** Stripe keeps idempotency keys for about a day: tests of later retries forget them. */
    forgetIdempotencyKeys: () => byIdempotencyKey.clear(),
    charges: () => structuredClone([...charges.values()]),
    /** A refund made by a person in the dashboard (no idempotency key, no metadata of ours). */
    refundFromDashboard(paymentIntent: string, amount?: number): ApiResult {
      return refund(paymentIntent, amount ?? null, {});
    },
    /** A bank's chargeback on a payment: sends `charge.dispute.created`. */
    dispute(paymentIntent: string, reason = 'fraudulent'): boolean {
      const paid = charges.get(paymentIntent);
      if (!paid) return false;
      deliverLater('charge.dispute.created', {
        id: newId('dp'),
        object: 'dispute',
        amount: paid.amount,
        charge: paid.id,
        payment_intent: paymentIntent,
        currency: paid.currency,
        reason,
        status: 'needs_response',
        created: nowSeconds(),
        livemode: false,
      });
      return true;
    },
  };
}
