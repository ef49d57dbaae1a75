/** The template library as the galleries and the editor see it. */
import { storageKeys } from '@shared/deployment';
import type { TemplateList, TemplateView } from '@shared/schemas/moments';
import { MOMENTS_STATUSES } from '@shared/templates';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { TemplateRecord } from './moments-ports';

/** Public URL of a template's watermarked image or thumbnail (served by the CDN at the key's path). */
export const templateImageUrl = (
  deps: Pick<Deps, 'previewsBaseUrl'>,
  id: string,
  file: 'wm.jpg' | 'thumb.webp',
) => `${deps.previewsBaseUrl}/${storageKeys.template(id, file)}`;

export function toTemplateView(deps: Pick<Deps, 'previewsBaseUrl'>, t: TemplateRecord): TemplateView {
  return {
    templateId: t.id,
    sceneName: t.sceneName,
    theme: t.theme,
    category: t.category,
    orientation: t.orientation,
    nativeWidth: t.nativeWidth,
    nativeHeight: t.nativeHeight,
    safeArea: t.safeArea,
    status: t.status,
    displayOrder: t.displayOrder,
    createdAt: t.createdAt,
    imageUrl: templateImageUrl(deps, t.id, 'wm.jpg'),
    thumbUrl: templateImageUrl(deps, t.id, 'thumb.webp'),
  };
}

export const isPublished = (t: TemplateRecord) => MOMENTS_STATUSES.includes(t.status);

export async function listTemplates(
  deps: Pick<Deps, 'previewsBaseUrl' | 'templates'>,
): Promise<TemplateList> {
  const templates = await deps.templates.listPublished();
  return { templates: templates.map((t) => toTemplateView(deps, t)) };
}

/** The composer gallery: approved templates (safe area reviewed), in the operators' display order. */
export async function listComposerTemplates(
  deps: Pick<Deps, 'previewsBaseUrl' | 'templates'>,
): Promise<TemplateList> {
  const templates = await deps.templates.listApproved();
  return { templates: templates.map((t) => toTemplateView(deps, t)) };
}

/** A published template; an unknown or unpublished one is not found. */
export async function publishedTemplate(
  deps: Pick<Deps, 'templates'>,
  templateId: string,
): Promise<TemplateRecord> {
  const template = await deps.templates.getTemplate(templateId);
  if (!template || !isPublished(template)) throw new DomainError('not_found', 'templateNotFound');
  return template;
}

export async function getTemplate(
  deps: Pick<Deps, 'previewsBaseUrl' | 'templates'>,
  templateId: string,
): Promise<TemplateView> {
  return toTemplateView(deps, await publishedTemplate(deps, templateId));
}
