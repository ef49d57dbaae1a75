/** HTTP API: the operator pages — the admin guard's check, first-admin setup, the go-live checklist. */
import { grantFirstAdmin } from '../core/admin/first-admin';
import type { Deps } from '../core/deps';
import { createHttpHandler } from './http/router';

export const createAdminHandler = (deps: Deps) =>
  createHttpHandler(
    'admin',
    {
      getAdminSession: async (_deps, { principal }) => ({
        email: principal.kind === 'user' ? (principal.email ?? '') : '',
      }),
      grantFirstAdmin: (deps, { principal }) => grantFirstAdmin(deps, principal),
      getGoLiveConfig: async (deps) => deps.goLive,
    },
    deps,
  );
