/**
 * How "Save to Camera Roll" delivers the HD files (docs/product.md#results-page): below 768 px the images open in a
 * new tab (hold the image, Save to Photos); wider screens download each file, 300 ms apart.
 */
import { HD_DOWNLOAD_GAP_MS, MOBILE_BREAKPOINT_PX } from '@shared/rules/progress';
import type { HdFile } from '@shared/schemas/payments';

export type SaveMode = 'tab' | 'files';

export function saveMode(viewportWidth: number): SaveMode {
  return viewportWidth < MOBILE_BREAKPOINT_PX ? 'tab' : 'files';
}

/** The Content-Disposition the server should set for this mode. */
export function dispositionFor(mode: SaveMode): 'inline' | 'attachment' {
  return mode === 'tab' ? 'inline' : 'attachment';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts one download per file with a gap between them: browsers drop downloads started in the
 * same instant from one page. Resolves once the last one has started.
 */
export async function downloadOneByOne(
  files: readonly HdFile[],
  start: (file: HdFile) => void,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  for (const [i, file] of files.entries()) {
    if (i > 0) await wait(HD_DOWNLOAD_GAP_MS);
    start(file);
  }
}

/** How long a download frame stays in the page: long enough for the response headers to arrive. */
const FRAME_LIFETIME_MS = 60_000;

/**
 * A hidden frame navigated to a presigned `attachment` URL downloads the file without leaving the
 * page; if the link has expired, the error lands in the invisible frame instead of replacing it.
 */
export function startFrameDownload(file: HdFile, doc: Document = document): void {
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.title = file.fileName;
  frame.src = file.url;
  doc.body.append(frame);
  setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
}

/**
 * Shows the inline images in the tab opened on the click: one image goes straight to its URL (the
 * browser's own image view); several get a plain page of all of them, built with DOM calls only.
 */
export function showInTab(tab: Window, files: readonly HdFile[], hint: string): void {
  if (files.length === 1) {
    tab.location.href = files[0].url;
    return;
  }
  const doc = tab.document;
  doc.title = 'Your HD photos';
  const viewport = doc.createElement('meta');
  viewport.name = 'viewport';
  viewport.content = 'width=device-width, initial-scale=1';
  doc.head.append(viewport);
  doc.body.replaceChildren();
  doc.body.style.cssText =
    'margin:0;padding:16px;font-family:system-ui,sans-serif;background:#faf5ff;color:#0f172a';
  const note = doc.createElement('p');
  note.textContent = hint;
  note.style.cssText = 'font-weight:600;margin:0 0 16px';
  doc.body.append(note);
  for (const file of files) {
    const figure = doc.createElement('figure');
    figure.style.cssText = 'margin:0 0 24px';
    const img = doc.createElement('img');
    img.src = file.url;
    img.alt = `Your child at age ${file.age} in HD`;
    img.style.cssText = 'display:block;width:100%;height:auto;border-radius:16px';
    const caption = doc.createElement('figcaption');
    caption.textContent = `Age ${file.age}`;
    caption.style.cssText = 'margin-top:8px;font-weight:700';
    figure.append(img, caption);
    doc.body.append(figure);
  }
}

/** Placeholder text for the tab while the links are fetched (it opens blank on the click). */
export function showPreparing(tab: Window, text: string): void {
  try {
    tab.document.title = text;
    tab.document.body.textContent = text;
  } catch {
    // Not scriptable (should not happen for a fresh blank tab): the images arrive anyway.
  }
}
