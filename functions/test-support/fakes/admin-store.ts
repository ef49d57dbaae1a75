/** The first-admin claim in memory, with the adapter's conditional semantics. */
import type { AdminStore } from '../../core/admin/admin-ports';
import type { FakeTable } from './table';

export function createFakeAdminStore(table: FakeTable): AdminStore {
  return {
    async claimFirstAdmin(userSub, at) {
      if (table.firstAdmin) return false;
      table.firstAdmin = { userSub, at };
      return true;
    },
    async releaseFirstAdmin(userSub) {
      if (table.firstAdmin?.userSub === userSub) table.firstAdmin = undefined;
    },
  };
}
