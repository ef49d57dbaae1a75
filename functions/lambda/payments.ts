/** Lambda entry point: the payments routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createPaymentsHandler } from '../handlers/payments';

export const handler = createPaymentsHandler(buildDeps());
