/**
 * What the engine refuses, as plain errors with the facts: the provider that calls it
 * (functions/adapters/image/offline-image-ai.ts) turns them into the app's domain errors.
 */

/** Ageing was asked for a picture in which no face was found. */
export class FaceNotFoundError extends Error {
  constructor() {
    super('No face was found in the picture');
    this.name = 'FaceNotFoundError';
  }
}

/** Background removal found no person big enough to cut out. */
export class SubjectNotFoundError extends Error {
  constructor() {
    super('No person was found in the picture');
    this.name = 'SubjectNotFoundError';
  }
}

/** Which picture of a face swap a refusal is about: the face to put in, or the one it replaces. */
export type SwapPicture = 'face' | 'background';

/** A face swap refused for one of its pictures: no face, or none above the minimum confidence (`score`). */
export class SwapFaceRefusedError extends Error {
  constructor(
    readonly image: SwapPicture,
    readonly reason: 'no_face' | 'unclear_face',
    readonly score?: number,
  ) {
    super(`Face swap refused: ${reason} in the ${image} picture`);
    this.name = 'SwapFaceRefusedError';
  }
}
