/**
 * Global setup of the `int` test project: the emulators and resources on free ports in a fresh
 * temporary data folder (no gateway, no frontend), shared by all integration test files.
 * Tests read the environment with loadLocalEnv() from functions/test-support/local-env.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmulatorsOnly } from './stack';
import { startLocalPayments } from './stripe-fake/local-payments';

declare module 'vitest' {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
    paymentsEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'little-futures-int-'));
  const started = Date.now();
  const stack = await startEmulatorsOnly({ dataDir });
  console.log(
    `[int] emulators + resources ready in ${Date.now() - started} ms ` +
      `(DynamoDB ${stack.emulators.ports.dynamodb}, fauxqs ${stack.emulators.ports.fauxqs}, cognito ${stack.emulators.ports.cognito})`,
  );
  project.provide('localEnv', stack.env);
  // Checkout calls the local fake of Stripe's API; nothing listens at its webhook here (tests
  // that pay start a fake of their own with a webhook of their own).
  const payments = await startLocalPayments({
    dataDir,
    appUrl: () => 'http://127.0.0.1:9',
    log: () => undefined,
  });
  project.provide('paymentsEnv', payments.env);
  return async () => {
    await payments.stripe.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
