/** Domain errors: thrown by use cases, mapped to HTTP status and messages by one middleware. */
import { type MessageKey, messages } from '@shared/messages';

export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'payment_required'
  | 'unprocessable'
  | 'conflict'
  | 'too_large'
  | 'too_many'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly messageKey: MessageKey,
    readonly code: string = messageKey,
  ) {
    super(messages[messageKey]);
    this.name = 'DomainError';
  }
}

/** One problem of a list the caller sent: the item's index (0-based), the field and what is wrong. */
export type ItemIssue = { index: number; field: string; message: string };

/** A list refused as a whole, with every problem listed so the caller can fix them all at once. */
export class ItemsRejectedError extends DomainError {
  constructor(
    kind: ErrorKind,
    messageKey: MessageKey,
    readonly issues: readonly ItemIssue[],
  ) {
    super(kind, messageKey);
    this.name = 'ItemsRejectedError';
  }
}

/** An hourly quota is used up (shared/rules/quotas.ts): a 429 that says when to come back. */
export class QuotaExceededError extends DomainError {
  constructor(
    messageKey: MessageKey,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many', messageKey, 'quota_exceeded');
    this.name = 'QuotaExceededError';
  }
}

/** The uploaded bytes are not a photo we can use; the reason is user-facing. */
export class PhotoRejectedError extends DomainError {
  constructor(messageKey: MessageKey, kind: ErrorKind = 'invalid') {
    super(kind, messageKey);
    this.name = 'PhotoRejectedError';
  }
}

/** A render that can never succeed for this photo (retrying will not help). */
export class PermanentRenderError extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(messages[messageKey]);
    this.name = 'PermanentRenderError';
  }
}

export class NoFaceError extends PermanentRenderError {
  constructor() {
    super('noFaceFound');
    this.name = 'NoFaceError';
  }
}

/**
 * The image capability is not available from the provider configured for it (not built yet, or
 * the offline provider has no model for it). 503 with the "needs an AI provider" message.
 */
export class AiCapabilityUnavailableError extends DomainError {
  constructor(
    readonly capability: string,
    readonly provider: string,
  ) {
    super('unavailable', 'aiProviderRequired');
    this.name = 'AiCapabilityUnavailableError';
  }
}

/** Background removal found no person to keep: the photo gets a clear 422, never an empty cut-out. */
export class NoSubjectError extends DomainError {
  constructor() {
    super('unprocessable', 'noPersonFound');
    this.name = 'NoSubjectError';
  }
}

/**
 * A hosted AI provider gave no usable result (the model failed, was cancelled, timed out, or its
 * output was unusable): 503 with friendly words for the caller, while `reason` (also the error's
 * `message`) says what happened, for logs and the operators' test pages.
 */
export class AiProviderError extends DomainError {
  constructor(
    readonly reason: string,
    readonly timedOut = false,
  ) {
    super('unavailable', timedOut ? 'aiProviderTimedOut' : 'aiProviderError');
    this.message = reason;
    this.name = 'AiProviderError';
  }
}

/** Which picture of a face swap a refusal is about: the face put in, or the background whose face is replaced. */
export type FaceSwapImage = 'face' | 'background';

const faceSwapMessages: Record<FaceSwapImage, Record<'no_face' | 'unclear_face', MessageKey>> = {
  face: { no_face: 'swapNoFaceInFaceImage', unclear_face: 'swapFaceImageUnclear' },
  background: { no_face: 'swapNoFaceInBackground', unclear_face: 'swapBackgroundFaceUnclear' },
};

/**
 * A face swap refused for one of its pictures: no face, or the face found under the minimum detection
 * confidence (`score`). A 422: another picture may work, retrying this one will not.
 */
export class FaceSwapRefusedError extends DomainError {
  constructor(
    readonly image: FaceSwapImage,
    readonly reason: 'no_face' | 'unclear_face',
    readonly score?: number,
  ) {
    super('unprocessable', faceSwapMessages[image][reason]);
    this.name = 'FaceSwapRefusedError';
  }
}
