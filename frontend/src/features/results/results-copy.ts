/** Texts of the results page that depend on the unlock state (spec §2). */
import { PREVIEW_AGES, type ProductId } from '@shared/catalog';

type JobLike = { age: number; hdUnlocked: boolean };

export type ResultsHeading = { title: string; subtitle?: string };

export const FREE_AGE = PREVIEW_AGES[0];

export function resultsHeading(jobs: readonly JobLike[]): ResultsHeading {
  const unlocked = (age: number) => jobs.some((job) => job.age === age && job.hdUnlocked);
  if (PREVIEW_AGES.every(unlocked)) return { title: '✨ Your HD Photos Are Ready!' };
  if (unlocked(FREE_AGE))
    return { title: `Your HD Age ${FREE_AGE} photo is ready! Upgrade to see more ages.` };
  return { title: "See Your Child's Future ✨", subtitle: `Your free Age ${FREE_AGE} preview is below 👇` };
}

export function cardCaption(age: number, hdUnlocked: boolean): string {
  if (hdUnlocked) return 'HD Unlocked ✓';
  return age === FREE_AGE ? 'Free Preview (Watermarked)' : 'Locked';
}

/**
 * Products of the upgrade panel (spec §2): "HD Age 10" while age 10 is locked, and "All 3 Ages HD";
 * none once all three ages are unlocked.
 */
export function upgradeOffers(jobs: readonly JobLike[]): ProductId[] {
  const unlocked = (age: number) => jobs.some((job) => job.age === age && job.hdUnlocked);
  if (PREVIEW_AGES.every(unlocked)) return [];
  return unlocked(FREE_AGE) ? ['all3_hd'] : ['age10_hd', 'all3_hd'];
}
