/** Ports of the template seeder: fetching an operator's image URL, and turning an image into template files. */
import type { TemplateImages } from '../moments/moments-ports';

/** Why an image URL was not fetched; each one is told to the operator for that item. */
export type ImageFetchFailure =
  | 'not_https'
  | 'blocked_address'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'redirects'
  | 'unreachable'
  /** The caller gave up (the import ran out of time): not the image's fault. */
  | 'cancelled';

export class ImageFetchError extends Error {
  constructor(
    readonly reason: ImageFetchFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'ImageFetchError';
  }
}

/**
 * Fetches an image URL an operator gave, guarded against server-side request forgery: https only,
 * public addresses only (also after redirects), bounded in size and time. Throws ImageFetchError.
 */
export interface ImageFetcher {
  /** `signal`: the caller's deadline; once it aborts, the fetch stops with reason 'cancelled'. */
  fetch(url: string, options?: { signal?: AbortSignal }): Promise<Buffer>;
}

/** The bytes could not be decoded as an image. */
export class NotAnImageError extends Error {
  constructor() {
    super('not an image');
    this.name = 'NotAnImageError';
  }
}

/**
 * Makes a template's three files (native JPEG, watermarked JPEG, thumbnail WEBP) from any image,
 * cropped to the native size, exactly as the library seeder makes them from a drawing.
 */
export interface TemplateImageMaker {
  /** Cheap check before anything is stored: throws NotAnImageError if the bytes are not an image. */
  probe(bytes: Buffer): Promise<{ width: number; height: number }>;
  fromImage(bytes: Buffer, size: { width: number; height: number }): Promise<TemplateImages>;
}
