/**
 * The provider's webhook: verify the signature on the raw body, apply the event once, record it.
 * The record is written after the effect, so a crash in between makes the provider retry and the
 * (idempotent) effect runs again instead of being lost.
 */
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import { onChargeRefunded, onDisputeCreated } from './chargebacks';
import type { FulfilDeps } from './fulfil';
import { fulfilCheckout } from './fulfil';
import { isPaid } from './fulfilment-plan';
import { WebhookSignatureError } from './payment-ports';
import { resumeRefunds } from './refunds';
import { syncSubscription } from './subscription-sync';

export async function handlePaymentWebhook(deps: FulfilDeps, rawBody: string, signature: string | undefined) {
  let event: Awaited<ReturnType<Deps['payments']['parseWebhook']>>;
  try {
    event = await deps.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      deps.logger.warn('refused a webhook', { reason: error.message });
      throw new DomainError('invalid', 'webhookSignatureInvalid');
    }
    throw error;
  }
  if (await deps.paymentStore.hasProcessedEvent(event.id)) return { received: true as const };

  switch (event.kind) {
    case 'checkout_completed':
      // An unpaid session (a delayed payment method) is fulfilled by async_payment_succeeded.
      if (isPaid(event.session)) await fulfilCheckout(deps, event.session);
      // A refund fulfilment could not pay out fails this delivery, so the provider retries it.
      await resumeRefunds(deps, event.session.id);
      break;
    case 'subscription_changed':
      await syncSubscription(deps, event.subscription, event.created);
      break;
    case 'charge_refunded':
      await onChargeRefunded(deps, event.id, event.charge);
      break;
    case 'dispute_created':
      await onDisputeCreated(deps, event.id, event.dispute);
      break;
    case 'ignored':
      break;
  }
  await deps.paymentStore.recordEvent(event.id, event.type);
  return { received: true as const };
}
