/**
 * Which navigations the service worker (sw.ts) answers from its precache: the site's pages, each
 * with the HTML file CloudFront and the local gateway serve for it (shared/site-pages.ts). Nothing
 * of a child is ever in that precache: the API, the public images of the renders bucket (a child's
 * previews among them) and the share target always go to the network, and presigned S3 URLs are on
 * other origins, which the worker leaves alone.
 */
import { matchesKeyPattern, publicKeyPatterns } from '@shared/deployment';
import { htmlFileFor } from '@shared/site-pages';
import { SHARE_TARGET_PATH } from './share-target';

/** The fallback when a navigation the precache does not hold finds no network. */
export const OFFLINE_PAGE = '/offline.html';

const PUBLIC_RENDER_PATHS = publicKeyPatterns('renders').map((pattern) => `/${pattern}`);

/** Paths the worker must never answer from a cache: their responses are the parent's and the child's. */
export function isNetworkOnly(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === SHARE_TARGET_PATH ||
    pathname.startsWith(`${SHARE_TARGET_PATH}/`) ||
    PUBLIC_RENDER_PATHS.some((pattern) => matchesKeyPattern(pattern, pathname))
  );
}

/**
 * The precached HTML file of a page (`/index.html`, `/app.html` for client-side routes), or null
 * for a navigation that is not a page: a file (its last segment has a dot, as CloudFront's routing
 * function decides) or a network-only path.
 */
export function pageFileFor(pathname: string): string | null {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (lastSegment.includes('.') || isNetworkOnly(pathname)) return null;
  return `/${htmlFileFor(pathname)}`;
}
