/** DeletedAccounts in memory, on the fakes' clock. */
import type { Clock, DeletedAccounts } from '../../core/ports';

export type FakeDeletedAccounts = DeletedAccounts & { readonly markers: Map<string, Date> };

export function createFakeDeletedAccounts(clock: Clock): FakeDeletedAccounts {
  const markers = new Map<string, Date>();
  return {
    markers,
    async markDeleted(sub, until) {
      markers.set(sub, until);
    },
    async isDeleted(sub) {
      const until = markers.get(sub);
      return Boolean(until && until > clock.now());
    },
  };
}
