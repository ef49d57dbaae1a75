/**
 * The draft the editor offers to resume ("Resume your draft?", docs/product.md#moments-editor): the
 * editor stores the draft it is working on, My Drafts stores a duplicate before opening the editor.
 * Kept in localStorage so a reload or a new tab still offers it; one draft at a time.
 */
import { type DraftView, draftViewSchema } from '@shared/schemas/moments';
import { browserStorage } from '../../lib/browser-storage';

const KEY = 'lf.moments.resumeDraft';

export function storeResumeDraft(draft: DraftView): void {
  try {
    browserStorage('localStorage')?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage only costs the resume offer.
  }
}

/** The stored draft for this template, if any (a draft for another template is not offered here). */
export function readResumeDraft(templateId: string): DraftView | null {
  try {
    const raw = browserStorage('localStorage')?.getItem(KEY);
    if (!raw) return null;
    const parsed = draftViewSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.templateId === templateId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearResumeDraft(): void {
  try {
    browserStorage('localStorage')?.removeItem(KEY);
  } catch {
    // Nothing to do.
  }
}
