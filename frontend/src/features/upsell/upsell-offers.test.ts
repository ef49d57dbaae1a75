import { describe, expect, it } from 'vitest';
import { age19Packages, packageView, upsellPackages } from './upsell-offers';

const owned = (...ages: number[]) => ages.map((age) => ({ age, hdUnlocked: true }));

describe('upsellPackages', () => {
  it('offers the Full Future Bundle with its savings and Future Starter, at the catalog prices', () => {
    expect(upsellPackages([])).toEqual([
      {
        productId: 'full_future_bundle',
        name: 'Full Future Bundle',
        agesText: 'Ages 2, 5 and 19',
        price: '$9.95',
        compareAt: '$13.90',
        savings: 'saves $3.95',
        badge: 'Save 30%',
        owned: false,
      },
      {
        productId: 'age_2_5_hd',
        name: 'Future Starter',
        agesText: 'Ages 2 and 5',
        price: '$6.95',
        owned: false,
      },
    ]);
  });

  it('marks a package whose ages are all unlocked as owned', () => {
    const [bundle, starter] = upsellPackages(owned(10, 2, 5));
    expect(starter.owned).toBe(true);
    expect(bundle.owned).toBe(false);
    expect(bundle.ownedText).toBe('Ages 2 and 5 already owned');
  });
});

describe('age19Packages', () => {
  it('offers the bundle and age 19 only while age 19 is locked', () => {
    const offers = age19Packages([]);
    expect(offers.map((o) => [o.productId, o.price])).toEqual([
      ['full_future_bundle', '$9.95'],
      ['age_19_hd', '$6.95'],
    ]);
    expect(offers[1].agesText).toBe('Age 19');
    expect(offers[1].tagline).toBe('Age 19 only');
    expect(offers[0].tagline).toBeUndefined();
  });

  it('says so on the bundle when ages 2 and 5 are already owned', () => {
    expect(age19Packages(owned(2, 5))[0].ownedText).toBe('Ages 2 and 5 already owned');
  });

  it('offers nothing once age 19 is unlocked', () => {
    expect(age19Packages(owned(19))).toEqual([]);
  });

  it('does not count a bought age that is still locked', () => {
    expect(age19Packages([{ age: 19, hdUnlocked: false }])).toHaveLength(2);
  });
});

describe('packageView', () => {
  it('takes every figure from the catalog', () => {
    expect(packageView('age_19_hd', []).price).toBe('$6.95');
  });
});
