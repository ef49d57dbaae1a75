/**
 * The safe-area editor (docs/product.md#template-editor): every template for the picker, and a
 * save that clamps the safe area as the form does and approves the template (docs/architecture.md#keepsakes:
 * a reviewed safe area lists it in the composer gallery).
 */
import { clampSafeArea } from '@shared/rules/safe-area';
import type { UpdateTemplateRequest } from '@shared/schemas/admin-templates';
import type { TemplateList, TemplateView } from '@shared/schemas/moments';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import { toTemplateView, withPackStatus } from '../moments/templates';

export async function listAdminTemplates(
  deps: Pick<Deps, 'packs' | 'templates' | 'previewsBaseUrl'>,
): Promise<TemplateList> {
  const templates = await withPackStatus(deps, await deps.templates.listAll());
  return { templates: templates.map((t) => toTemplateView(deps, t)) };
}

export async function updateTemplate(
  deps: Pick<Deps, 'packs' | 'templates' | 'previewsBaseUrl' | 'logger'>,
  templateId: string,
  input: UpdateTemplateRequest,
): Promise<TemplateView> {
  const existing = await deps.templates.getTemplate(templateId);
  if (!existing) throw new DomainError('not_found', 'templateSaveNotFound', 'template_not_found');
  const saved = {
    ...existing,
    sceneName: input.sceneName,
    category: input.category,
    orientation: input.orientation,
    safeArea: clampSafeArea(input.safeArea),
    nativeWidth: input.nativeWidth,
    nativeHeight: input.nativeHeight,
    displayOrder: input.displayOrder,
    status: 'approved' as const,
  };
  await deps.templates.putTemplate(saved);
  deps.logger.info('template saved', { templateId, displayOrder: saved.displayOrder });
  // Approved, yet still held back while its pack is a draft.
  const [shown] = await withPackStatus(deps, [saved]);
  return toTemplateView(deps, shown);
}
