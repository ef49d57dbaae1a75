/** Lambda entry point: the account routes, over deps built once per container from its environment. */
import { buildDeps } from '../adapters/deps';
import { createAccountHandler } from '../handlers/account';

export const handler = createAccountHandler(buildDeps());
