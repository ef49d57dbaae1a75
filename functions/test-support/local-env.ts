/**
 * For integration tests: copies the local stack's environment (provided by the `int` project's
 * global setup) into process.env, where the AWS SDK reads its endpoints and credentials. Test files
 * call createTestApp() (test-app.ts), which does this before it builds its deps.
 */
import { inject } from 'vitest';

let copied = false;

/** Copies once per test file, so a file may then point the SDK elsewhere (e.g. its own IAM enforcer). */
export function loadLocalEnv(): Record<string, string> {
  const env = inject('localEnv');
  if (!env) throw new Error('localEnv is not provided: run this file in the vitest "int" project');
  // Stripe's fake and the mail outbox too, kept apart so `env` is exactly what ensureResources made.
  if (!copied) Object.assign(process.env, env, inject('paymentsEnv'));
  copied = true;
  // Handlers log every job; tests only want to hear about real failures.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'CRITICAL';
  return env;
}
