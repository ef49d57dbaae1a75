/**
 * Global setup of the `int` test project: the emulators and resources on free ports in a fresh
 * temporary data folder (no gateway, no frontend), shared by all integration test files.
 * Tests read the environment with loadLocalEnv() from functions/test-support/local-env.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ONE_MACHINE_QUOTAS } from './one-machine-quotas';
import { startEmulatorsOnly } from './stack';
import { startLocalPayments } from './stripe-fake/local-payments';

declare module 'vitest' {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
    paymentsEnv: Record<string, string>;
    /**
     * The emulators behind the IAM proxies (scripts/local/iam/), for tests that run an enforcer of
     * their own; the app and every other test use `localEnv`'s endpoints, which are the proxies'.
     */
    emulatorUpstream: { dynamodb: string; s3: string; sqs: string; cognito: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'little-futures-int-'));
  const started = Date.now();
  const stack = await startEmulatorsOnly({ dataDir });
  const { iam, ports, timings } = stack.emulators;
  console.log(
    `[int] emulators + resources ready in ${Date.now() - started} ms ` +
      `(DynamoDB ${ports.dynamodb}, fauxqs ${ports.fauxqs}, cognito ${ports.cognito}; ` +
      (iam ? `IAM enforced, policies synthesized in ${timings.iam} ms)` : 'IAM off: LOCAL_IAM=off)'),
  );
  project.provide('localEnv', { ...ONE_MACHINE_QUOTAS, ...stack.env });
  project.provide('emulatorUpstream', stack.emulators.upstream.endpoints);
  // Checkout calls the local fake of Stripe's API; nothing listens at its webhook here (tests
  // that pay start a fake of their own with a webhook of their own).
  const payments = await startLocalPayments({
    dataDir,
    appUrl: () => 'http://127.0.0.1:9',
    webhookKey: stack.env.WEBHOOK_KEY,
    log: () => undefined,
  });
  project.provide('paymentsEnv', payments.env);
  return async () => {
    if (iam) {
      const { decisions, simulated, simulatedMs } = iam.evaluator.stats();
      const each = simulated ? (simulatedMs / simulated).toFixed(2) : '0';
      console.log(
        `[int] IAM judged ${decisions} permission checks (${simulated} simulated, ${each} ms each)`,
      );
    }
    // Each refusal was logged as it happened (console.warn); the distinct ones again, at the end.
    if (iam?.refusals.length) {
      const distinct = [...new Set(iam.refusals.map((r) => `${r.caller}: ${r.action} on ${r.resource}`))];
      console.warn(`[int] IAM refused ${iam.refusals.length} call(s):\n  ${distinct.join('\n  ')}`);
    }
    await payments.stripe.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
