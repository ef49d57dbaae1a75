/**
 * Stores a template the way every template source does (the library seeder, pack generation):
 * the private native JPEG, the public watermarked JPEG and thumbnail, the private square copies
 * Moments keepsakes are drawn from (TEMPLATE_SQUARES), then the item, last, so a listed template
 * always has its images. Ids are derived from stable names, so a repeat overwrites.
 */
import { createHash } from 'node:crypto';
import { storageKeys, TEMPLATE_SQUARES } from '@shared/deployment';
import type { Deps } from '../deps';
import type { TemplateImages, TemplateRecord } from './moments-ports';

/** A UUID-shaped id that the same text always gives (version 5 layout, SHA-256 based). */
export function stableTemplateId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function storeTemplate(
  deps: Pick<Deps, 'templates' | 'blobs'>,
  template: TemplateRecord,
  images: TemplateImages,
): Promise<void> {
  const { id } = template;
  const cache = { cacheControl: 'public, max-age=86400' };
  await Promise.all([
    deps.blobs.put('renders', storageKeys.template(id, 'native.jpg'), images.native, {
      contentType: 'image/jpeg',
    }),
    deps.blobs.put('renders', storageKeys.template(id, 'wm.jpg'), images.watermarked, {
      contentType: 'image/jpeg',
      ...cache,
    }),
    deps.blobs.put('renders', storageKeys.template(id, 'thumb.webp'), images.thumb, {
      contentType: 'image/webp',
      ...cache,
    }),
    ...Object.entries(TEMPLATE_SQUARES).map(([name, square]) =>
      deps.blobs.put(
        'renders',
        storageKeys.templateSquare(id, square),
        images.squares[name as keyof typeof TEMPLATE_SQUARES],
        { contentType: 'image/jpeg' },
      ),
    ),
  ]);
  await deps.templates.putTemplate(template);
}
