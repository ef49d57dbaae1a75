/**
 * The whole local stack in one call: emulators (behind the IAM enforcer), resources, the API handlers
 * behind the gateway, and the queue workers. API handlers run in this process, each Lambda's over its
 * own deps built from the stack's environment (set on process.env first: the AWS SDK reads its
 * endpoint variables there) and signed with its own credentials; the two workers run in processes of
 * their own (worker-processes.ts), so renders never hold up the API. The stack's own jobs (seeding,
 * schedules) run over every adapter, as the deployer.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createSceneLibrary } from '@little-futures/image-engine/scenes';
import { routes } from '@shared/api';
import { keyedWebhookUrl } from '@shared/deployment';
import { loadConfig } from '../../functions/adapters/config';
import type { Deps } from '../../functions/core/deps';
import type { LambdaDeps } from '../../functions/core/lambda-deps';
import { seedTemplateLibrary } from '../../functions/core/moments/seed-library';
import { createLambdaHandlers } from '../../functions/handlers/registry';
import { buildDeps } from '../../functions/test-support/full-deps';
import { localDemoPortrait } from './demo-portrait';
import { type Emulators, startEmulators } from './emulators/emulators';
import { type Gateway, type HttpHandlers, startGateway } from './gateway/gateway';
import { type LocalHostedAi, startLocalHostedAi } from './hosted-ai';
import { DEPLOYER_CREDENTIALS, lambdaCredentials, localFunctionName } from './lambda-credentials';
import { STACK_ENV_FILE } from './paths';
import { claimDataDir } from './pid-file';
import {
  assertPortsFree,
  defaultPorts,
  type EmulatorPorts,
  freeEmulatorPorts,
  PortInUseError,
  type StackPorts,
} from './ports';
import {
  ensureResources,
  LOCAL_PACK_VISIBILITY_TIMEOUT_SECONDS,
  LOCAL_VISIBILITY_TIMEOUT_SECONDS,
  type LocalEnv,
  type LocalResources,
} from './resources';
import { startPackScheduler, startRenderSweeper } from './schedules';
import { type BatchReport, type SqsPoller, type SqsWorker, startSqsPoller } from './sqs-poller';
import { type StripeKeys, startLocalPayments } from './stripe-fake/local-payments';
import type { StripeFake } from './stripe-fake/stripe-fake';
import { startWorkerProcess } from './worker-processes';

/** The first admin of the local stack unless ADMIN_EMAIL names another (sign up with it, then /admin/grant). */
export const LOCAL_ADMIN_EMAIL = 'admin@example.com';

/** `packWorker`: the pack queue's consumer; without it (a test's own registry) nothing polls that queue. */
export type HandlerRegistry = { httpHandlers: HttpHandlers; renderWorker: SqsWorker; packWorker?: SqsWorker };

export type StackTimings = {
  emulators: number;
  resources: number;
  /** Drawing the template library (first start only; a restart redraws nothing). */
  seed: number;
  handlers: number;
  gateway: number;
  total: number;
};

export type LocalStack = {
  /** The app's origin, e.g. http://localhost:3000. */
  url: string;
  /** The local stand-in for Stripe (its test checkout pages). */
  stripe: StripeFake;
  /** Emails the app "sends" land here as JSON files. */
  outboxDir: string;
  /** Who answers the image capabilities: offline, the local fake of the predictions API, or Replicate. */
  hostedAi: LocalHostedAi;
  env: LocalEnv;
  /** Every adapter, signed as the deployer, for the stack's own jobs (unset when given handlers). */
  deps?: Deps;
  /** What each Lambda's handler runs over (unset when the caller gave its own handlers). */
  lambdaDeps?: LambdaDeps;
  ports: StackPorts;
  emulators: Emulators;
  resources: LocalResources;
  /** Render messages re-queued from the snapshot of the last clean stop. */
  restoredMessages: number;
  timings: StackTimings;
  stop(): Promise<void>;
};

/** Emulators and resources only (no gateway, no handlers): the integration tests' global setup. */
export async function startEmulatorsOnly(opts: {
  dataDir: string;
  ports?: EmulatorPorts;
}): Promise<{ env: LocalEnv; emulators: Emulators; resources: LocalResources; stop(): Promise<void> }> {
  let emulators: Emulators | undefined;
  for (let attempt = 1; !emulators; attempt++) {
    try {
      emulators = await startEmulators({
        dataDir: opts.dataDir,
        ports: opts.ports ?? (await freeEmulatorPorts()),
      });
    } catch (error) {
      // A free port can be taken by a parallel run before our emulator binds it: pick new ones.
      if (opts.ports || !(error instanceof PortInUseError) || attempt >= 3) throw error;
    }
  }
  try {
    const resources = await ensureResources({ dataDir: opts.dataDir, endpoints: emulators.endpoints });
    emulators.bindResources(resources);
    return { env: resources.env, emulators, resources, stop: () => emulators.stop() };
  } catch (error) {
    await emulators.stop();
    throw error;
  }
}

export async function startLocalStack(opts: {
  dataDir: string;
  ports?: Partial<StackPorts>;
  frontend: 'dev' | 'dist' | 'none';
  quiet?: boolean;
  distDir?: string;
  /** Handlers to run; defaults to the app's own (functions/handlers/registry.ts), each over its own deps. */
  registry?: HandlerRegistry;
  onConfirmationCode?: (message: string) => void;
  /**
   * How often to look for packs due a scheduled generation (EventBridge's job in AWS); off unless
   * given, so tests see no generation they did not ask for.
   */
  packScheduleEveryMs?: number;
  /** How often the render sweeper looks at quiet predictions (hosted ageing only); off unless given. */
  renderSweepEveryMs?: number;
  /** Each batch a worker ran (one Lambda invocation in AWS): the load benchmark counts them. */
  onWorkerBatch?: (worker: 'render' | 'pack', report: BatchReport) => void;
  /** Every job completion the render worker records (the load benchmark checks each job is done once). */
  onJobCompletion?: (completion: { uploadId: string; age: number; done: boolean }) => void;
  /** Other keys for the Stripe fake (a test's live-shaped ones); default its test keys (LOCAL_STRIPE). */
  stripeKeys?: StripeKeys;
}): Promise<LocalStack> {
  const log = opts.quiet ? () => undefined : (line: string) => console.log(line);
  const started = Date.now();
  const ports: StackPorts = { ...defaultPorts(), ...opts.ports };
  // Check every port first: failing before the JVM starts is faster and clearer.
  await assertPortsFree(ports);
  const releaseDataDir = claimDataDir(opts.dataDir);

  const cleanups: (() => Promise<void>)[] = [async () => releaseDataDir()];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((e) => console.error(e));
  };
  try {
    const { app, ...emulatorPorts } = ports;
    const emulators = await startEmulators({
      dataDir: opts.dataDir,
      ports: emulatorPorts,
      onConfirmationCode: opts.onConfirmationCode,
    });
    cleanups.push(() => emulators.stop());
    const tEmulators = Date.now();

    const resources = await ensureResources({ dataDir: opts.dataDir, endpoints: emulators.endpoints });
    emulators.bindResources(resources);
    const restoredMessages = await emulators.restoreQueueMessages();
    let appUrl = '';
    const {
      stripe,
      outboxDir,
      env: paymentsEnv,
    } = await startLocalPayments({
      dataDir: opts.dataDir,
      appUrl: () => appUrl,
      webhookKey: resources.env.WEBHOOK_KEY,
      log,
      keys: opts.stripeKeys,
    });
    cleanups.push(() => stripe.stop());
    // The operator's choice of image AI provider (npm run start:hosted) wins over the offline default.
    const chosenProvider = process.env.IMAGE_AI_PROVIDER;
    const env: LocalEnv = {
      ...resources.env,
      ...paymentsEnv,
      ...(chosenProvider ? { IMAGE_AI_PROVIDER: chosenProvider } : {}),
      // Who may claim /admin/grant: the operator's choice, else an address a newcomer can sign up with.
      ADMIN_EMAIL: process.env.ADMIN_EMAIL || LOCAL_ADMIN_EMAIL,
      ...(process.env.SELL_SIMULATED_AGES ? { SELL_SIMULATED_AGES: process.env.SELL_SIMULATED_AGES } : {}),
      ...(process.env.HIDE_AUTH_BUTTONS ? { HIDE_AUTH_BUTTONS: process.env.HIDE_AUTH_BUTTONS } : {}),
      // The age test works out of the box: a portrait from an npm package, unless the operator names one.
      AGE_TEST_DEMO_IMAGE: process.env.AGE_TEST_DEMO_IMAGE || (await localDemoPortrait()),
    };
    Object.assign(process.env, env);
    // Operator tools (npm run admin:grant) find the running stack here; gone again once it stops.
    const envFile = path.join(opts.dataDir, STACK_ENV_FILE);
    writeFileSync(envFile, `${JSON.stringify(env, null, 2)}\n`);
    cleanups.push(async () => rmSync(envFile, { force: true }));
    const tResources = Date.now();

    const hostedAi = await startLocalHostedAi(process.env);
    if (hostedAi.fake) cleanups.push(() => hostedAi.fake!.stop());
    const config = opts.registry ? undefined : loadConfig(process.env);
    const deps = config && buildDeps(config, { credentials: DEPLOYER_CREDENTIALS });
    if (deps) {
      const library = createSceneLibrary();
      await seedTemplateLibrary(deps, library, (count) =>
        log(`  Drawing the ${count} templates of the built-in library (first start only)...`),
      );
    }
    const tSeed = Date.now();
    const lambdas = config && createLambdaHandlers(config, lambdaCredentials);
    const registry: HandlerRegistry = opts.registry ?? lambdas!;
    const tHandlers = Date.now();

    const gateway: Gateway = await startGateway({
      port: app,
      handlers: registry.httpHandlers,
      env,
      frontend: opts.frontend,
      distDir: opts.distDir,
      log,
    });
    cleanups.push(() => gateway.stop());
    appUrl = gateway.url;
    // A hosted provider calls back on the gateway's address (known only now when its port was free to
    // pick), with the webhook key: given to the render worker, which starts predictions, and to the
    // sweeper's deps.
    const aiWebhookUrl = keyedWebhookUrl(new URL(routes.aiWebhook.path, gateway.url).href, env.WEBHOOK_KEY);
    if (deps) deps.aiWebhookUrl = aiWebhookUrl;
    const tGateway = Date.now();

    if (lambdas) {
      // The app's own workers run as Lambda runs them: each in a process of its own, signed as itself.
      const workerEnv = { ...process.env, AI_WEBHOOK_URL: aiWebhookUrl };
      const workers = await Promise.all(
        (['render-worker', 'pack-worker'] as const).map((lambda) =>
          startWorkerProcess({
            env: workerEnv,
            settings: {
              ...workerPolling(lambda, resources),
              reportCompletions: lambda === 'render-worker' && Boolean(opts.onJobCompletion),
            },
            onBatch: (report) => opts.onWorkerBatch?.(lambda === 'render-worker' ? 'render' : 'pack', report),
            onCompletion: opts.onJobCompletion,
          }),
        ),
      );
      for (const worker of workers) cleanups.push(() => worker.stop());
    } else await pollInProcess(registry, resources, env, opts, cleanups, log);
    if (deps && opts.packScheduleEveryMs) {
      const scheduler = startPackScheduler(deps, opts.packScheduleEveryMs);
      cleanups.push(async () => scheduler.stop());
    }
    // Only hosted renders have predictions to sweep.
    if (deps?.imageAI.hostedAgeing && opts.renderSweepEveryMs) {
      const sweeper = startRenderSweeper(deps, opts.renderSweepEveryMs);
      cleanups.push(async () => sweeper.stop());
    }

    const done = Date.now();
    return {
      url: gateway.url,
      stripe,
      outboxDir,
      hostedAi,
      env,
      deps,
      lambdaDeps: lambdas?.lambdaDeps,
      ports: { ...emulators.ports, app: gateway.port },
      emulators,
      resources,
      restoredMessages,
      timings: {
        emulators: tEmulators - started,
        resources: tResources - tEmulators,
        seed: tSeed - tResources,
        handlers: tHandlers - tSeed,
        gateway: tGateway - tHandlers,
        total: done - started,
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** How each worker's queue is polled: Lambda's event source mapping settings, locally. */
function workerPolling(lambda: 'render-worker' | 'pack-worker', resources: LocalResources) {
  return lambda === 'render-worker'
    ? {
        lambda,
        queueUrl: resources.renderQueueUrl,
        visibilityTimeoutSeconds: LOCAL_VISIBILITY_TIMEOUT_SECONDS,
        concurrency: 2,
      }
    : {
        lambda,
        queueUrl: resources.packQueueUrl,
        visibilityTimeoutSeconds: LOCAL_PACK_VISIBILITY_TIMEOUT_SECONDS,
        // One run at a time: a run already draws two scenes in parallel.
        concurrency: 1,
        workerTimeoutMs: LOCAL_PACK_VISIBILITY_TIMEOUT_SECONDS * 1000,
      };
}

/** A caller's own registry (a test's fakes) is polled in this process. */
async function pollInProcess(
  registry: HandlerRegistry,
  resources: LocalResources,
  env: LocalEnv,
  opts: { onWorkerBatch?: (worker: 'render' | 'pack', report: BatchReport) => void },
  cleanups: (() => Promise<void>)[],
  log: (line: string) => void,
) {
  const sqs = new SQSClient({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_SQS,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  cleanups.push(async () => sqs.destroy());
  const workers = [
    ['render-worker', registry.renderWorker],
    ['pack-worker', registry.packWorker],
  ] as const;
  for (const [lambda, worker] of workers) {
    if (!worker) continue;
    const { queueUrl, ...polling } = workerPolling(lambda, resources);
    const poller: SqsPoller = await startSqsPoller({
      sqs,
      queueUrl,
      worker,
      functionName: localFunctionName(lambda),
      region: env.AWS_REGION,
      ...polling,
      onBatch: (report) => opts.onWorkerBatch?.(lambda === 'render-worker' ? 'render' : 'pack', report),
      log,
    });
    // Stopped before the SQS client (cleanups run in reverse).
    cleanups.push(() => poller.stop());
  }
}
