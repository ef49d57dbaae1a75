/** HTTP API: checkout (start, confirm from the success page) and cancelling the monthly plan. */
import type { PaymentsDeps } from '../core/lambda-deps';
import { confirmCheckout, startCheckout } from '../core/payments/checkout';
import { cancelSubscription } from '../core/payments/credits';
import { createHttpHandler } from './http/router';

export type { PaymentsDeps };

export const createPaymentsHandler = (deps: PaymentsDeps) =>
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
