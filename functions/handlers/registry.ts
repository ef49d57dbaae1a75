/**
 * Every handler of the app, for the local stack's gateway and SQS pollers and for the tests: each
 * Lambda's handler over its own deps, built by its own root as in AWS (createLambdaHandlers), or
 * all of them over one full Deps (createHandlersOver, for tests that fake parts of it).
 */
import type { RouteGroup } from '@shared/api';
import type { LambdaName } from '@shared/deployment';
import type { AwsCredentialIdentity } from '@smithy/types';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import type { AppConfig } from '../adapters/config';
import { buildAccountDeps } from '../adapters/roots/account';
import { buildAdminDeps } from '../adapters/roots/admin';
import { buildMomentsDeps } from '../adapters/roots/moments';
import type { RootOptions } from '../adapters/roots/options';
import { buildPackWorkerDeps } from '../adapters/roots/pack-worker';
import { buildPaymentsDeps } from '../adapters/roots/payments';
import { buildRenderWorkerDeps } from '../adapters/roots/render-worker';
import { buildSystemDeps } from '../adapters/roots/system';
import { buildUploadsDeps } from '../adapters/roots/uploads';
import { buildWebhooksDeps } from '../adapters/roots/webhooks';
import type { Deps } from '../core/deps';
import type { LambdaDeps } from '../core/lambda-deps';
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

/** The handlers and each Lambda's own deps (a test reaches what one Lambda holds through them). */
export type LambdaHandlers = AppHandlers & { lambdaDeps: LambdaDeps };

/** `credentialsOf`: what each Lambda's AWS clients sign with (the local stack's per-Lambda keys). */
export function createLambdaHandlers(
  config: AppConfig,
  credentialsOf: (lambda: LambdaName) => AwsCredentialIdentity | undefined = () => undefined,
): LambdaHandlers {
  const options = (lambda: LambdaName): RootOptions => {
    const credentials = credentialsOf(lambda);
    return credentials ? { credentials } : {};
  };
  const lambdaDeps: LambdaDeps = {
    system: buildSystemDeps(config, options('system')),
    uploads: buildUploadsDeps(config, options('uploads')),
    account: buildAccountDeps(config, options('account')),
    payments: buildPaymentsDeps(config, options('payments')),
    webhooks: buildWebhooksDeps(config, options('webhooks')),
    moments: buildMomentsDeps(config, options('moments')),
    admin: buildAdminDeps(config, options('admin')),
    'render-worker': buildRenderWorkerDeps(config, options('render-worker')),
    'pack-worker': buildPackWorkerDeps(config, options('pack-worker')),
  };
  return { ...handlersOver(lambdaDeps), lambdaDeps };
}

/** Every handler over the same deps: the full Deps holds what each Lambda needs. */
export function createHandlersOver(deps: Deps): AppHandlers {
  return handlersOver({
    system: deps,
    uploads: deps,
    account: deps,
    payments: deps,
    webhooks: deps,
    moments: deps,
    admin: deps,
    'render-worker': deps,
    'pack-worker': deps,
  });
}

function handlersOver(deps: LambdaDeps): AppHandlers {
  return {
    httpHandlers: {
      uploads: createUploadsHandler(deps.uploads) as HttpHandler,
      account: createAccountHandler(deps.account) as HttpHandler,
      payments: createPaymentsHandler(deps.payments) as HttpHandler,
      webhooks: createWebhooksHandler(deps.webhooks) as HttpHandler,
      system: createSystemHandler(deps.system) as HttpHandler,
      moments: createMomentsHandler(deps.moments) as HttpHandler,
      admin: createAdminHandler(deps.admin) as HttpHandler,
    },
    renderWorker: createRenderWorkerHandler(deps['render-worker']) as SqsHandler,
    packWorker: createPackWorkerHandler(deps['pack-worker']) as SqsHandler,
  };
}
