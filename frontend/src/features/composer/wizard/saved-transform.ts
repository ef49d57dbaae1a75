/**
 * The composition in progress, kept for this tab: a visitor sent to sign in for an HD export (or a
 * reload) comes back to the same photo, placed as they left it. One at a time.
 */
import type { ComposerTransform } from '@shared/rules/composer-transform';
import { composerTransformSchema } from '@shared/schemas/moments';
import { z } from 'zod';
import { browserStorage, forgivingStore } from '../../../lib/browser-storage';

const KEY = 'lf.composer.inProgress';
const store = forgivingStore(() => browserStorage('sessionStorage'));
const savedSchema = z.object({
  templateId: z.string(),
  uploadId: z.string(),
  transform: composerTransformSchema,
});

export function saveTransform(templateId: string, uploadId: string, transform: ComposerTransform): void {
  store.setItem(KEY, JSON.stringify({ templateId, uploadId, transform }));
}

/** The saved transform of this photo on this template, if it is the one in progress. */
export function savedTransform(templateId: string, uploadId: string): ComposerTransform | null {
  try {
    const parsed = savedSchema.safeParse(JSON.parse(store.getItem(KEY) ?? 'null'));
    return parsed.success && parsed.data.templateId === templateId && parsed.data.uploadId === uploadId
      ? parsed.data.transform
      : null;
  } catch {
    return null;
  }
}
