/** Ages as the pages write them, and whether a photo has an age unlocked in HD. */
import { UPSELL_AGES } from '@shared/catalog';

/** What these rules need of a render job. */
export type JobLike = { age: number; hdUnlocked: boolean };

export const [AGE_2, AGE_5, AGE_19] = UPSELL_AGES;

/** The caption of an age (or package) whose HD is unlocked. */
export const HD_UNLOCKED = 'HD Unlocked ✓';

/** "19", "2 and 5", "2, 5 and 19". */
export function joinAges(ages: readonly number[]): string {
  return ages.length > 1 ? `${ages.slice(0, -1).join(', ')} and ${ages.at(-1)}` : `${ages[0] ?? ''}`;
}

/** "Age 19", "Ages 2 and 5", "Ages 2, 5 and 19". */
export function agesText(ages: readonly number[]): string {
  return `${ages.length === 1 ? 'Age' : 'Ages'} ${joinAges(ages)}`;
}

export function isUnlocked(jobs: readonly JobLike[], age: number): boolean {
  return jobs.some((job) => job.age === age && job.hdUnlocked);
}
