/**
 * A hosted model call that did not give a usable image: it failed, was canceled, timed out, or its
 * output was missing, too large or not an image. `message` (= `reason`) says what happened, for
 * logs, failed jobs and the operators' test pages.
 */
export class HostedModelError extends Error {
  constructor(
    readonly reason: string,
    readonly predictionId: string | null = null,
    readonly timedOut = false,
  ) {
    super(reason);
    this.name = 'HostedModelError';
  }
}
