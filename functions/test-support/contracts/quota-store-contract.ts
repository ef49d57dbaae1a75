/**
 * What every QuotaStore must do, on the fake and on DynamoDB: a counter per owner, action and
 * window that lets exactly `limit` takes through, even when they arrive together.
 */
import { describe, expect, it } from 'vitest';
import type { QuotaCounterKey, QuotaStore } from '../../core/quotas';

type Subject = { quotas: QuotaStore };

const counter = (over: Partial<QuotaCounterKey> = {}): QuotaCounterKey => ({
  owner: `session:${crypto.randomUUID()}`,
  action: 'upload',
  window: '2031-05-01T12',
  ...over,
});
const EXPIRES_AT = Math.floor(Date.UTC(2031, 4, 2) / 1000);

export function describeQuotaStoreContract(name: string, subject: () => Subject) {
  describe(`QuotaStore contract: ${name}`, () => {
    it('lets `limit` takes through, then refuses, each counter on its own', async () => {
      const { quotas } = subject();
      const key = counter();
      const takes = [];
      for (let i = 0; i < 4; i++) takes.push(await quotas.take(key, 3, EXPIRES_AT));
      expect(takes).toEqual([true, true, true, false]);
      // Another action, window or owner counts from zero.
      expect(await quotas.take({ ...key, action: 'cutout' }, 3, EXPIRES_AT)).toBe(true);
      expect(await quotas.take({ ...key, window: '2031-05-01T13' }, 3, EXPIRES_AT)).toBe(true);
      expect(await quotas.take(counter(), 3, EXPIRES_AT)).toBe(true);
      // A higher limit lets more through; a lower one none.
      expect(await quotas.take(key, 4, EXPIRES_AT)).toBe(true);
      expect(await quotas.take(key, 2, EXPIRES_AT)).toBe(false);
    });

    it('never lets more than the limit through when takes arrive together', async () => {
      const { quotas } = subject();
      const key = counter();
      const takes = await Promise.all(Array.from({ length: 12 }, () => quotas.take(key, 5, EXPIRES_AT)));
      expect(takes.filter(Boolean)).toHaveLength(5);
    });

    it('refuses everything under a limit of zero', async () => {
      const { quotas } = subject();
      expect(await quotas.take(counter(), 0, EXPIRES_AT)).toBe(false);
    });
  });
}
