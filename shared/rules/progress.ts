/** Timing of the progress screen (docs/product.md#progress-page) as pure functions of elapsed time. */
export const PROGRESS_POLL_MS = 2000;
export const PROGRESS_STEP_MS = 800;
export const PROGRESS_STEP = 10;
export const PROGRESS_CAP = 90;
export const PROGRESS_REDIRECT_DELAY_MS = 1000;
export const PROGRESS_TIMEOUT_MS = 120_000;
export const NOTIFY_PROMPT_DELAY_MS = 2000;
export const HD_DOWNLOAD_GAP_MS = 300;
export const MOBILE_BREAKPOINT_PX = 768;

/** Bar value after `ticks` steps: +10 per step, capped at 90 until complete, then 100. */
export function progressValue(ticks: number, complete: boolean): number {
  if (complete) return 100;
  return Math.min(PROGRESS_CAP, Math.max(0, ticks) * PROGRESS_STEP);
}

/** An upload is complete only when it has jobs and every job is done or failed. */
export function isUploadComplete(jobs: readonly { status: string }[]): boolean {
  return jobs.length > 0 && jobs.every((j) => j.status === 'done' || j.status === 'failed');
}

/** Where the progress screen sends the parent when it is done. */
export function resultPath(id: string, isVisitorUpload: boolean): string {
  return `/result/${id}${isVisitorUpload ? '?temp=true' : ''}`;
}
