/**
 * Keeps the stored plan in step with the provider. Events can arrive late, twice or out of order
 * (and several share a second), so the state is read back from the provider when it knows the
 * subscription; the event's own copy, ordered by its time, is the fallback.
 */
import type { Deps } from '../deps';
import type { SubscriptionState } from './payment-ports';
import { subscriptionIsActive } from './subscription';

/** On a subscription event. */
export async function syncSubscription(deps: Deps, reported: SubscriptionState, eventCreated: number) {
  const current = await deps.payments.retrieveSubscription(reported.id);
  if (!current) return applyState(deps, reported, eventCreated);
  await applyState(
    deps,
    { ...current, userSub: current.userSub ?? reported.userSub },
    freshVersion(deps, eventCreated),
  );
}

/** After a subscription checkout: read the new plan from the provider so it shows at once. */
export async function syncSubscriptionById(deps: Deps, id: string, userSub: string) {
  const current = await deps.payments.retrieveSubscription(id);
  if (current)
    await applyState(deps, { ...current, userSub: current.userSub ?? userSub }, freshVersion(deps, 0));
}

/** A fresh read from the provider is newer than any event so far. */
const freshVersion = (deps: Deps, eventCreated: number) =>
  Math.max(eventCreated, Math.floor(deps.clock.now().getTime() / 1000));

async function applyState(deps: Deps, state: SubscriptionState, version: number) {
  if (!state.userSub) {
    deps.logger.warn('subscription without our metadata: ignored', { id: state.id });
    return;
  }
  const now = deps.clock.now();
  const stored = (await deps.paymentStore.getCredits(state.userSub)).subscription;
  // Another, older subscription ending (an abandoned checkout, say) must not end the live one.
  const incoming = { ...state, eventCreated: version };
  if (
    stored &&
    stored.id !== state.id &&
    subscriptionIsActive(stored, now) &&
    !subscriptionIsActive(incoming, now)
  ) {
    deps.logger.info('event of another subscription ignored', { id: state.id, live: stored.id });
    return;
  }
  const applied = await deps.paymentStore.applySubscription(state.userSub, state, version);
  if (!applied) deps.logger.info('older subscription state ignored', { id: state.id });
}
