import { describe, expect, it } from 'vitest';
import { cardCaption, resultsHeading, upgradeOffers } from './results-copy';

const jobs = (unlocked: number[]) => [10, 16, 21].map((age) => ({ age, hdUnlocked: unlocked.includes(age) }));

describe('resultsHeading', () => {
  it('invites to the free preview while nothing is unlocked', () => {
    expect(resultsHeading(jobs([]))).toEqual({
      title: "See Your Child's Future ✨",
      subtitle: 'Your free Age 10 preview is below 👇',
    });
  });

  it('announces the HD age 10 photo once only age 10 is unlocked', () => {
    expect(resultsHeading(jobs([10])).title).toBe('Your HD Age 10 photo is ready! Upgrade to see more ages.');
  });

  it('celebrates when all three ages are unlocked', () => {
    expect(resultsHeading(jobs([10, 16, 21]))).toEqual({ title: '✨ Your HD Photos Are Ready!' });
  });

  it('does not count ages 16 and 21 alone as the age 10 unlock', () => {
    expect(resultsHeading(jobs([16, 21])).title).toBe("See Your Child's Future ✨");
  });

  it('treats an upload without jobs as nothing unlocked', () => {
    expect(resultsHeading([]).title).toBe("See Your Child's Future ✨");
  });
});

describe('cardCaption', () => {
  it('marks age 10 as the free watermarked preview and the others as locked', () => {
    expect(cardCaption(10, false)).toBe('Free Preview (Watermarked)');
    expect(cardCaption(16, false)).toBe('Locked');
    expect(cardCaption(21, false)).toBe('Locked');
  });

  it('shows the unlock for any age', () => {
    expect(cardCaption(16, true)).toBe('HD Unlocked ✓');
  });
});

describe('upgradeOffers', () => {
  it('offers HD age 10 and the bundle while nothing is unlocked', () => {
    expect(upgradeOffers(jobs([]))).toEqual(['age10_hd', 'all3_hd']);
  });

  it('drops HD age 10 once age 10 is unlocked', () => {
    expect(upgradeOffers(jobs([10]))).toEqual(['all3_hd']);
  });

  it('keeps HD age 10 while only other ages are unlocked', () => {
    expect(upgradeOffers(jobs([16, 21]))).toEqual(['age10_hd', 'all3_hd']);
  });

  it('hides the panel once all three are unlocked', () => {
    expect(upgradeOffers(jobs([10, 16, 21]))).toEqual([]);
  });
});
