/** HTTP API: the signed-in parent's account (who am I, migration, my photos, delete account). */
import { deleteAccount, getMe } from '../core/account/account';
import { migrateSessionUploads } from '../core/account/migrate-uploads';
import { listMyUploads } from '../core/account/my-uploads';
import type { AccountDeps } from '../core/lambda-deps';
import { getCreditsView } from '../core/payments/credits';
import { createHttpHandler } from './http/router';

export type { AccountDeps };

export const createAccountHandler = (deps: AccountDeps) =>
  createHttpHandler(
    'account',
    {
      getMe: async (_deps, { principal }) => getMe(principal),
      migrateUploads: (deps, { principal }) => migrateSessionUploads(deps, principal),
      listMyUploads: (deps, { principal }) => listMyUploads(deps, principal),
      deleteAccount: (deps, { principal }) => deleteAccount(deps, principal),
      getCredits: (deps, { principal }) => getCreditsView(deps, principal),
    },
    deps,
  );
