/**
 * Starts a built bundle in a fresh Node process (boot-runner.mjs) with the environment the local stack
 * gives that Lambda, and sends it events: what the boot test and bench:cold-start do with each Lambda.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LambdaName } from '@shared/deployment';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import { lambdaCredentials, localFunctionName } from '../local/lambda-credentials';
import type { SynthedBundle } from './synth';

/** The Lambda's Node.js (24), installed by the project as a devDependency. */
export const LAMBDA_NODE = join(REPO_ROOT, 'node_modules/.bin/node');
const RUNNER = join(REPO_ROOT, 'scripts/bundle/boot-runner.mjs');

export type BootTimings = {
  /** Node's own start, until the runner's first line ran. */
  processStartMs: number;
  /** import of index.mjs: the bundle's top level, its native modules, the deps it builds. */
  moduleLoadMs: number;
  /** From spawn until the module was loaded, as the caller saw it. */
  spawnToLoadedMs: number;
};
// biome-ignore lint/suspicious/noExplicitAny: a handler answers any JSON
export type Answer = { ms: number; result: any };

export type BootedLambda = {
  name: LambdaName;
  timings: BootTimings;
  /** How long each answer took, in order: the first is the cold request. */
  answerMs: number[];
  /** Calls the handler with this event; rejects with its error (and the process's output). */
  invoke(event: unknown): Promise<Answer>;
  /** What the process printed besides the runner's reports (its logs). */
  output(): string;
  close(): Promise<void>;
};

type Report =
  | { type: 'loaded'; processStartMs: number; moduleLoadMs: number }
  | { type: 'load-error'; error: string }
  | { type: 'answer'; ms: number; result: unknown }
  | { type: 'error'; ms: number; error: string };

/**
 * What the Lambda's process gets: the local stack's environment (the handlers' variables and the SDK's
 * endpoints), this Lambda's own credentials, and NODE_OPTIONS as infra/stack.ts deploys it.
 */
export function lambdaEnvironment(
  name: LambdaName,
  stackEnv: Record<string, string>,
): Record<string, string> {
  const { accessKeyId, secretAccessKey } = lambdaCredentials(name);
  return {
    PATH: '/usr/bin:/bin',
    POWERTOOLS_LOG_LEVEL: 'WARN',
    ...stackEnv,
    NODE_OPTIONS: '--enable-source-maps',
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
  };
}

/**
 * Node looks for packages in every node_modules above a file: a bundle under one (the repo's) would
 * load what it lacks from there, and a missing module would pass unseen.
 */
function assertIsolated(dir: string): void {
  for (let parent = dirname(dir); parent !== dirname(parent); parent = dirname(parent)) {
    if (existsSync(join(parent, 'node_modules'))) {
      throw new Error(`${dir} lies under ${parent}/node_modules: a missing module would be found there`);
    }
  }
}

export async function bootLambda(
  bundle: SynthedBundle,
  stackEnv: Record<string, string>,
  opts: { timeoutMs?: number } = {},
): Promise<BootedLambda> {
  assertIsolated(bundle.dir);
  const spawnedAt = performance.now();
  const child: ChildProcessWithoutNullStreams = spawn(
    LAMBDA_NODE,
    [RUNNER, bundle.dir, localFunctionName(bundle.name), String(opts.timeoutMs ?? 60_000)],
    // The runtime's working directory is the function's root (/var/task).
    { cwd: bundle.dir, env: lambdaEnvironment(bundle.name, stackEnv), stdio: 'pipe' },
  );
  const logs: string[] = [];
  const reports: Report[] = [];
  let waiting: (() => void) | undefined;
  let exited = false;
  const wake = () => {
    waiting?.();
    waiting = undefined;
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('BOOT ')) reports.push(JSON.parse(line.slice(5)));
    else logs.push(line);
    wake();
  });
  createInterface({ input: child.stderr }).on('line', (line) => logs.push(line));
  const closed = new Promise<void>((resolve) =>
    child.on('close', (code, signal) => {
      exited = true;
      logs.push(`(exited: ${signal ?? code})`);
      wake();
      resolve();
    }),
  );
  const output = () => logs.join('\n');
  const next = async (): Promise<Report> => {
    while (!reports.length) {
      if (exited) throw new Error(`${bundle.name}: the process ended without answering\n${output()}`);
      await new Promise<void>((resolve) => {
        waiting = resolve;
      });
    }
    return reports.shift()!;
  };

  const first = await next();
  if (first.type !== 'loaded') {
    await closed;
    throw new Error(
      `${bundle.name} did not load: ${'error' in first ? first.error : first.type}\n${output()}`,
    );
  }
  const timings: BootTimings = {
    processStartMs: first.processStartMs,
    moduleLoadMs: first.moduleLoadMs,
    spawnToLoadedMs: performance.now() - spawnedAt,
  };
  const answerMs: number[] = [];
  return {
    name: bundle.name,
    timings,
    answerMs,
    output,
    async invoke(event) {
      child.stdin.write(`${JSON.stringify(event)}\n`);
      const report = await next();
      if ('ms' in report) answerMs.push(report.ms);
      if (report.type === 'answer') return { ms: report.ms, result: report.result };
      throw new Error(`${bundle.name} failed: ${'error' in report ? report.error : report.type}`);
    },
    async close() {
      child.stdin.end();
      await closed;
    },
  };
}
