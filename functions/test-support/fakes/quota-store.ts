/** The quota counters in memory, with the real adapter's rule: add one unless the limit is reached. */
import type { QuotaStore } from '../../core/quotas';

export type FakeQuotaStore = QuotaStore & { counts: Map<string, number> };

export function createFakeQuotaStore(): FakeQuotaStore {
  const counts = new Map<string, number>();
  return {
    counts,
    async take({ owner, action, window }, limit) {
      const key = `${owner}/${action}/${window}`;
      const count = counts.get(key) ?? 0;
      if (count >= limit) return false;
      counts.set(key, count + 1);
      return true;
    },
  };
}
