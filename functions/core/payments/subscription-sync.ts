/**
 * Keeps the stored plan in step with the provider. Events can arrive late, twice or out of order
 * (and several share a second), so the state is read back from the provider when it knows the
 * subscription; the event's own copy, ordered by its time, is the fallback.
 */
import type { Deps } from '../deps';
import type { SubscriptionState } from './payment-ports';
import { planSubscriptionState } from './refund-plan';
import { refuseSecondSubscription } from './refunds';

/** On a subscription event. */
export async function syncSubscription(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments'>,
  reported: SubscriptionState,
  eventCreated: number,
) {
  const current = await deps.payments.retrieveSubscription(reported.id);
  if (!current) return applyState(deps, reported, eventCreated);
  await applyState(
    deps,
    { ...current, userSub: current.userSub ?? reported.userSub },
    freshVersion(deps, eventCreated),
  );
}

/** After a subscription checkout: read the new plan from the provider so it shows at once. */
export async function syncSubscriptionById(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments'>,
  id: string,
  userSub: string,
) {
  const current = await deps.payments.retrieveSubscription(id);
  if (current)
    await applyState(deps, { ...current, userSub: current.userSub ?? userSub }, freshVersion(deps, 0));
}

/** A fresh read from the provider is newer than any event so far. */
const freshVersion = (deps: Pick<Deps, 'clock'>, eventCreated: number) =>
  Math.max(eventCreated, Math.floor(deps.clock.now().getTime() / 1000));

const MAX_ATTEMPTS = 5;

/**
 * One plan at a time per parent: the state is applied only while the stored subscription is still
 * the one it was planned against, so two subscriptions reporting at once cannot both win.
 */
async function applyState(
  deps: Pick<Deps, 'clock' | 'logger' | 'paymentStore' | 'payments'>,
  state: SubscriptionState,
  version: number,
) {
  const { userSub } = state;
  if (!userSub) {
    deps.logger.warn('subscription without our metadata: ignored', { id: state.id });
    return;
  }
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = (await deps.paymentStore.getCredits(userSub)).subscription;
    const decision = planSubscriptionState(stored, { ...state, eventCreated: version }, deps.clock.now());
    if (decision === 'ignore') {
      // Another, older subscription ending (an abandoned checkout, say) must not end the live one.
      deps.logger.info('event of another subscription ignored', { id: state.id, live: stored?.id });
      return;
    }
    if (decision === 'second') {
      deps.logger.warn('a second live subscription: cancelling and refunding it', {
        id: state.id,
        live: stored?.id,
      });
      return refuseSecondSubscription(deps, { ...state, userSub });
    }
    const expectedId = stored?.id ?? null;
    if (await deps.paymentStore.applySubscription(userSub, state, version, expectedId)) return;
    const now = (await deps.paymentStore.getCredits(userSub)).subscription;
    if ((now?.id ?? null) === expectedId) {
      deps.logger.info('older subscription state ignored', { id: state.id });
      return;
    }
    // Another subscription was stored meanwhile: decide again against it.
  }
}
