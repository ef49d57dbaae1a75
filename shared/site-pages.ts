/**
 * The HTML files of the built site (dist/site): the pages prerendered at build time, each served as
 * its own file so it paints before any JavaScript runs, and the app shell (an empty root) that every
 * other extensionless path gets. One list for the build (scripts/build/prerender.ts), CloudFront's
 * routing function (infra/constructs/site.ts) and the local gateway.
 */
export const PRERENDERED_PAGES = {
  '/': 'index.html',
  '/pricing': 'pricing/index.html',
  '/upload': 'upload/index.html',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The SPA's HTML for client-side routes (/auth, /result/<id>, ...): the browser renders them. */
export const APP_SHELL_FILE = 'app.html';

/** The file, relative to the site root, that serves a path without a file extension. */
export function htmlFileFor(pathname: string): string {
  // /pricing/ is /pricing, as the router sees it.
  const page = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return Object.hasOwn(PRERENDERED_PAGES, page) ? PRERENDERED_PAGES[page as PrerenderedPath] : APP_SHELL_FILE;
}
