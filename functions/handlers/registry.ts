/** Every handler by name, for the local stack (API Gateway and the SQS poller stand-ins). */
import type { RouteGroup } from '@shared/api';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import { handler as accountHandler } from './account';
import { handler as paymentsHandler } from './payments';
import { handler as renderWorkerHandler } from './render-worker';
import { handler as systemHandler } from './system';
import { handler as uploadsHandler } from './uploads';
import { handler as webhooksHandler } from './webhooks';

type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export const httpHandlers: Record<RouteGroup, HttpHandler> = {
  uploads: uploadsHandler as HttpHandler,
  account: accountHandler as HttpHandler,
  payments: paymentsHandler as HttpHandler,
  webhooks: webhooksHandler as HttpHandler,
  system: systemHandler as HttpHandler,
};

export const renderWorker = renderWorkerHandler as (
  event: SQSEvent,
  context: Context,
) => Promise<SQSBatchResponse>;
