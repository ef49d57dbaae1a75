/**
 * The last step of `vite build` (vite.config.ts): writes each page of shared/site-pages.ts as HTML
 * that paints before any JavaScript runs — the app shell with the page's markup in #root and the
 * prerendered pages' entry in place of the shell's — and keeps the empty shell as app.html for
 * every other client-side route.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APP_SHELL_FILE, PRERENDERED_PAGES } from '@shared/site-pages';

/** The build input (relative to frontend/) that loads the app on every prerendered page. */
export const PRERENDERED_ENTRY = 'src/main-prerendered.tsx';
/** Its size with its static imports, unminified bytes: a few kB, as it loads the app only later. */
const MAX_LOADER_BYTES = 10 * 1024;

export type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

const EMPTY_ROOT = '<div id="root"></div>';
// The tags Vite writes for the shell's entry: a module script and the modulepreloads of its imports.
const ENTRY_TAGS = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/** The files of an entry and of everything it imports statically, the entry first. */
export function entryFiles(manifest: Manifest, entryKey: string): string[] {
  if (!manifest[entryKey]?.isEntry) throw new Error(`${entryKey} is not an entry of the build manifest`);
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  return [...keys].map((key) => manifest[key].file);
}

/**
 * The script tag of an entry and the modulepreloads of its static imports. A prerendered page
 * paints without them, so they ask for low priority: the HTML and CSS come first.
 */
export function entryTags([entry, ...imports]: string[]): string {
  return [
    `<script type="module" crossorigin fetchpriority="low" src="/${entry}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
  ].join('\n    ');
}

/** The shell with a page's markup in #root and the page's entry in place of the shell's. */
export function pageHtml(shell: string, markup: string, tags: string): string {
  if (shell.split(EMPTY_ROOT).length !== 2) throw new Error(`The shell needs exactly one ${EMPTY_ROOT}`);
  // The site's CSP allows no inline script: the markup must not need one.
  if (/<script\b/i.test(markup)) throw new Error('The prerendered markup holds a <script>');
  const withoutEntry = shell.replace(ENTRY_TAGS, '');
  if (!/\s*<\/head>/.test(withoutEntry)) throw new Error('The shell has no </head>');
  return withoutEntry
    .replace(/\s*<\/head>/, () => `\n    ${tags}\n  </head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
}

/** What the server build's entry (frontend/src/entry-server.tsx) gives: the renderer and the pages. */
type ServerEntry = {
  renderPage: (pathname: string) => Promise<string>;
  APP_SHELL_FILE: typeof APP_SHELL_FILE;
  PRERENDERED_PAGES: typeof PRERENDERED_PAGES;
};

/** Reads the client build in siteDir, renders each page with the server build, writes the HTML files. */
export async function prerenderPages(opts: { siteDir: string; serverEntry: string }): Promise<void> {
  const shell = readFileSync(join(opts.siteDir, 'index.html'), 'utf8');
  const manifest: Manifest = JSON.parse(readFileSync(join(opts.siteDir, '.vite/manifest.json'), 'utf8'));
  const { renderPage, APP_SHELL_FILE, PRERENDERED_PAGES } = (await import(
    pathToFileURL(opts.serverEntry).href
  )) as ServerEntry;

  const loader = entryFiles(manifest, PRERENDERED_ENTRY);
  // The loader is all a prerendered page fetches before it paints: a static import of the app
  // (React, the router) would put the app back in front of the first paint.
  const loaderBytes = loader.reduce((sum, file) => sum + statSync(join(opts.siteDir, file)).size, 0);
  if (loaderBytes > MAX_LOADER_BYTES) {
    throw new Error(
      `The prerendered pages' loader is ${loaderBytes} bytes (${loader.join(', ')}), over ${MAX_LOADER_BYTES}`,
    );
  }
  const tags = entryTags(loader);
  writeFileSync(join(opts.siteDir, APP_SHELL_FILE), shell);
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    const html = pageHtml(shell, await renderPage(pathname), tags);
    mkdirSync(dirname(join(opts.siteDir, file)), { recursive: true });
    writeFileSync(join(opts.siteDir, file), html);
  }
}
