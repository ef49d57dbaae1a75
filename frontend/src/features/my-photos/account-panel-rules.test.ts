import { describe, expect, it } from 'vitest';
import { creditsShowPurchase, creditsText, formatDay, planState } from './account-panel-rules';

const sub = (cancelAtPeriodEnd: boolean, active = true) => ({
  status: cancelAtPeriodEnd ? 'active' : 'active',
  active,
  currentPeriodEnd: '2026-12-22T10:00:00Z',
  cancelAtPeriodEnd,
});

describe('account panel wording', () => {
  it('shows the balance', () => {
    expect(creditsText(20)).toBe('HD credits: 20');
  });

  it('shows an active plan with its renewal date and a cancel button', () => {
    expect(planState(sub(false), 'en-US')).toEqual({
      text: 'Unlimited HD until December 22, 2026',
      canCancel: true,
      ends: 'December 22, 2026',
    });
  });

  it('shows when a cancelled plan ends, without the button', () => {
    expect(planState(sub(true), 'en-US')).toMatchObject({
      text: 'Ends on December 22, 2026',
      canCancel: false,
    });
  });

  it('shows nothing without a plan or once it has ended', () => {
    expect(planState(null)).toBeNull();
    expect(planState(sub(false, false))).toBeNull();
  });

  it('survives a bad date', () => {
    expect(formatDay('nope')).toBe('an unknown date');
  });
});

describe('creditsShowPurchase', () => {
  const credits = (balance: number, active: boolean | null) => ({
    balance,
    subscription: active === null ? null : sub(false, active),
    ledger: [],
  });

  it('waits for the plan to be active after a subscription checkout', () => {
    expect(creditsShowPurchase('subscription_monthly', true, credits(0, null), 2, 1)).toBe(false);
    expect(creditsShowPurchase('subscription_monthly', false, credits(0, true), 2, 1)).toBe(true);
  });

  it('waits for a balance read after the fulfilled confirmation of a pack', () => {
    expect(creditsShowPurchase('credits_20', false, credits(20, null), 2, 1)).toBe(false);
    expect(creditsShowPurchase('credits_20', true, credits(0, null), 1, 2)).toBe(false);
    expect(creditsShowPurchase('credits_20', true, credits(20, null), 3, 2)).toBe(true);
  });

  it('waits for the confirmation and the balance', () => {
    expect(creditsShowPurchase(undefined, true, credits(20, null), 3, 2)).toBe(false);
    expect(creditsShowPurchase('credits_20', true, undefined, 3, 2)).toBe(false);
  });
});
