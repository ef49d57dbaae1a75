/**
 * Starts and stops the three local AWS emulators on 127.0.0.1, with their data under `dataDir`, and
 * in front of them the IAM enforcer (scripts/local/iam/): its proxies take the stack's ports and the
 * emulators listen on free ports behind them, so every call is judged by the caller's role as in
 * AWS. LOCAL_IAM=off skips it: the emulators then take the stack's ports themselves.
 */
import path from 'node:path';
import { type IamEnforcer, startIamEnforcer } from '../iam/enforcer';
import { loadStackPolicies } from '../iam/stack-policies';
import {
  assertPortsFree,
  type EmulatorEndpoints,
  type EmulatorPorts,
  freeEmulatorPorts,
  LOOPBACK,
} from '../ports';
import type { RunningProcess } from './child';
import { LOCAL_CONFIRMATION_CODE, startCognitoLocal } from './cognito';
import { assertJava, startDynamoDb } from './dynamodb';
import { type RunningFauxqs, startFauxqsServer } from './fauxqs';

export type Emulators = {
  /** Where clients connect: the IAM proxies (or the emulators themselves with LOCAL_IAM=off). */
  ports: EmulatorPorts;
  endpoints: EmulatorEndpoints;
  /** The emulators themselves, which enforce no IAM: for what must bypass it, never for the app. */
  upstream: { ports: EmulatorPorts; endpoints: EmulatorEndpoints };
  /** The IAM enforcer: its refusals and policies; undefined with LOCAL_IAM=off. */
  iam?: IamEnforcer;
  /** Hands the enforcer what ensureResources made (the user pool's id); call once they exist. */
  bindResources(resources: { userPoolId: string }): void;
  /** Where each emulator keeps its data and logs. */
  paths: { dynamodb: string; s3: string; cognito: string; logs: string; cognitoLog: string };
  confirmationCode: string;
  pids: { dynamodb: number; cognito: number };
  /** Start-up time of each emulator in ms (they start in parallel); `iam`: synthesizing the policies. */
  timings: Record<'dynamodb' | 'fauxqs' | 'cognito' | 'iam' | 'total', number>;
  /** Re-queues the messages saved by the last clean stop (call once the queues exist). */
  restoreQueueMessages(): Promise<number>;
  stop(): Promise<void>;
};

/** `LOCAL_IAM=off` turns the enforcement off (for comparing against it, never to hide a refusal). */
export function localIamEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOCAL_IAM?.toLowerCase() !== 'off';
}

const endpointsOf = (ports: EmulatorPorts, fauxqsEndpoint?: string): EmulatorEndpoints => {
  const fauxqs = fauxqsEndpoint ?? `http://${LOOPBACK}:${ports.fauxqs}`;
  return {
    dynamodb: `http://${LOOPBACK}:${ports.dynamodb}`,
    s3: fauxqs,
    sqs: fauxqs,
    cognito: `http://${LOOPBACK}:${ports.cognito}`,
  };
};

export async function startEmulators(opts: {
  dataDir: string;
  ports: EmulatorPorts;
  /** Called with each confirmation-code message of cognito-local. */
  onConfirmationCode?: (message: string) => void;
  /** Enforce IAM; default: unless LOCAL_IAM=off. */
  iam?: boolean;
  /** Hears each IAM refusal (default: console.warn). */
  log?: (line: string) => void;
}): Promise<Emulators> {
  const { dataDir, ports } = opts;
  assertJava();
  await assertPortsFree(ports);
  const enforce = opts.iam ?? localIamEnabled();
  // Behind the proxies, the emulators take free ports (never one of the proxies').
  const upstreamPorts = enforce ? await freeEmulatorPorts(Object.values(ports)) : ports;
  const logs = path.join(dataDir, 'logs');
  const paths = {
    dynamodb: path.join(dataDir, 'dynamodb'),
    s3: path.join(dataDir, 'fauxqs', 's3'),
    cognito: path.join(dataDir, 'cognito'),
    logs,
    cognitoLog: path.join(logs, 'cognito-local.log'),
  };

  const started = Date.now();
  const timings = { dynamodb: 0, fauxqs: 0, cognito: 0, iam: 0, total: 0 };
  const timed = <T>(name: 'dynamodb' | 'fauxqs' | 'cognito' | 'iam', promise: Promise<T>) =>
    promise.then((value) => {
      timings[name] = Date.now() - started;
      return value;
    });
  const results = await Promise.allSettled([
    timed(
      'dynamodb',
      startDynamoDb({
        port: upstreamPorts.dynamodb,
        dbDir: paths.dynamodb,
        logFile: path.join(logs, 'dynamodb.log'),
      }),
    ),
    timed('fauxqs', startFauxqsServer({ port: upstreamPorts.fauxqs, dataDir: path.join(dataDir, 'fauxqs') })),
    timed(
      'cognito',
      startCognitoLocal({
        port: upstreamPorts.cognito,
        workDir: paths.cognito,
        logFile: paths.cognitoLog,
        onCode: opts.onConfirmationCode,
        // Tokens name the address clients reach the pool at (the app checks `iss` against it).
        issuerDomain: `http://${LOOPBACK}:${ports.cognito}`,
      }),
    ),
    // The stack synthesizes while the JVM starts; the proxies hold the stack's ports meanwhile.
    enforce
      ? timed(
          'iam',
          startIamEnforcer({
            policies: loadStackPolicies(),
            upstream: upstreamPorts,
            ports,
            log: opts.log,
          }).then(async (enforcer) => {
            await enforcer.ready.catch(async (error) => {
              await enforcer.stop();
              throw error;
            });
            return enforcer;
          }),
        )
      : Promise.resolve(undefined),
  ]);
  timings.total = Date.now() - started;

  const running = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    // One failed: stop the others so no JVM or child process is left behind.
    await Promise.allSettled(running.flatMap((r) => (r ? [r.stop()] : [])));
    throw failure.reason;
  }
  const [dynamodb, fauxqs, cognito, iam] = running as [
    RunningProcess,
    RunningFauxqs,
    RunningProcess,
    IamEnforcer | undefined,
  ];

  let stopped = false;
  const upstream = { ports: upstreamPorts, endpoints: endpointsOf(upstreamPorts, fauxqs.endpoint) };
  return {
    ports: iam?.ports ?? ports,
    endpoints: iam?.endpoints ?? upstream.endpoints,
    upstream,
    iam,
    bindResources: (resources) => iam?.bindResources(resources),
    paths,
    confirmationCode: LOCAL_CONFIRMATION_CODE,
    pids: { dynamodb: dynamodb.pid, cognito: cognito.pid },
    timings,
    restoreQueueMessages: () => fauxqs.restoreQueueMessages(),
    async stop() {
      if (stopped) return;
      stopped = true;
      await iam?.stop();
      await Promise.allSettled([dynamodb.stop(), fauxqs.stop(), cognito.stop()]);
    },
  };
}
