/**
 * Test runs and benchmarks play every visitor from this one machine: the per-address quotas
 * (shared/rules/quotas.ts) would stop them after a few dozen visitors. These settings lift only the
 * address limits; each caller's own limits stay, and the tests of the address limits set their own.
 */
import { ADDRESS_QUOTA_ACTIONS, addressQuotaVariableOf } from '@shared/rules/quotas';

export const ONE_MACHINE_QUOTAS: Record<string, string> = Object.fromEntries(
  ADDRESS_QUOTA_ACTIONS.map((action) => [addressQuotaVariableOf(action), '1000000']),
);

/** Sets them on this process's environment, where nothing set them already. */
export function allowOneMachineVisitors(env: NodeJS.ProcessEnv = process.env): void {
  for (const [name, value] of Object.entries(ONE_MACHINE_QUOTAS)) env[name] ??= value;
}
