/** Native sharing of the composite (Web Share API), reduced to an outcome the UI can toast. */
import { type MessageKey, messages } from '@shared/messages';

export type ShareOutcome = 'shared' | 'cancelled' | 'unsupported' | 'failed';

type ShareNavigator = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

export async function shareNatively(
  nav: ShareNavigator,
  file: File,
  details: { title: string; text: string },
): Promise<ShareOutcome> {
  if (typeof nav.share !== 'function') return 'unsupported';
  const data: ShareData = { files: [file], title: details.title, text: details.text };
  // Desktop browsers often have share() but cannot share files.
  if (typeof nav.canShare === 'function' && !nav.canShare({ files: [file] })) return 'unsupported';
  try {
    await nav.share(data);
    return 'shared';
  } catch (error) {
    // The parent closed the share sheet: nothing to report.
    if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    return 'failed';
  }
}

const OUTCOME_MESSAGE: Record<ShareOutcome, MessageKey | null> = {
  shared: 'sharedSuccessfully',
  cancelled: null,
  unsupported: 'shareNotSupported',
  failed: 'shareFailed',
};

/** The toast for an outcome: kind and text, or null when the outcome is silent. */
export function shareOutcomeToast(
  outcome: ShareOutcome,
): { kind: 'success' | 'error'; message: string } | null {
  const key = OUTCOME_MESSAGE[outcome];
  if (!key) return null;
  return { kind: outcome === 'shared' ? 'success' : 'error', message: messages[key] };
}
