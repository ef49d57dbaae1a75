/** Lambda entry point: the webhooks routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildWebhooksDeps } from '../adapters/roots/webhooks';
import { createWebhooksHandler } from '../handlers/webhooks';

export const handler = createWebhooksHandler(buildWebhooksDeps(loadConfig()));
