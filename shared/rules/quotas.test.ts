import { describe, expect, it } from 'vitest';
import { addressQuotaVariableOf, DEFAULT_QUOTAS, quotasFrom, quotaVariableOf, quotaWindow } from './quotas';

describe('hourly quota rules', () => {
  it('names each clock hour in UTC and says how long until it ends', () => {
    expect(quotaWindow(new Date('2030-01-15T10:59:30.200Z'))).toMatchObject({
      key: '2030-01-15T10',
      retryAfterSeconds: 30,
    });
    expect(quotaWindow(new Date('2030-01-15T11:00:00.000Z'))).toMatchObject({
      key: '2030-01-15T11',
      retryAfterSeconds: 3600,
    });
  });

  it('takes positive whole-number overrides from the environment and ignores anything else', () => {
    expect(quotaVariableOf('freeComposition')).toBe('QUOTA_FREE_COMPOSITION_PER_HOUR');
    expect(addressQuotaVariableOf('upload')).toBe('QUOTA_UPLOAD_PER_ADDRESS_PER_HOUR');
    expect(addressQuotaVariableOf('session')).toBe('QUOTA_SESSION_PER_ADDRESS_PER_HOUR');
    expect(
      quotasFrom({
        QUOTA_UPLOAD_PER_HOUR: '3',
        QUOTA_CUTOUT_PER_HOUR: '0',
        QUOTA_SESSION_PER_ADDRESS_PER_HOUR: '500',
      }),
    ).toEqual({
      perCaller: { ...DEFAULT_QUOTAS.perCaller, upload: 3 },
      perAddress: { ...DEFAULT_QUOTAS.perAddress, session: 500 },
    });
    expect(quotasFrom({ QUOTA_FREE_COMPOSITION_PER_HOUR: 'lots' })).toEqual(DEFAULT_QUOTAS);
  });
});
