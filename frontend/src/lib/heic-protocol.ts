/** The messages between the page (lib/heic.ts) and the HEIC decoder's worker (lib/heic-worker.ts). */
/** libheif's two files, as absolute URLs (the page's build knows their hashed names, the worker does not). */
export type LibheifFiles = { script: string; wasm: string };

export type HeicJob = { id: number; file: Blob; quality: number; libheif: LibheifFiles };

export type HeicResult =
  | { id: number; jpeg: Blob }
  /** Where the worker has no OffscreenCanvas: the decoded pixels, for the page to encode. */
  | { id: number; pixels: ImageData }
  | { id: number; error: string };
