/**
 * Keeps the stored plan in step with the provider. Events can arrive late, twice or out of order
 * (and several share a second), so the state is read back from the provider when it knows the
 * subscription; the event's own copy, ordered by its time, is the fallback.
 */
import type { Deps } from '../deps';
import type { SubscriptionState } from './payment-ports';
import { subscriptionIsActive } from './subscription';

export async function syncSubscription(deps: Deps, reported: SubscriptionState, eventCreated: number) {
  const current = await deps.payments.retrieveSubscription(reported.id);
  const state = current ? { ...current, userSub: current.userSub ?? reported.userSub } : reported;
  if (!state.userSub) {
    deps.logger.warn('subscription without our metadata: ignored', { id: state.id });
    return;
  }
  const now = deps.clock.now();
  const stored = (await deps.paymentStore.getCredits(state.userSub)).subscription;
  // Another, older subscription ending (an abandoned checkout, say) must not end the live one.
  if (stored && stored.id !== state.id && subscriptionIsActive(stored, now)) {
    const incoming = { ...state, eventCreated };
    if (!subscriptionIsActive(incoming, now)) {
      deps.logger.info('event of another subscription ignored', { id: state.id, live: stored.id });
      return;
    }
  }
  // A fresh read is newer than any event so far; otherwise the event's time orders it.
  const version = current ? Math.max(eventCreated, Math.floor(now.getTime() / 1000)) : eventCreated;
  const applied = await deps.paymentStore.applySubscription(state.userSub, state, version);
  if (!applied) deps.logger.info('older subscription state ignored', { id: state.id });
}

/** After a subscription checkout: read the new plan from the provider so it shows at once. */
export async function syncSubscriptionById(deps: Deps, id: string, userSub: string) {
  const current = await deps.payments.retrieveSubscription(id);
  if (!current) return;
  await syncSubscription(deps, { ...current, userSub: current.userSub ?? userSub }, 0);
}
