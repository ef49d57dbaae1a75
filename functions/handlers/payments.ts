/** HTTP API: checkout (start, confirm from the success page) and cancelling the monthly plan. */
import type { Deps } from '../core/deps';
import { confirmCheckout, startCheckout } from '../core/payments/checkout';
import { cancelSubscription } from '../core/payments/credits';
import { createHttpHandler } from './http/router';

export const createPaymentsHandler = (deps: Deps) =>
  createHttpHandler(
    'payments',
    {
      createCheckout: (deps, { principal, body, event }) =>
        startCheckout(deps, principal, body, event.headers.origin),
      confirmCheckout: (deps, { principal, body }) => confirmCheckout(deps, principal, body.sessionId),
      cancelSubscription: (deps, { principal }) => cancelSubscription(deps, principal),
    },
    deps,
  );
