/**
 * The app as an integration test file runs it: deps built from the local stack's environment (the
 * `int` project's global setup) plus the file's own settings, and the real handlers over them.
 * Nothing reads the environment at import time, so test files import everything statically.
 */
import { QUOTA_ACTIONS, quotaVariableOf } from '@shared/rules/quotas';
import { type Gateway, startGateway } from '../../scripts/local/gateway/gateway';
import { freePort } from '../../scripts/local/ports';
import { loadConfig } from '../adapters/config';
import { buildDeps } from '../adapters/deps';
import type { Deps } from '../core/deps';
import { type AppHandlers, createHandlers } from '../handlers/registry';
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
  deps: Deps;
  handlers: AppHandlers;
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
  const deps = buildDeps(loadConfig({ ...process.env, ...settings }));
  const handlers = createHandlers(deps);
  const callRoute: CallRoute = (id, options) => invokeRoute(handlers.httpHandlers, id, options);
  return {
    deps,
    handlers,
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
