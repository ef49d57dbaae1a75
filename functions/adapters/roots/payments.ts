/** The payments Lambda's deps: checkout, its confirmation from the success page, cancelling the plan. */
import type { PaymentsDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { visitorSessionsFrom } from '../sessions/session-key';
import { createLogger, systemClock } from './basics';
import { documentClient } from './dynamo';
import { fulfilmentDeps } from './fulfilment';
import type { RootOptions } from './options';

export function buildPaymentsDeps(config: AppConfig, options: RootOptions = {}): PaymentsDeps {
  return {
    ...fulfilmentDeps(config, options, documentClient(config, options), createLogger()),
    // A parent's checkout for a photo their visitor session still holds is told to sign in again.
    sessions: visitorSessionsFrom(config, systemClock, options.credentials),
    siteUrl: config.siteUrl,
    sellSimulatedAges: config.sellSimulatedAges,
    // Checkout names the age engine from the configured routes alone: no image adapter is loaded.
    imageAI: { routes: config.imageAi },
  };
}
