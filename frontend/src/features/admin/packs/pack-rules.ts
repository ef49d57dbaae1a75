/** Pure rules of the pack manager page: when to poll, and which runs just finished. */
import type { PackGeneration, PackList } from '@shared/schemas/admin-packs';

export const isGenerating = (list: PackList | undefined) => Boolean(list?.packs.some((p) => p.generation));

export type FinishedRun = { packId: string; total: number; error: string | null };

/**
 * Compares a fresh list with the runs seen before (updated in place): the runs that were in
 * progress and no longer are, with the reason when one stopped early.
 */
export function finishedRuns(running: Map<string, PackGeneration>, list: PackList): FinishedRun[] {
  const finished: FinishedRun[] = [];
  for (const pack of list.packs) {
    const seen = running.get(pack.packId);
    if (pack.generation) running.set(pack.packId, pack.generation);
    else if (seen) {
      running.delete(pack.packId);
      finished.push({ packId: pack.packId, total: seen.total, error: pack.lastError });
    }
  }
  return finished;
}
