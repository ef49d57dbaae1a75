/** Lambda entry point: the payments routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildPaymentsDeps } from '../adapters/roots/payments';
import { createPaymentsHandler } from '../handlers/payments';

export const handler = createPaymentsHandler(buildPaymentsDeps(loadConfig()));
