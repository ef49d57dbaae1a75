/** Every handler of the app over one set of deps: the local stack's gateway and SQS poller, and the tests. */
import type { RouteGroup } from '@shared/api';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import type { Deps } from '../core/deps';
import { createAccountHandler } from './account';
import { createAdminHandler } from './admin';
import { createMomentsHandler } from './moments';
import { createPackWorkerHandler } from './pack-worker';
import { createPaymentsHandler } from './payments';
import { createRenderWorkerHandler } from './render-worker';
import { createSystemHandler } from './system';
import { createUploadsHandler } from './uploads';
import { createWebhooksHandler } from './webhooks';

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

export type AppHandlers = {
  httpHandlers: Record<RouteGroup, HttpHandler>;
  renderWorker: SqsHandler;
  packWorker: SqsHandler;
};

export function createHandlers(deps: Deps): AppHandlers {
  return {
    httpHandlers: {
      uploads: createUploadsHandler(deps) as HttpHandler,
      account: createAccountHandler(deps) as HttpHandler,
      payments: createPaymentsHandler(deps) as HttpHandler,
      webhooks: createWebhooksHandler(deps) as HttpHandler,
      system: createSystemHandler(deps) as HttpHandler,
      moments: createMomentsHandler(deps) as HttpHandler,
      admin: createAdminHandler(deps) as HttpHandler,
    },
    renderWorker: createRenderWorkerHandler(deps) as SqsHandler,
    packWorker: createPackWorkerHandler(deps) as SqsHandler,
  };
}
