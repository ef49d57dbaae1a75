/** The messages between the page (lib/heic.ts) and the HEIC decoder's worker (lib/heic-worker.ts). */
export type HeicJob = { id: number; file: Blob; quality: number };

export type HeicResult =
  | { id: number; jpeg: Blob }
  /** Where the worker has no OffscreenCanvas: the decoded pixels, for the page to encode. */
  | { id: number; pixels: ImageData }
  | { id: number; error: string };
