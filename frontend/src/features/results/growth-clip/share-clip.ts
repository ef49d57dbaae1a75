/** The clip through the native share sheet (Web Share API with files), where the browser can share a video. */
export type ShareClipOutcome = 'shared' | 'cancelled' | 'unsupported' | 'failed';

type ShareNavigator = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

/** Desktop browsers often have share() but cannot share a video file. */
export function canShareFile(nav: ShareNavigator, file: File): boolean {
  return (
    typeof nav.share === 'function' && typeof nav.canShare === 'function' && nav.canShare({ files: [file] })
  );
}

export async function shareClip(nav: ShareNavigator, file: File): Promise<ShareClipOutcome> {
  if (!canShareFile(nav, file)) return 'unsupported';
  try {
    await nav.share!({ files: [file], title: 'Watch them grow' });
    return 'shared';
  } catch (error) {
    // The parent closed the share sheet: nothing to report.
    if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    return 'failed';
  }
}
