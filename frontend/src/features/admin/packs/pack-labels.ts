/** How the pack manager names generation frequencies. */
import type { PackFrequency } from '@shared/schemas/admin-packs';

export const FREQUENCY_LABELS: Record<PackFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
