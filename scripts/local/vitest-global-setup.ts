/**
 * Global setup of the `int` test project: the emulators and resources on free ports in a fresh
 * temporary data folder (no gateway, no frontend), shared by all integration test files.
 * Tests read the environment with useLocalEnv() from functions/test-support/local-env.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmulatorsOnly } from './stack';
import { startStripeFake } from './stripe-fake';

declare module 'vitest' {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
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
  // Checkout calls a local fake of Stripe's API; its webhook deliveries go nowhere here (tests that
  // pay start their own fake with a webhook of their own).
  const stripe = { secretKey: 'sk_test_int', webhookSecret: 'whsec_int' };
  const fake = await startStripeFake({ ...stripe, webhookUrl: 'http://127.0.0.1:9/', log: () => undefined });
  project.provide('localEnv', {
    ...stack.env,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: fake.url,
    MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
  });
  return async () => {
    await fake.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
