/**
 * `npm run test:e2e` (after `vite build`): starts the whole local stack in a temporary data folder
 * on free ports, runs the Playwright tests against it, stops the stack and exits with the
 * runner's code. Extra arguments go to Playwright (e.g. `-- --project=desktop journey`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allowOneMachineVisitors } from '../../scripts/local/one-machine-quotas';
import { startLocalStack } from '../../scripts/local/stack';

// The range reserved for the frontend's servers; the first free ports in it are used.
const PORT_RANGE = { from: 19900, to: 19999 };

async function isFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePorts(count: number): Promise<number[]> {
  const found: number[] = [];
  for (let port = PORT_RANGE.from; port <= PORT_RANGE.to && found.length < count; port++) {
    if (await isFree(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`No ${count} free ports in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
  return found;
}

function runPlaywright(baseUrl: string, stackEnv: Record<string, string>, args: string[]): Promise<number> {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const config = path.join(import.meta.dirname, 'playwright.config.ts');
  const child = spawn(process.execPath, [cli, 'test', '--config', config, ...args], {
    stdio: 'inherit',
    // The stack's AWS settings let a test arrange what no page can (e.g. a pool with no admin yet).
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_STACK_ENV: JSON.stringify(stackEnv) },
  });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'little-futures-e2e-'));
  allowOneMachineVisitors();
  const [app, dynamodb, fauxqs, cognito] = await freePorts(4);
  console.log(`Starting the local stack for the browser tests (data ${dataDir})...`);
  const stack = await startLocalStack({
    dataDir,
    frontend: 'dist',
    // Another build folder (e.g. `vite build --outDir /tmp/site`) lets two checkouts' runs share a machine.
    distDir: process.env.E2E_DIST_DIR && path.resolve(process.env.E2E_DIST_DIR),
    ports: { app, dynamodb, fauxqs, cognito },
    quiet: true,
  });
  console.log(`Stack ready at ${stack.url} in ${(stack.timings.total / 1000).toFixed(1)} s`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= stack.stop().finally(() => rmSync(dataDir, { recursive: true, force: true }));
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().then(() => process.exit(130)));
  }
  try {
    return await runPlaywright(stack.url, { ...stack.env }, process.argv.slice(2));
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('The browser tests could not run:', error);
    process.exit(1);
  },
);
