import { describe, expect, it } from 'vitest';
import { backLabel, isStripeUrl } from './checkout-page-rules';

describe('isStripeUrl', () => {
  it('follows http(s) pages only', () => {
    expect(isStripeUrl('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true);
    expect(isStripeUrl('/local-checkout/cs_test_1', 'http://127.0.0.1:3000/checkout')).toBe(true);
    expect(isStripeUrl('javascript:alert(1)')).toBe(false);
    expect(isStripeUrl('data:text/html,hi')).toBe(false);
  });
});

describe('backLabel', () => {
  it('names where back leads', () => {
    expect(backLabel('/result/x?temp=true')).toBe('Back to your results');
    expect(backLabel('/upsell/age-19?uploadId=x')).toBe('Back to the offers');
    expect(backLabel('/pricing')).toBe('Back to pricing');
    expect(backLabel('/moments/editor/x')).toBe('Back to your keepsake');
    expect(backLabel('/somewhere')).toBe('Go back');
  });
});
