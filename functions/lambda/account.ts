/** Lambda entry point: the account routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildAccountDeps } from '../adapters/roots/account';
import { createAccountHandler } from '../handlers/account';

export const handler = createAccountHandler(buildAccountDeps(loadConfig()));
