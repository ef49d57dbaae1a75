import { describe, expect, it } from 'vitest';
import {
  canSaveHd,
  cardCaption,
  MORE_AGES_LINK,
  moreAges,
  resultsHeading,
  upgradeOffers,
  upgradeSection,
  uploadShowsPurchase,
} from './results-page-rules';

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

describe('upgradeSection', () => {
  it('shows the offers where age HD is on sale', () => {
    expect(upgradeSection(jobs([]), true)).toEqual({ kind: 'offers', offers: ['age10_hd', 'all3_hd'] });
  });

  it('shows the simulation notice instead where age HD is not on sale', () => {
    expect(upgradeSection(jobs([]), false)).toEqual({ kind: 'simulation' });
  });

  it('shows nothing while the answer is on its way, or once everything is unlocked', () => {
    expect(upgradeSection(jobs([]), undefined)).toBeNull();
    expect(upgradeSection(jobs([10, 16, 21]), false)).toBeNull();
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

const withExtra = (unlocked: number[], extra: { age: number; hdUnlocked: boolean }[]) => [
  ...jobs(unlocked),
  ...extra,
];

describe('canSaveHd', () => {
  it('offers the camera roll once age 10 HD is unlocked', () => {
    expect(canSaveHd(jobs([]))).toBe(false);
    expect(canSaveHd(jobs([16, 21]))).toBe(false);
    expect(canSaveHd(jobs([10]))).toBe(true);
  });
});

describe('moreAges', () => {
  it('links to the upsell while no extra age is bought', () => {
    expect(moreAges(jobs([10]))).toEqual({
      jobs: [],
      offer: { page: 'upsell', label: 'See them at 2, 5 and 19' },
    });
    expect(MORE_AGES_LINK).toBe('See them at 2, 5 and 19');
  });

  it('shows bought ages in order and offers age 19 once 2 and 5 are bought', () => {
    const result = moreAges(
      withExtra(
        [],
        [
          { age: 5, hdUnlocked: true },
          { age: 2, hdUnlocked: true },
        ],
      ),
    );
    expect(result.jobs.map((job) => job.age)).toEqual([2, 5]);
    expect(result.offer).toEqual({ page: 'age-19', label: 'Add age 19 in HD' });
  });

  it('offers ages 2 and 5 when only age 19 was bought', () => {
    expect(moreAges(withExtra([], [{ age: 19, hdUnlocked: true }])).offer).toEqual({
      page: 'upsell',
      label: 'Add ages 2 and 5 in HD',
    });
  });

  it('offers nothing more once all three are there', () => {
    const all = withExtra(
      [],
      [19, 2, 5].map((age) => ({ age, hdUnlocked: true })),
    );
    expect(moreAges(all).offer).toBeNull();
    expect(moreAges(all).jobs.map((job) => job.age)).toEqual([2, 5, 19]);
  });
});

describe('uploadShowsPurchase', () => {
  it('waits until every age of the product is unlocked', () => {
    expect(uploadShowsPurchase('all3_hd', jobs([10]))).toBe(false);
    expect(uploadShowsPurchase('all3_hd', jobs([10, 16, 21]))).toBe(true);
    expect(uploadShowsPurchase('age10_hd', jobs([10]))).toBe(true);
  });

  it('counts a bought extra age only once its job exists and is unlocked', () => {
    expect(uploadShowsPurchase('full_future_bundle', jobs([]))).toBe(false);
    expect(
      uploadShowsPurchase(
        'full_future_bundle',
        withExtra(
          [],
          [2, 5, 19].map((age) => ({ age, hdUnlocked: true })),
        ),
      ),
    ).toBe(true);
  });

  it('never settles without a product, or for a product that unlocks no photo', () => {
    expect(uploadShowsPurchase(undefined, jobs([10, 16, 21]))).toBe(false);
    expect(uploadShowsPurchase('credits_10', jobs([10, 16, 21]))).toBe(false);
  });
});
