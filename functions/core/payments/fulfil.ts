/**
 * Fulfils a paid checkout session exactly once, whoever gets there first: the webhook, a replay of
 * it, or the success page confirming the session. One DynamoDB transaction per attempt; the order's
 * pending -> fulfilled condition is what makes every other attempt a no-op.
 */
import type { Deps } from '../deps';
import type { RenderJobRecord } from '../ports';
import { orderFromSession, planFulfilment } from './fulfilment-plan';
import { ConcurrentChangeError } from './payment-errors';
import type { CheckoutSession, OrderRecord } from './payment-ports';
import { onRenderFailedForGood, payOutRefund, resumeRefunds } from './refunds';
import { syncSubscriptionById } from './subscription-sync';

const MAX_ATTEMPTS = 5;

/**
 * A refund Stripe refused stays pending and was logged with its alert; the order is fulfilled all
 * the same (the success page must not fail for it). The webhook finishes it (see webhook.ts).
 */
const leavePending = () => undefined;

export type FulfilOutcome = 'fulfilled' | 'already-fulfilled' | 'not-ours';

/** What fulfilling a paid checkout touches: the order, the credits, the jobs it queues. */
export type FulfilDeps = Pick<
  Deps,
  'clock' | 'deletedAccounts' | 'logger' | 'paymentStore' | 'payments' | 'renderQueue' | 'uploads'
>;

export async function fulfilCheckout(deps: FulfilDeps, session: CheckoutSession): Promise<FulfilOutcome> {
  const now = deps.clock.now();
  const order = orderFromSession(session, now);
  if (!order) {
    deps.logger.warn('checkout session without our metadata: ignored', { sessionId: session.id });
    return 'not-ours';
  }
  // Paid before the buyer deleted their account, fulfilled after: the order is kept for the books,
  // without the email the deletion removed from every other order.
  if (order.email && (await deps.deletedAccounts.isDeleted(order.userSub))) delete order.email;
  const origin = safeOrigin(session.successUrl);
  const resultsLink = (uploadId: string) => `${origin}/result/${uploadId}`;

  const outcome = await fulfilOnce(deps, order, resultsLink);
  // The plan shows at once, without waiting for the subscription's own events (once is enough).
  if (outcome === 'fulfilled' && session.mode === 'subscription' && session.subscriptionId) {
    await syncSubscriptionById(deps, session.subscriptionId, order.userSub);
  }
  return outcome;
}

async function fulfilOnce(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments' | 'renderQueue' | 'uploads'>,
  known: OrderRecord,
  resultsLink: (uploadId: string) => string,
): Promise<FulfilOutcome> {
  const now = deps.clock.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const found = known.uploadId ? await deps.uploads.getUploadWithJobs(known.uploadId) : null;
    const plan = planFulfilment(known, found, { now, resultsLink });
    try {
      if (await deps.paymentStore.fulfil(plan)) {
        // Paid for nothing (a second tab paid for the same photo, or the photo was deleted): refunded.
        if (plan.refund) await payOutRefund(deps, plan.refund).catch(leavePending);
        await enqueue(deps, plan.newJobs);
        deps.logger.info('fulfilled an order', {
          sessionId: known.sessionId,
          productId: known.productId,
          unlocked: plan.unlockAges,
          rendering: plan.newJobs.map((job) => job.age),
          credits: plan.credits,
        });
        await refundFailedUnlocks(deps, plan.unlockAges, found?.jobs ?? [], known.uploadId);
        return 'fulfilled';
      }
      // An earlier attempt may have committed and then failed to reach the provider.
      await resumeRefunds(deps, known.sessionId).catch(leavePending);
      await enqueue(deps, unqueued(known.sessionId, found?.jobs ?? []));
      return 'already-fulfilled';
    } catch (error) {
      // A job or balance changed between our read and the transaction: plan again.
      if (!(error instanceof ConcurrentChangeError) || attempt === MAX_ATTEMPTS) throw error;
    }
  }
  throw new ConcurrentChangeError();
}

/** A preview that failed between checkout and payment was bought anyway: its share goes back. */
async function refundFailedUnlocks(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments' | 'uploads'>,
  ages: readonly number[],
  jobs: RenderJobRecord[],
  uploadId: string | undefined,
) {
  if (!uploadId) return;
  for (const job of jobs) {
    if (ages.includes(job.age) && job.status === 'failed')
      await onRenderFailedForGood(deps, uploadId, job.age);
  }
}

/** Sends the renders, then marks them queued: a failure in between leaves them for the next attempt. */
async function enqueue(deps: Pick<Deps, 'renderQueue' | 'uploads'>, jobs: RenderJobRecord[]) {
  if (jobs.length === 0) return;
  await deps.renderQueue.enqueue(jobs.map((job) => ({ uploadId: job.uploadId, age: job.age })));
  await deps.uploads.markQueued(
    jobs[0].uploadId,
    jobs.map((job) => job.age),
  );
}

/**
 * Queueing happens after the transaction; if it failed, the provider's retry (or the success page)
 * sends the renders again. A duplicate message is harmless: the worker renders a job once.
 */
function unqueued(sessionId: string, jobs: RenderJobRecord[]) {
  return jobs.filter((job) => job.unlockedBy === sessionId && job.status === 'processing' && !job.queuedAt);
}

function safeOrigin(url: string | null): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}
