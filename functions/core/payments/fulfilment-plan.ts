/**
 * What paying for a product changes, decided from the catalog and what exists: ages to unlock,
 * ages to render first (2, 5, 19 are rendered only when bought) and credits to add.
 */
import { getProduct, isProductId, type TargetAge } from '@shared/catalog';
import type { RenderJobRecord, UploadRecord } from '../ports';
import type { CheckoutSession, FulfilmentPlan, OrderRecord } from './payment-ports';
import { refundRecord, WHOLE_ORDER } from './refund-plan';

/** The age whose bought render is emailed when done (its bundle says "age 19 queued"). */
export const EMAILED_AGE: TargetAge = 19;

/**
 * The order a paid session stands for, from the metadata our checkout put on it; null when the
 * session is not one of ours (no or unknown metadata): such events are acknowledged and ignored.
 */
export function orderFromSession(session: CheckoutSession, now: Date): OrderRecord | null {
  const { userSub, productId, uploadId } = session.metadata;
  if (!userSub || !productId || !isProductId(productId)) return null;
  const product = getProduct(productId);
  const needsPhoto = product.unlocksAges.length > 0;
  if (needsPhoto !== Boolean(uploadId)) return null;
  return {
    sessionId: session.id,
    userSub,
    email: session.metadata.email || undefined,
    productId: product.id,
    uploadId: uploadId || undefined,
    amountCents: session.amountTotal ?? product.priceCents,
    ...(session.paymentIntentId ? { paymentIntentId: session.paymentIntentId } : {}),
    status: 'pending',
    createdAt: now.toISOString(),
  };
}

/** Paid, or free by a 100% discount; "unpaid" waits for checkout.session.async_payment_succeeded. */
export function isPaid(session: CheckoutSession): boolean {
  return session.status === 'complete' && session.paymentStatus !== 'unpaid';
}

/**
 * Ages already unlocked are not unlocked again (the first order keeps them); an order that buys
 * nothing at all (a second tab paid for the same photo, or the photo was deleted meanwhile) is
 * refunded in full, recorded in the fulfilment's own transaction.
 */
export function planFulfilment(
  order: OrderRecord,
  found: { upload: UploadRecord; jobs: RenderJobRecord[] } | null,
  opts: { now: Date; resultsLink: (uploadId: string) => string },
): FulfilmentPlan {
  const product = getProduct(order.productId);
  const unlockAges: TargetAge[] = [];
  const newJobs: RenderJobRecord[] = [];
  for (const age of product.unlocksAges) {
    if (!found) break; // the photo was deleted after paying: nothing left to unlock
    const job = found.jobs.find((existing) => existing.age === age);
    if (job?.hdUnlocked) continue; // bought before: this order adds nothing for it
    if (job) {
      unlockAges.push(age);
      continue;
    }
    newJobs.push({
      uploadId: found.upload.id,
      age,
      status: 'processing',
      hdUnlocked: true,
      // Paid renders never expire (checkout sells only photos saved to an account).
      updatedAt: opts.now.toISOString(),
      ...(age === EMAILED_AGE && order.email
        ? { notify: { email: order.email, link: opts.resultsLink(found.upload.id) } }
        : {}),
    });
  }
  const boughtNothing = product.unlocksAges.length > 0 && unlockAges.length === 0 && newJobs.length === 0;
  return {
    order: {
      ...order,
      grantedAges: [...unlockAges, ...newJobs.map((job) => job.age)],
      grantedCredits: product.credits,
    },
    unlockAges,
    newJobs,
    credits: product.credits,
    refund: boughtNothing
      ? refundRecord({
          ref: order.sessionId,
          part: WHOLE_ORDER,
          reason: found ? 'paid_twice' : 'photo_gone',
          userSub: order.userSub,
          amountCents: null,
          now: opts.now,
        })
      : null,
  };
}
