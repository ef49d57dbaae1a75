/**
 * Fulfils a paid checkout session exactly once, whoever gets there first: the webhook, a replay of
 * it, or the success page confirming the session. One DynamoDB transaction per attempt; the order's
 * pending -> fulfilled condition is what makes every other attempt a no-op.
 */
import type { Deps } from '../deps';
import type { RenderJobRecord } from '../ports';
import { orderFromSession, planFulfilment } from './fulfilment-plan';
import { ConcurrentChangeError } from './payment-errors';
import type { CheckoutSession } from './payment-ports';

const MAX_ATTEMPTS = 5;
/** A bought render still "processing" this long after fulfilment probably lost its queue message. */
const REQUEUE_AFTER_MS = 60_000;

export type FulfilOutcome = 'fulfilled' | 'already-fulfilled' | 'not-ours';

export async function fulfilCheckout(deps: Deps, session: CheckoutSession): Promise<FulfilOutcome> {
  const now = deps.clock.now();
  const order = orderFromSession(session, now);
  if (!order) {
    deps.logger.warn('checkout session without our metadata: ignored', { sessionId: session.id });
    return 'not-ours';
  }
  // The order item written at checkout carries the buyer's email and creation time.
  const stored = await deps.paymentStore.getOrder(session.id);
  const known = stored ? { ...order, email: stored.email, createdAt: stored.createdAt } : order;
  const origin = safeOrigin(session.successUrl);
  const resultsLink = (uploadId: string) => `${origin}/result/${uploadId}`;

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const found = known.uploadId ? await deps.uploads.getUploadWithJobs(known.uploadId) : null;
    if (known.uploadId && !found) {
      deps.logger.error('paid for a photo that no longer exists: refund it', { sessionId: session.id });
    }
    const plan = planFulfilment(known, found, { now, resultsLink });
    try {
      if (await deps.paymentStore.fulfil(plan)) {
        await enqueue(deps, plan.newJobs);
        deps.logger.info('fulfilled an order', {
          sessionId: session.id,
          productId: known.productId,
          unlocked: plan.unlockAges,
          rendering: plan.newJobs.map((job) => job.age),
          credits: plan.credits,
        });
        return 'fulfilled';
      }
      await requeueLostRenders(deps, known.sessionId, found?.jobs ?? [], now);
      return 'already-fulfilled';
    } catch (error) {
      // A job or balance changed between our read and the transaction: plan again.
      if (!(error instanceof ConcurrentChangeError) || attempt === MAX_ATTEMPTS) throw error;
    }
  }
  throw new ConcurrentChangeError();
}

async function enqueue(deps: Deps, jobs: RenderJobRecord[]) {
  if (jobs.length === 0) return;
  await deps.renderQueue.enqueue(jobs.map((job) => ({ uploadId: job.uploadId, age: job.age })));
}

/**
 * Queueing happens after the transaction; if it failed, the provider retries the event and this
 * sends the renders again (a duplicate message is harmless: the worker renders a job once).
 */
async function requeueLostRenders(deps: Deps, sessionId: string, jobs: RenderJobRecord[], now: Date) {
  const lost = jobs.filter(
    (job) =>
      job.unlockedBy === sessionId &&
      job.status === 'processing' &&
      now.getTime() - Date.parse(job.updatedAt) > REQUEUE_AFTER_MS,
  );
  await enqueue(deps, lost);
}

function safeOrigin(url: string | null): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}
