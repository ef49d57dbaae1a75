/**
 * Refunds the app makes on its own: an order that bought nothing (paid twice, photo gone), a paid
 * render that failed for good, a second subscription. Each is recorded first (with what it takes
 * back, in one transaction), then asked of the provider with an idempotency key derived from the
 * record, then marked done: a crash or provider error in between is finished by the next attempt,
 * never paid out twice. Every refund is logged with the `alert` field a person's alarm counts.
 */
import type { TargetAge } from '@shared/catalog';
import type { LogAlert } from '@shared/deployment';
import type { Deps } from '../deps';
import { ConcurrentChangeError } from './payment-errors';
import type { SubscriptionState } from './payment-ports';
import { planRenderRefund, planTakeBack, refundRecord, WHOLE_ORDER } from './refund-plan';
import type { PaymentRef, RefundRecord } from './refund-ports';

const MAX_ATTEMPTS = 5;

/** The field the log-alert alarms match (shared/deployment.ts LOG_ALERTS). */
export const alertOf = (alert: LogAlert) => ({ alert });

const alertFor = (refund: RefundRecord) =>
  alertOf(refund.reason === 'render_failed' ? 'paid-render-failed' : 'refund');

const paymentOf = (refund: RefundRecord): PaymentRef => {
  if (refund.paymentIntentId) return { paymentIntentId: refund.paymentIntentId };
  return refund.reason === 'second_subscription'
    ? { subscriptionId: refund.ref }
    : { checkoutSessionId: refund.ref };
};

/** Asks the provider for a recorded refund and marks it done; logs the alert either way. */
export async function payOutRefund(
  deps: Pick<Deps, 'logger' | 'paymentStore' | 'payments'>,
  refund: RefundRecord,
) {
  const facts = {
    ...alertFor(refund),
    reason: refund.reason,
    ref: refund.ref,
    part: refund.part,
    userSub: refund.userSub,
    amountCents: refund.amountCents ?? 'whole payment',
  };
  let refundId: string;
  try {
    ({ id: refundId } = await deps.payments.refund({
      payment: paymentOf(refund),
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      metadata: { reason: refund.reason, ref: refund.ref, part: refund.part },
    }));
  } catch (error) {
    // The record stays pending: the provider's retry of the event (or the next attempt) pays it out.
    deps.logger.error('an automatic refund failed: it stays pending', { ...facts, error: String(error) });
    throw error;
  }
  await deps.paymentStore.markRefunded(refund.ref, refund.part, refundId);
  deps.logger.warn('refunded automatically', { ...facts, refundId });
}

/** Pays out the refunds of `ref` that were recorded but not yet paid (an earlier attempt failed). */
export async function resumeRefunds(deps: Pick<Deps, 'logger' | 'paymentStore' | 'payments'>, ref: string) {
  const pending = (await deps.paymentStore.listRefunds(ref)).filter((refund) => refund.status === 'pending');
  for (const refund of pending) await payOutRefund(deps, refund);
}

/**
 * A render that failed for good: if an order paid for its HD, that age's share of the order is
 * refunded and its unlock taken back (a later successful retry would have to be bought again).
 * Safe to call for any failed job, any number of times.
 */
export async function refundFailedRender(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments' | 'uploads'>,
  uploadId: string,
  age: TargetAge,
) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const found = await deps.uploads.getUploadWithJobs(uploadId);
    const job = found?.jobs.find((candidate) => candidate.age === age);
    if (!found || !job?.hdUnlocked || !job.unlockedBy) return; // nobody paid for this one
    const order = await deps.paymentStore.getOrder(job.unlockedBy);
    if (!order) return;
    const refunds = await deps.paymentStore.listRefunds(order.sessionId);
    const refund = planRenderRefund(order, age, refunds, deps.clock.now());
    if (!refund) return resumeRefunds(deps, order.sessionId);
    try {
      const takeBack = planTakeBack(order, found.jobs, { balance: 0 }, [age]);
      if (await deps.paymentStore.recordRefund(refund, takeBack)) {
        deps.logger.info('a paid render failed for good: refunding its share', { uploadId, age, ...refund });
      }
      return await resumeRefunds(deps, order.sessionId);
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError) || attempt === MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * A second live subscription of a parent (two checkout tabs both paid): it is ended now and its
 * payment refunded in full, so nothing bills the parent for a plan the app cannot show or cancel.
 */
export async function refuseSecondSubscription(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments'>,
  state: SubscriptionState & { userSub: string },
) {
  const refund = refundRecord({
    ref: state.id,
    part: WHOLE_ORDER,
    reason: 'second_subscription',
    userSub: state.userSub,
    amountCents: null,
    now: deps.clock.now(),
  });
  // Its payment is recorded before the refund, so the provider's charge.refunded is known as ours.
  const paymentIntentId = await deps.payments.paymentIntentOf({ subscriptionId: state.id });
  await deps.paymentStore.recordRefund({ ...refund, paymentIntentId }, null);
  if (state.status !== 'canceled') await deps.payments.cancelSubscriptionNow(state.id);
  deps.logger.info('a second subscription was cancelled', {
    subscriptionId: state.id,
    userSub: state.userSub,
  });
  await resumeRefunds(deps, state.id);
}

/**
 * What the render pipeline calls when it marks a job failed for good. Never throws: the job's
 * failure stands whatever happens here, and a refund that could not be paid out is logged with the
 * alert (the record stays pending and the next call for the job pays it).
 */
export async function onRenderFailedForGood(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments' | 'uploads'>,
  uploadId: string,
  age: TargetAge,
) {
  try {
    await refundFailedRender(deps, uploadId, age);
  } catch (error) {
    deps.logger.error('could not refund a paid render that failed', {
      ...alertOf('paid-render-failed'),
      uploadId,
      age,
      error: String(error),
    });
  }
}
