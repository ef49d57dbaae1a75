/**
 * The app as an integration test file runs it: from the local stack's environment (the `int`
 * project's global setup) plus the file's own settings, each Lambda's real handler over its own deps
 * signed with its own credentials, as in AWS, and a full Deps signed as the deployer for the tests'
 * own checks. Nothing reads the environment at import time, so test files import everything statically.
 */
import { QUOTA_ACTIONS, quotaVariableOf } from '@shared/rules/quotas';
import { type Gateway, startGateway } from '../../scripts/local/gateway/gateway';
import { DEPLOYER_CREDENTIALS, lambdaCredentials } from '../../scripts/local/lambda-credentials';
import { freePort } from '../../scripts/local/ports';
import { loadConfig } from '../adapters/config';
import type { Deps } from '../core/deps';
import type { LambdaDeps } from '../core/lambda-deps';
import { createLambdaHandlers, type LambdaHandlers } from '../handlers/registry';
import { buildDeps } from './full-deps';
import {
  type CallRoute,
  invokeRoute,
  purgeRenderQueue,
  type RenderWorkerOptions,
  runRenderWorker,
} from './invoke';
import { loadLocalEnv } from './local-env';
import { type Caller, type UploadPhotoOptions, uploadPhoto } from './uploads';

export type TestApp = {
  /** Everything, signed as the deployer: what a test reads or writes besides the app. */
  deps: Deps;
  handlers: LambdaHandlers;
  /** What each Lambda's handler runs over: change these to change what the app sees. */
  lambdaDeps: LambdaDeps;
  /** The local stack's environment as the global setup made it. */
  env: Record<string, string>;
  callRoute: CallRoute;
  runRenderWorker(options?: RenderWorkerOptions): ReturnType<typeof runRenderWorker>;
  purgeRenderQueue(): Promise<void>;
  /** Receives what is on the pack queue and runs the real pack worker on it. */
  runPackWorker(options?: RenderWorkerOptions): ReturnType<typeof runRenderWorker>;
  purgePackQueue(): Promise<void>;
  uploadPhoto(caller: Caller, bytes: Buffer, opts?: UploadPhotoOptions): Promise<string>;
  /** The local API Gateway stand-in over these handlers, on a free port (no frontend); stop it after. */
  startGateway(): Promise<Gateway>;
};

/** Settings that lift the hourly quotas (shared/rules/quotas.ts) for a file that calls routes by the hundred. */
export const roomyQuotas: Record<string, string> = Object.fromEntries(
  QUOTA_ACTIONS.map((action) => [quotaVariableOf(action), '100000']),
);

/** `settings`: configuration of this file's app only (e.g. its own Stripe fake's keys). */
export function createTestApp(settings: Record<string, string> = {}): TestApp {
  const env = loadLocalEnv();
  const config = loadConfig({ ...process.env, ...settings });
  const deps = buildDeps(config, { credentials: DEPLOYER_CREDENTIALS });
  const handlers = createLambdaHandlers(config, lambdaCredentials);
  const callRoute: CallRoute = (id, options) => invokeRoute(handlers.httpHandlers, id, options);
  return {
    deps,
    handlers,
    lambdaDeps: handlers.lambdaDeps,
    env,
    callRoute,
    runRenderWorker: (options) => runRenderWorker(handlers.renderWorker, options),
    purgeRenderQueue: () => purgeRenderQueue(),
    runPackWorker: (options) =>
      runRenderWorker(handlers.packWorker, { queueUrl: process.env.PACK_QUEUE_URL!, ...options }),
    purgePackQueue: () => purgeRenderQueue(process.env.PACK_QUEUE_URL!),
    uploadPhoto: (caller, bytes, opts) => uploadPhoto(callRoute, caller, bytes, opts),
    startGateway: async () =>
      startGateway({
        port: await freePort(),
        env,
        frontend: 'none',
        handlers: handlers.httpHandlers,
        log: () => undefined,
      }),
  };
}
