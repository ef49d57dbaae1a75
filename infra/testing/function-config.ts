/** A Lambda's environment as synthesized, and what the handlers' own config loader makes of it. */
import type { Template } from 'aws-cdk-lib/assertions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { vi } from 'vitest';
import { type AppConfig, loadConfig } from '../../functions/adapters/config';
import { resourceOf } from './template-queries';

export function environmentOf(template: Template, fn: lambda.IFunction): Record<string, unknown> {
  return resourceOf(template, fn).Properties?.Environment?.Variables ?? {};
}

/**
 * Runs loadConfig on a function's variables. A value CloudFormation fills in at deploy time (a Ref,
 * a joined URL) stands in as an https URL, since some are parsed as one (SITE_URL).
 */
export function loadConfigFrom(variables: Record<string, unknown>): AppConfig {
  const env = Object.fromEntries(
    Object.entries(variables).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : `https://cfn-token.invalid/${k}`,
    ]),
  );
  // Also stubbed into process.env, as a Lambda would see them.
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  try {
    return loadConfig(env);
  } finally {
    vi.unstubAllEnvs();
  }
}
