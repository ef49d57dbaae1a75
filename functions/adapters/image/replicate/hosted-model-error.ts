/**
 * A hosted model call that did not give a usable image: it failed, was canceled, timed out, or its
 * output was missing, too large or not an image. `message` (= `reason`) says what happened, for
 * logs, failed jobs and the operators' test pages; callers get the provider error's friendly 503.
 */
import { AiProviderError } from '../../../core/errors';

export class HostedModelError extends AiProviderError {
  constructor(
    reason: string,
    readonly predictionId: string | null = null,
    timedOut = false,
  ) {
    super(reason, timedOut);
    this.name = 'HostedModelError';
  }
}
