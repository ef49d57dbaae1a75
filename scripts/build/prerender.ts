/**
 * The last step of `vite build` (vite.config.ts): writes each page of shared/site-pages.ts as HTML
 * that paints before any JavaScript runs — the app shell with the page's markup in #root and the
 * prerendered pages' entry in place of the shell's — and keeps the empty shell as app.html for
 * every other client-side route.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '../../shared/site-pages.js';

/** The build input (relative to frontend/) that loads the app on every prerendered page. */
export const PRERENDERED_ENTRY = 'src/main-prerendered.tsx';

export type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

const EMPTY_ROOT = '<div id="root"></div>';
// The tags Vite writes for the shell's entry: a module script and the modulepreloads of its imports.
const ENTRY_TAGS = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/**
 * The script and modulepreload tags of an entry and everything it imports statically. A prerendered
 * page paints without them, so they ask for low priority: the HTML and CSS come first.
 */
export function entryTags(manifest: Manifest, entryKey: string): string {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`${entryKey} is not an entry of the build manifest`);
  const imports = new Set<string>();
  const visit = (key: string) => {
    for (const dep of manifest[key].imports ?? []) {
      if (imports.has(dep)) continue;
      imports.add(dep);
      visit(dep);
    }
  };
  visit(entryKey);
  return [
    `<script type="module" crossorigin fetchpriority="low" src="/${entry.file}"></script>`,
    ...[...imports].map(
      (key) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[key].file}">`,
    ),
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

type RenderPage = (pathname: string) => Promise<string>;

/** Reads the client build in siteDir, renders each page with the server build, writes the HTML files. */
export async function prerenderPages(opts: { siteDir: string; serverEntry: string }): Promise<void> {
  const shell = readFileSync(join(opts.siteDir, 'index.html'), 'utf8');
  const manifest: Manifest = JSON.parse(readFileSync(join(opts.siteDir, '.vite/manifest.json'), 'utf8'));
  const { renderPage } = (await import(pathToFileURL(opts.serverEntry).href)) as { renderPage: RenderPage };

  const tags = entryTags(manifest, PRERENDERED_ENTRY);
  writeFileSync(join(opts.siteDir, APP_SHELL_FILE), shell);
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    const html = pageHtml(shell, await renderPage(pathname), tags);
    mkdirSync(dirname(join(opts.siteDir, file)), { recursive: true });
    writeFileSync(join(opts.siteDir, file), html);
  }
}
