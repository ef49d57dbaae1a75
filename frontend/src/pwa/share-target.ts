/**
 * Photos shared to the installed app (the manifest's share_target, frontend/public/manifest.webmanifest).
 * The service worker (sw.ts) takes the POST, keeps the photo in a cache of its own under one key and
 * sends the parent to /upload?shared=1. The pages of the share's flow carry `?shared=1` (/upload, the
 * Moments gallery and editor) and read the photo from there, so a reload keeps it; it is deleted once
 * a page has used it (an upload, the editor's photo step), turned it down, or the parent leaves the
 * flow (use-shared-photo-flow.ts). A child's photo never stays in the browser's storage past that.
 */
import { SHARE_TARGET } from '@shared/deployment';

/** The manifest's share_target action: the service worker answers the POST (the site only redirects). */
export const SHARE_TARGET_PATH = SHARE_TARGET.path;
/** The form field the manifest names for the shared file. */
export const SHARED_PHOTO_FIELD = 'photo';
/** Where the parent lands: the upload page, with the shared photo chosen. */
export const SHARED_PHOTO_PAGE = SHARE_TARGET.landing;

/** The cache and key that hold the one photo between the POST and the upload page. */
export const SHARED_PHOTO_CACHE = 'shared-photo';
export const SHARED_PHOTO_KEY = '/share-target/photo';
/** The header that carries the file's name (a cached Response keeps the bytes and the type only). */
export const SHARED_PHOTO_NAME_HEADER = 'x-file-name';

/** Whether this page was opened by the share target's redirect. */
export function isSharedPhotoPage(search: string): boolean {
  return new URLSearchParams(search).get('shared') === '1';
}

/** The address of a page of the flow without `shared=1`: where a page goes once the photo is used. */
export function withoutSharedFlag(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('shared');
  return params.size ? `${pathname}?${params}` : pathname;
}

/** Deletes the shared photo from the browser's storage (nothing happens when there is none). */
export async function discardSharedPhoto(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(SHARED_PHOTO_CACHE).catch(() => undefined);
}

/** Reads the shared photo, leaving it in storage until discardSharedPhoto: the File, or null. */
export async function readSharedPhoto(): Promise<File | null> {
  if (typeof caches === 'undefined') return null;
  try {
    // caches.match, not caches.open: reading must not create an empty cache.
    const response = await caches.match(SHARED_PHOTO_KEY, { cacheName: SHARED_PHOTO_CACHE });
    if (!response) return null;
    const blob = await response.blob();
    const name = decodeURIComponent(response.headers.get(SHARED_PHOTO_NAME_HEADER) ?? 'shared-photo');
    return new File([blob], name, { type: blob.type });
  } catch {
    // Storage refused (private mode, quota): the parent picks the photo by hand instead.
    return null;
  }
}
