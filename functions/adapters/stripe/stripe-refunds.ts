/** Refunds through Stripe: finding the payment behind what was paid for, and refunding it once. */
import type Stripe from 'stripe';
import type { PaymentRef, RefundRequest } from '../../core/payments/refund-ports';

/** The refund metadata field holding our idempotency key. */
const REFUND_KEY = 'lf_refund_key';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  !value ? null : typeof value === 'string' ? value : value.id;

export async function refundPayment(stripe: Stripe, request: RefundRequest) {
  const paymentIntent = await paymentIntentOf(stripe, request.payment);
  // Stripe forgets idempotency keys after a day: a refund made by an attempt that crashed before
  // recording it is found by the key kept in its metadata, so a late retry never pays twice.
  const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  const made = earlier.data.find((refund) => refund.metadata?.[REFUND_KEY] === request.idempotencyKey);
  if (made) return { id: made.id, status: made.status ?? 'pending' };
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      ...(request.amountCents !== null ? { amount: request.amountCents } : {}),
      metadata: { ...request.metadata, [REFUND_KEY]: request.idempotencyKey },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  return { id: refund.id, status: refund.status ?? 'pending' };
}

/**
 * The payment intent behind what was paid for: a `payment` session's own, else the first paid
 * invoice of the subscription (API versions from 2025-03-31 list an invoice's payments; older ones
 * had `payment_intent` on the invoice: either is read).
 */
export async function paymentIntentOf(stripe: Stripe, payment: PaymentRef): Promise<string> {
  if ('paymentIntentId' in payment) return payment.paymentIntentId;
  let invoiceId: string | null;
  if ('checkoutSessionId' in payment) {
    const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
    const direct = idOf(session.payment_intent);
    if (direct) return direct;
    invoiceId = idOf(session.invoice);
  } else {
    invoiceId = idOf((await stripe.subscriptions.retrieve(payment.subscriptionId)).latest_invoice);
  }
  if (!invoiceId) throw new Error(`No payment found to refund for ${JSON.stringify(payment)}`);
  const invoice = (await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] })) as Stripe.Invoice & {
    payment_intent?: string | { id: string } | null;
  };
  const paid = invoice.payments?.data.find(
    (entry) => entry.status === 'paid' && entry.payment.type === 'payment_intent',
  );
  const found = idOf(paid?.payment.payment_intent) ?? idOf(invoice.payment_intent);
  if (!found) throw new Error(`Invoice ${invoiceId} has no paid payment intent to refund`);
  return found;
}
