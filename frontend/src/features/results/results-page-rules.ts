/**
 * What the results page shows for what is unlocked (docs/product.md#results-page): heading, card captions, upgrade
 * offers, the camera-roll button, the extra ages, and when a purchase has arrived.
 */
import { getProduct, PREVIEW_AGES, type ProductId, UPSELL_AGES } from '@shared/catalog';
import {
  AGE_2,
  AGE_5,
  AGE_19,
  agesText,
  HD_UNLOCKED,
  isUnlocked,
  type JobLike,
  joinAges,
} from '../../lib/ages';

export type ResultsHeading = { title: string; subtitle?: string };

export const FREE_AGE = PREVIEW_AGES[0];

export function resultsHeading(jobs: readonly JobLike[]): ResultsHeading {
  const unlocked = (age: number) => isUnlocked(jobs, age);
  if (PREVIEW_AGES.every(unlocked)) return { title: '✨ Your HD Photos Are Ready!' };
  if (unlocked(FREE_AGE))
    return { title: `Your HD Age ${FREE_AGE} photo is ready! Upgrade to see more ages.` };
  return { title: "See Your Child's Future ✨", subtitle: `Your free Age ${FREE_AGE} preview is below 👇` };
}

export function cardCaption(age: number, hdUnlocked: boolean): string {
  if (hdUnlocked) return HD_UNLOCKED;
  return age === FREE_AGE ? 'Free Preview (Watermarked)' : 'Locked';
}

/**
 * Products of the upgrade panel: "HD Age 10" while age 10 is locked, and "All 3 Ages HD";
 * none once all three ages are unlocked.
 */
export function upgradeOffers(jobs: readonly JobLike[]): ProductId[] {
  const unlocked = (age: number) => isUnlocked(jobs, age);
  if (PREVIEW_AGES.every(unlocked)) return [];
  return unlocked(FREE_AGE) ? ['all3_hd'] : ['age10_hd', 'all3_hd'];
}

/**
 * Below the cards: the upgrade offers, or where age HD is not on sale (shared/rules/age-sales.ts) the
 * simulation notice with Moments; nothing while that answer is on its way or nothing is left to buy.
 */
export type UpgradeSection = { kind: 'offers'; offers: ProductId[] } | { kind: 'simulation' } | null;

export function upgradeSection(jobs: readonly JobLike[], ageHdOnSale: boolean | undefined): UpgradeSection {
  const offers = upgradeOffers(jobs);
  if (offers.length === 0 || ageHdOnSale === undefined) return null;
  return ageHdOnSale ? { kind: 'offers', offers } : { kind: 'simulation' };
}

/** "Save to Camera Roll" shows once age 10 HD is unlocked. */
export function canSaveHd(jobs: readonly JobLike[]): boolean {
  return isUnlocked(jobs, FREE_AGE);
}

export type MoreAgesOffer = { page: 'upsell' | 'age-19'; label: string };
export type MoreAges<J extends JobLike> = {
  /** Bought extra ages (2, 5, 19) in age order, shown with the same cards. */
  jobs: J[];
  /** Where to buy the rest: the upsell page, or the age-19 page once 2 and 5 are bought. */
  offer: MoreAgesOffer | null;
};

/** "See them at 2, 5 and 19". */
export const MORE_AGES_LINK = `See them at ${joinAges(UPSELL_AGES)}`;

/** Extra-age jobs exist only once bought (the purchase creates them). */
export function moreAges<J extends JobLike>(jobs: readonly J[]): MoreAges<J> {
  const bought = jobs
    .filter((job) => (UPSELL_AGES as readonly number[]).includes(job.age))
    .sort((a, b) => a.age - b.age);
  const has = (age: number) => bought.some((job) => job.age === age);
  let offer: MoreAgesOffer | null = null;
  if (bought.length === 0) offer = { page: 'upsell', label: MORE_AGES_LINK };
  else if (!has(AGE_2) || !has(AGE_5))
    offer = { page: 'upsell', label: `Add ${agesText([AGE_2, AGE_5]).toLowerCase()} in HD` };
  else if (!has(AGE_19)) offer = { page: 'age-19', label: `Add ${agesText([AGE_19]).toLowerCase()} in HD` };
  return { jobs: bought, offer };
}

/** After a checkout return: the page stops waiting once every age the product unlocks shows it. */
export function uploadShowsPurchase(productId: ProductId | undefined, jobs: readonly JobLike[]): boolean {
  if (!productId) return false;
  const ages = getProduct(productId).unlocksAges;
  return ages.length > 0 && ages.every((age) => isUnlocked(jobs, age));
}
