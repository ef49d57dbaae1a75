import { describe, expect, it } from 'vitest';
import { checkoutFailure, checkoutLink, parseCheckoutLink, returnPathOf } from './checkout-link';

const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';

describe('checkoutLink', () => {
  it('names the product, the photo and the way back', () => {
    expect(checkoutLink({ productId: 'all3_hd', uploadId: ID, returnPath: `/result/${ID}?temp=true` })).toBe(
      `/checkout?product=all3_hd&uploadId=${ID}&returnPath=%2Fresult%2F${ID}%3Ftemp%3Dtrue`,
    );
  });

  it('leaves out what a plan does not need', () => {
    expect(checkoutLink({ productId: 'credits_20' })).toBe('/checkout?product=credits_20');
  });

  it('round-trips through the checkout page', () => {
    const link = checkoutLink({
      productId: 'age_19_hd',
      uploadId: ID,
      returnPath: `/upsell/age-19?uploadId=${ID}`,
    });
    const parsed = parseCheckoutLink(new URL(link, 'http://x').searchParams);
    expect(parsed.request).toEqual({
      productId: 'age_19_hd',
      uploadId: ID,
      returnPath: `/upsell/age-19?uploadId=${ID}`,
    });
  });
});

describe('returnPathOf', () => {
  it('drops the return flags of an earlier payment and keeps the rest', () => {
    expect(returnPathOf(`/result/${ID}`, '?temp=true&paid=true&session_id=cs_1')).toBe(
      `/result/${ID}?temp=true`,
    );
    expect(returnPathOf('/my-photos', '?paid=true&session_id=cs_1')).toBe('/my-photos');
    expect(returnPathOf('/pricing', '')).toBe('/pricing');
  });
});

describe('parseCheckoutLink', () => {
  const parse = (query: string) => parseCheckoutLink(new URLSearchParams(query));

  it("keeps the upsell pages' fixed failure wording, with the server's reason beneath it", () => {
    const upsell = parse(`product=age_2_5_hd&uploadId=${ID}&returnPath=/upsell?uploadId=${ID}`);
    expect(checkoutFailure(upsell, 'Payments are not available right now.')).toEqual({
      title: 'Failed to start checkout. Please try again.',
      reason: 'Payments are not available right now.',
    });
    expect(checkoutFailure(upsell)).toEqual({ title: 'Failed to start checkout. Please try again.' });
  });

  it("shows the server's message elsewhere, else the fixed one", () => {
    const results = parse(`product=all3_hd&uploadId=${ID}&returnPath=/result/${ID}`);
    expect(checkoutFailure(results, 'Payments are not available right now.')).toEqual({
      title: 'Payments are not available right now.',
    });
    expect(checkoutFailure(results)).toEqual({ title: 'Failed to start checkout' });
  });

  it('rejects an unknown product and an off-site way back', () => {
    const parsed = parse('product=free_lunch&returnPath=//evil.example');
    expect(parsed.request).toBeNull();
    expect(parsed.backPath).toBe('/pricing');
  });

  it('goes back to the results of the photo when no way back was given', () => {
    expect(parse(`product=age10_hd&uploadId=${ID}`).backPath).toBe(`/result/${ID}`);
  });

  it('ignores an upload id that is not a UUID', () => {
    expect(parse('product=age10_hd&uploadId=nope').request).toEqual({
      productId: 'age10_hd',
      uploadId: undefined,
      returnPath: undefined,
    });
  });
});
