/** Lambda entry point: the webhooks routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createWebhooksHandler } from '../handlers/webhooks';

export const handler = createWebhooksHandler(buildDeps());
