/** HTTP API: the signed-in parent's account (who am I, migration, my photos, delete account). */
import { getDeps } from '../adapters/deps';
import { deleteAccount, getMe } from '../core/account/account';
import { migrateSessionUploads } from '../core/account/migrate-uploads';
import { listMyUploads } from '../core/account/my-uploads';
import { getCreditsView } from '../core/payments/credits';
import { createHttpHandler } from './http/router';

export const handler = createHttpHandler(
  'account',
  {
    getMe: async (_deps, { principal }) => getMe(principal),
    migrateUploads: (deps, { principal, body }) => migrateSessionUploads(deps, principal, body.sessionId),
    listMyUploads: (deps, { principal }) => listMyUploads(deps, principal),
    deleteAccount: (deps, { principal }) => deleteAccount(deps, principal),
    getCredits: (deps, { principal }) => getCreditsView(deps, principal),
  },
  getDeps,
);
