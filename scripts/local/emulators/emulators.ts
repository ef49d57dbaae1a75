/** Starts and stops the three local AWS emulators on 127.0.0.1, with their data under `dataDir`. */
import path from 'node:path';
import { assertPortsFree, type EmulatorPorts, LOOPBACK } from '../ports';
import type { RunningProcess } from './child';
import { LOCAL_CONFIRMATION_CODE, startCognitoLocal } from './cognito';
import { assertJava, startDynamoDb } from './dynamodb';
import { type RunningFauxqs, startFauxqsServer } from './fauxqs';

export type Emulators = {
  ports: EmulatorPorts;
  endpoints: { dynamodb: string; s3: string; sqs: string; cognito: string };
  /** Where each emulator keeps its data and logs. */
  paths: { dynamodb: string; s3: string; cognito: string; logs: string; cognitoLog: string };
  confirmationCode: string;
  pids: { dynamodb: number; cognito: number };
  /** Start-up time of each emulator in ms (they start in parallel). */
  timings: Record<'dynamodb' | 'fauxqs' | 'cognito' | 'total', number>;
  /** Re-queues the messages saved by the last clean stop (call once the queues exist). */
  restoreQueueMessages(): Promise<number>;
  stop(): Promise<void>;
};

export async function startEmulators(opts: {
  dataDir: string;
  ports: EmulatorPorts;
  /** Called with each confirmation-code message of cognito-local. */
  onConfirmationCode?: (message: string) => void;
}): Promise<Emulators> {
  const { dataDir, ports } = opts;
  assertJava();
  await assertPortsFree(ports);
  const logs = path.join(dataDir, 'logs');
  const paths = {
    dynamodb: path.join(dataDir, 'dynamodb'),
    s3: path.join(dataDir, 'fauxqs', 's3'),
    cognito: path.join(dataDir, 'cognito'),
    logs,
    cognitoLog: path.join(logs, 'cognito-local.log'),
  };

  const started = Date.now();
  const timings = { dynamodb: 0, fauxqs: 0, cognito: 0, total: 0 };
  const timed = <T>(name: 'dynamodb' | 'fauxqs' | 'cognito', promise: Promise<T>) =>
    promise.then((value) => {
      timings[name] = Date.now() - started;
      return value;
    });
  const results = await Promise.allSettled([
    timed(
      'dynamodb',
      startDynamoDb({
        port: ports.dynamodb,
        dbDir: paths.dynamodb,
        logFile: path.join(logs, 'dynamodb.log'),
      }),
    ),
    timed('fauxqs', startFauxqsServer({ port: ports.fauxqs, dataDir: path.join(dataDir, 'fauxqs') })),
    timed(
      'cognito',
      startCognitoLocal({
        port: ports.cognito,
        workDir: paths.cognito,
        logFile: paths.cognitoLog,
        onCode: opts.onConfirmationCode,
      }),
    ),
  ]);
  timings.total = Date.now() - started;

  const running = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    // One failed: stop the others so no JVM or child process is left behind.
    await Promise.allSettled(running.map((r) => r.stop()));
    throw failure.reason;
  }
  const [dynamodb, fauxqs, cognito] = running as [RunningProcess, RunningFauxqs, RunningProcess];

  let stopped = false;
  return {
    ports,
    endpoints: {
      dynamodb: `http://${LOOPBACK}:${ports.dynamodb}`,
      s3: fauxqs.endpoint,
      sqs: fauxqs.endpoint,
      cognito: `http://${LOOPBACK}:${ports.cognito}`,
    },
    paths,
    confirmationCode: LOCAL_CONFIRMATION_CODE,
    pids: { dynamodb: dynamodb.pid, cognito: cognito.pid },
    timings,
    restoreQueueMessages: () => fauxqs.restoreQueueMessages(),
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.allSettled([dynamodb.stop(), fauxqs.stop(), cognito.stop()]);
    },
  };
}
