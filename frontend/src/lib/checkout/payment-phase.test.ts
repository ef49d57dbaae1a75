import { describe, expect, it } from 'vitest';
import { paymentPhase, returnedSessionId, shouldAskAgain } from './payment-phase';

describe('returnedSessionId', () => {
  it('reads the session of a checkout return', () => {
    expect(returnedSessionId(new URLSearchParams('paid=true&session_id=cs_test_1'))).toBe('cs_test_1');
  });

  it('ignores a visit without both flags', () => {
    expect(returnedSessionId(new URLSearchParams('paid=true'))).toBeNull();
    expect(returnedSessionId(new URLSearchParams('session_id=cs_test_1'))).toBeNull();
    expect(returnedSessionId(new URLSearchParams(''))).toBeNull();
  });
});

describe('paymentPhase', () => {
  const base = { sessionId: 'cs_1', failed: false, settled: false, gaveUp: false };

  it('waits until the page data shows the purchase', () => {
    expect(paymentPhase(base)).toBe('confirming');
    expect(paymentPhase({ ...base, settled: true })).toBe('confirmed');
  });

  it('stops waiting after the give-up time', () => {
    expect(paymentPhase({ ...base, gaveUp: true })).toBe('slow');
  });

  it('reports a failed confirmation, unless the data shows the purchase anyway (webhook)', () => {
    expect(paymentPhase({ ...base, failed: true })).toBe('failed');
    expect(paymentPhase({ ...base, failed: true, settled: true })).toBe('confirmed');
  });

  it('is idle on an ordinary visit', () => {
    expect(paymentPhase({ ...base, sessionId: null, settled: true })).toBe('none');
  });
});

describe('shouldAskAgain', () => {
  const pending = { status: 'pending', productId: 'all3_hd', uploadId: null } as const;

  it('asks again only while pending and waiting', () => {
    expect(shouldAskAgain(pending, 'confirming')).toBe(true);
    expect(shouldAskAgain({ ...pending, status: 'fulfilled' }, 'confirming')).toBe(false);
    expect(shouldAskAgain(pending, 'slow')).toBe(false);
    expect(shouldAskAgain(undefined, 'confirming')).toBe(false);
  });
});
