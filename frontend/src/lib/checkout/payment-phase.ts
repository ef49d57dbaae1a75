/**
 * After Stripe sends the parent back (`?paid=true&session_id=cs_...`), the page asks the server to
 * confirm the checkout and keeps refetching until its own data shows the purchase. These are the
 * pure rules of that wait.
 */
import type { ConfirmCheckoutResponse } from '@shared/schemas/payments';

/** How often a pending checkout is asked about again, and the page's data refetched. */
export const CONFIRM_POLL_MS = 2000;
/** After this long the page stops waiting and says the payment will show up later. */
export const CONFIRM_GIVE_UP_MS = 60_000;

export type PaymentPhase = 'none' | 'confirming' | 'confirmed' | 'slow' | 'failed';

/** The session id of a checkout return, or null on an ordinary visit. */
export function returnedSessionId(query: URLSearchParams): string | null {
  const id = query.get('session_id');
  return query.get('paid') === 'true' && id ? id : null;
}

export function paymentPhase({
  sessionId,
  failed,
  settled,
  gaveUp,
}: {
  sessionId: string | null;
  /** The confirm call failed (unknown session, someone else's, server error). */
  failed: boolean;
  /** The page's own data shows the purchase (ages unlocked, credits or plan added). */
  settled: boolean;
  gaveUp: boolean;
}): PaymentPhase {
  if (!sessionId) return 'none';
  if (settled) return 'confirmed';
  if (failed) return 'failed';
  return gaveUp ? 'slow' : 'confirming';
}

/** Ask again only while Stripe still reports the checkout as pending and the page is waiting. */
export function shouldAskAgain(confirm: ConfirmCheckoutResponse | undefined, phase: PaymentPhase): boolean {
  return phase === 'confirming' && confirm?.status === 'pending';
}
