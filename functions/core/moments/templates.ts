/**
 * The template library as the galleries and the editor see it. A pack's generated scenes follow the
 * pack: listed only while it is published. The pack's status is read here, the one place it is kept,
 * so publishing or unpublishing a pack writes nothing to its templates and can never half-apply.
 */
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
    ...(t.groundY === undefined ? {} : { groundY: t.groundY }),
    status: t.status,
    displayOrder: t.displayOrder,
    createdAt: t.createdAt,
    imageUrl: templateImageUrl(deps, t.id, 'wm.jpg'),
    thumbUrl: templateImageUrl(deps, t.id, 'thumb.webp'),
  };
}

export const isPublished = (t: TemplateRecord) => MOMENTS_STATUSES.includes(t.status);

/** Ids of the published packs, asked only when some template belongs to a pack. */
async function publishedPacks(
  deps: Pick<Deps, 'packs'>,
  templates: readonly TemplateRecord[],
): Promise<Set<string>> {
  if (!templates.some((t) => t.packId)) return new Set();
  const packs = await deps.packs.listPacks();
  return new Set(packs.filter((pack) => pack.status === 'active').map((pack) => pack.id));
}

/** Whether a template may be listed as its status says: not a scene of a pack that is not published. */
const releasedBy = (published: Set<string>) => (t: TemplateRecord) => {
  return !t.packId || published.has(t.packId);
};

/** Templates as the galleries may list them: a draft pack's scenes left out. */
async function released(deps: Pick<Deps, 'packs'>, templates: TemplateRecord[]): Promise<TemplateRecord[]> {
  return templates.filter(releasedBy(await publishedPacks(deps, templates)));
}

/** Every template as the editor shows it: a scene held back by its draft pack is a draft there. */
export async function withPackStatus(
  deps: Pick<Deps, 'packs'>,
  templates: TemplateRecord[],
): Promise<TemplateRecord[]> {
  const isReleased = releasedBy(await publishedPacks(deps, templates));
  return templates.map((t) => (isReleased(t) ? t : { ...t, status: 'draft' }));
}

export async function listTemplates(
  deps: Pick<Deps, 'packs' | 'previewsBaseUrl' | 'templates'>,
): Promise<TemplateList> {
  const templates = await released(deps, await deps.templates.listPublished());
  return { templates: templates.map((t) => toTemplateView(deps, t)) };
}

/** The composer gallery: approved templates (safe area reviewed), in the operators' display order. */
export async function listComposerTemplates(
  deps: Pick<Deps, 'packs' | 'previewsBaseUrl' | 'templates'>,
): Promise<TemplateList> {
  const templates = await released(deps, await deps.templates.listApproved());
  return { templates: templates.map((t) => toTemplateView(deps, t)) };
}

/** A published template; an unknown or unpublished one (or one of a draft pack) is not found. */
export async function publishedTemplate(
  deps: Pick<Deps, 'packs' | 'templates'>,
  templateId: string,
): Promise<TemplateRecord> {
  const template = await deps.templates.getTemplate(templateId);
  const pack = template?.packId;
  const released = !pack || (await deps.packs.getPack(pack))?.status === 'active';
  if (!template || !isPublished(template) || !released)
    throw new DomainError('not_found', 'templateNotFound');
  return template;
}

export async function getTemplate(
  deps: Pick<Deps, 'packs' | 'previewsBaseUrl' | 'templates'>,
  templateId: string,
): Promise<TemplateView> {
  return toTemplateView(deps, await publishedTemplate(deps, templateId));
}
