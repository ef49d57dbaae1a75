/** The payments Lambda's deps: checkout, its confirmation from the success page, cancelling the plan. */
import type { PaymentsDeps } from '../../core/lambda-deps';
import type { AppConfig } from '../config';
import { createLogger } from './basics';
import { documentClient } from './dynamo';
import { fulfilmentDeps } from './fulfilment';
import type { RootOptions } from './options';

export function buildPaymentsDeps(config: AppConfig, options: RootOptions = {}): PaymentsDeps {
  return {
    ...fulfilmentDeps(config, options, documentClient(config, options), createLogger()),
    siteUrl: config.siteUrl,
  };
}
