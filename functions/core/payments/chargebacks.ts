/**
 * Money taken back through the provider: a refund made outside the app (the Stripe dashboard) and a
 * dispute. What the order bought is taken back (HD unlocks, credits never below zero, with a ledger
 * entry), once per order, and a person is alerted through the logged `alert` field.
 */
import type { Deps } from '../deps';
import { ConcurrentChangeError } from './payment-errors';
import type { OrderRecord } from './payment-ports';
import { chargeRefundKind, planTakeBack } from './refund-plan';
import type { ChargeState, DisputeState, Revocation, TakeBack } from './refund-ports';
import { alertOf } from './refunds';

const MAX_ATTEMPTS = 5;

/** `charge.refunded`: our own refunds are already accounted for; a full refund made elsewhere takes the order back. */
export async function onChargeRefunded(
  deps: Pick<Deps, 'logger' | 'paymentStore' | 'uploads'>,
  eventId: string,
  charge: ChargeState,
) {
  const alert = alertOf('refund');
  const facts = {
    chargeId: charge.id,
    paymentIntentId: charge.paymentIntentId,
    amountCents: charge.amountCents,
    amountRefundedCents: charge.amountRefundedCents,
  };
  const order = charge.paymentIntentId
    ? await deps.paymentStore.findOrderByPayment(charge.paymentIntentId)
    : null;
  const ref =
    order?.sessionId ??
    (charge.paymentIntentId ? await deps.paymentStore.refundRefOfPayment(charge.paymentIntentId) : null);
  if (!ref) {
    deps.logger.error('a payment no order matches was refunded: check it by hand', { ...alert, ...facts });
    return;
  }
  const kind = chargeRefundKind(charge, await deps.paymentStore.listRefunds(ref));
  if (kind === 'ours') {
    deps.logger.info('the provider confirmed our refund', { ref, ...facts });
    return;
  }
  if (kind === 'external_partial' || !order) {
    deps.logger.warn('a payment was refunded outside the app, in part or for no order: nothing taken back', {
      ...alert,
      ref,
      ...facts,
    });
    return;
  }
  await takeBackAndAlert(deps, order, eventId, 'refund', facts, (logged) =>
    deps.logger.warn('a payment was refunded outside the app: what it bought is taken back', logged),
  );
}

/** `charge.dispute.created`: the money is held by the bank, so what it bought is taken back at once. */
export async function onDisputeCreated(
  deps: Pick<Deps, 'logger' | 'paymentStore' | 'uploads'>,
  eventId: string,
  dispute: DisputeState,
) {
  const alert = alertOf('dispute');
  const facts = {
    disputeId: dispute.id,
    chargeId: dispute.chargeId,
    paymentIntentId: dispute.paymentIntentId,
    amountCents: dispute.amountCents,
    disputeReason: dispute.reason,
  };
  const order = dispute.paymentIntentId
    ? await deps.paymentStore.findOrderByPayment(dispute.paymentIntentId)
    : null;
  if (!order) {
    deps.logger.error('a payment no order matches is disputed: answer it in the dashboard', {
      ...alert,
      ...facts,
    });
    return;
  }
  await takeBackAndAlert(deps, order, eventId, 'dispute', facts, (logged) =>
    deps.logger.error(
      'a payment is disputed: what it bought is taken back; answer it in the dashboard',
      logged,
    ),
  );
}

/** Takes the order back once, then alerts with what was taken (or that an earlier event took it). */
async function takeBackAndAlert(
  deps: Pick<Deps, 'paymentStore' | 'uploads'>,
  order: OrderRecord,
  eventId: string,
  cause: Revocation['cause'],
  facts: Record<string, unknown>,
  log: (logged: Record<string, unknown>) => void,
) {
  const { takeBack, first } = await takeBackOrder(deps, order, {
    sessionId: order.sessionId,
    cause,
    eventId,
  });
  log({
    ...alertOf(cause),
    sessionId: order.sessionId,
    userSub: order.userSub,
    ...facts,
    ...takenFacts(takeBack, first),
  });
}

const takenFacts = (takeBack: TakeBack, first: boolean) => ({
  takenBack: first ? { ages: takeBack.ages, credits: takeBack.credits } : 'earlier',
  creditsAlreadySpent: takeBack.creditsShort,
});

/** Plans from the order, its jobs and the balance, and commits once; plans again if any moved. */
async function takeBackOrder(
  deps: Pick<Deps, 'paymentStore' | 'uploads'>,
  known: OrderRecord,
  revocation: Revocation,
) {
  for (let attempt = 1; ; attempt++) {
    const order = (await deps.paymentStore.getOrder(known.sessionId)) ?? known;
    const found = order.uploadId ? await deps.uploads.getUploadWithJobs(order.uploadId) : null;
    const account = await deps.paymentStore.getCredits(order.userSub);
    const takeBack = planTakeBack(order, found?.jobs ?? [], account);
    try {
      // Recorded even when nothing is left to take, so a later dispute of a refunded order is seen as such.
      const first = await deps.paymentStore.revoke(revocation, takeBack);
      return { takeBack, first };
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
