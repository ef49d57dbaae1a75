/** Texts of the results page that depend on the unlock state (spec §2). */
import { PREVIEW_AGES } from '@shared/catalog';

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
