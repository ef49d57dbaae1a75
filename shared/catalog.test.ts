import { describe, expect, it } from 'vitest';
import { CREDIT_PRICES, formatPrice, getProduct, PLANS, PRODUCT_IDS } from './catalog';

describe('catalog', () => {
  it('holds the product prices', () => {
    expect(formatPrice(getProduct('age10_hd').priceCents)).toBe('$6.95');
    expect(formatPrice(getProduct('all3_hd').priceCents)).toBe('$12.95');
    expect(formatPrice(getProduct('full_future_bundle').priceCents)).toBe('$9.95');
    expect(formatPrice(getProduct('full_future_bundle').compareAtCents!)).toBe('$13.90');
    expect(formatPrice(getProduct('subscription_monthly').priceCents)).toBe('$14.95');
  });
  it('lists the pricing plans in order, the free plan first', () => {
    expect(PLANS.map((p) => `${p.name} ${formatPrice(p.priceCents)}`)).toEqual([
      'Free Preview $0',
      'Single HD $0.99',
      '10-Pack $4.95',
      '20-Pack $7.95',
      '50-Pack $13.95',
      'Subscription $14.95',
    ]);
  });
  it('prices each paid action in credits: 1 per HD keepsake and per HD export', () => {
    expect(CREDIT_PRICES).toEqual({ hd_keepsake: 1, hd_export: 1 });
  });
  it('has the five age checkout product types', () => {
    expect(PRODUCT_IDS).toEqual(
      expect.arrayContaining(['age10_hd', 'all3_hd', 'full_future_bundle', 'age_2_5_hd', 'age_19_hd']),
    );
  });
});
