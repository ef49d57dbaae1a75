import { describe, expect, it } from 'vitest';
import { PRODUCT_IDS } from '../catalog';
import { ageHdOnSale, paymentKeyModeOf, sellsAgeHd } from './age-sales';

describe('sellsAgeHd', () => {
  it('names the five age products, and neither the credit packs nor the plan', () => {
    expect(PRODUCT_IDS.filter(sellsAgeHd).sort()).toEqual(
      ['age10_hd', 'age_19_hd', 'age_2_5_hd', 'all3_hd', 'full_future_bundle'].sort(),
    );
  });
});

describe('paymentKeyModeOf', () => {
  it("reads Stripe's live secret and restricted keys as live, anything else as test", () => {
    expect(paymentKeyModeOf('sk_live_abc')).toBe('live');
    expect(paymentKeyModeOf('rk_live_abc')).toBe('live');
    expect(paymentKeyModeOf('sk_test_local_little_futures')).toBe('test');
    expect(paymentKeyModeOf('pk_live_abc')).toBe('test');
    expect(paymentKeyModeOf('xsk_live_abc')).toBe('test');
  });
});

describe('ageHdOnSale', () => {
  const offline = { ageing: 'offline', sellSimulatedAges: false } as const;

  it('withholds the offline simulation from sale with live keys, or keys read only at checkout', () => {
    expect(ageHdOnSale({ ...offline, payments: 'live' })).toBe(false);
    expect(ageHdOnSale({ ...offline, payments: 'unknown' })).toBe(false);
  });

  it('sells it with test keys (the local test checkout) and says nothing against it without payments', () => {
    expect(ageHdOnSale({ ...offline, payments: 'test' })).toBe(true);
    expect(ageHdOnSale({ ...offline, payments: 'none' })).toBe(true);
  });

  it('sells hosted ageing, and the simulation when the deployer opts in', () => {
    expect(ageHdOnSale({ ageing: 'hosted', payments: 'live', sellSimulatedAges: false })).toBe(true);
    expect(ageHdOnSale({ ...offline, payments: 'live', sellSimulatedAges: true })).toBe(true);
  });
});
