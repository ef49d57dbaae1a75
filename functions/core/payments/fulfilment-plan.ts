/**
 * What paying for a product changes, decided from the catalog and what exists: ages to unlock,
 * ages to render first (2, 5, 19 are rendered only when bought) and credits to add.
 */
import { getProduct, isProductId, type TargetAge } from '@shared/catalog';
import type { RenderJobRecord, UploadRecord } from '../ports';
import type { CheckoutSession, FulfilmentPlan, OrderRecord } from './payment-ports';

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
    status: 'pending',
    createdAt: now.toISOString(),
  };
}

/** Paid, or free by a 100% discount; "unpaid" waits for checkout.session.async_payment_succeeded. */
export function isPaid(session: CheckoutSession): boolean {
  return session.status === 'complete' && session.paymentStatus !== 'unpaid';
}

export function planFulfilment(
  order: OrderRecord,
  found: { upload: UploadRecord; jobs: RenderJobRecord[] } | null,
  opts: { now: Date; resultsLink: (uploadId: string) => string },
): FulfilmentPlan {
  const product = getProduct(order.productId);
  const plan: FulfilmentPlan = { order, unlockAges: [], newJobs: [], credits: product.credits };
  if (!found) return plan; // the photo was deleted after paying: nothing left to unlock
  for (const age of product.unlocksAges) {
    if (found.jobs.some((job) => job.age === age)) {
      plan.unlockAges.push(age);
      continue;
    }
    plan.newJobs.push({
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
  return plan;
}
