/**
 * Saved keepsake drafts of a signed-in parent (USER#sub / DRAFT#id): the template, the photo whose
 * cut-out is placed, the placement and the brush strokes. Visitors keep nothing server-side.
 */
import { randomUUID } from 'node:crypto';
import { storageKeys } from '@shared/deployment';
import { DEFAULT_MOMENTS_BLEND, MOMENTS_CANVAS_PX } from '@shared/rules/placement';
import type { DraftView, saveDraftRequestSchema } from '@shared/schemas/moments';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';
import { isOwner, requireUser } from '../uploads/ownership';
import { CUTOUT_LINK_SECONDS } from './cutouts';
import type { DraftRecord, TemplateRecord } from './moments-ports';
import { publishedTemplate, templateImageUrl } from './templates';

export type DraftInput = z.output<typeof saveDraftRequestSchema>;

export async function listDrafts(
  deps: Pick<Deps, 'blobs' | 'drafts' | 'previewsBaseUrl' | 'uploads'>,
  principal: Principal,
): Promise<{ drafts: DraftView[] }> {
  const user = requireUser(principal);
  const drafts = await deps.drafts.listDrafts(user.sub);
  return { drafts: await Promise.all(drafts.map((d) => draftView(deps, d))) };
}

export async function getDraft(
  deps: Pick<Deps, 'blobs' | 'drafts' | 'previewsBaseUrl' | 'uploads'>,
  principal: Principal,
  draftId: string,
): Promise<DraftView> {
  const user = requireUser(principal);
  return draftView(deps, await ownDraft(deps, user.sub, draftId));
}

/** What a draft holds of its template and of the editor's work. */
const contentOf = (template: TemplateRecord, input: DraftInput) => ({
  templateId: template.id,
  templateName: template.sceneName,
  theme: template.theme,
  uploadId: input.uploadId,
  placement: input.placement,
  strokes: input.strokes,
  blend: input.blend,
  canvas: input.canvas,
});

export async function createDraft(
  deps: Pick<Deps, 'blobs' | 'clock' | 'drafts' | 'packs' | 'previewsBaseUrl' | 'templates' | 'uploads'>,
  principal: Principal,
  input: DraftInput,
): Promise<DraftView> {
  const user = requireUser(principal);
  const template = await checkedInputs(deps, principal, input);
  const now = deps.clock.now().toISOString();
  const draft: DraftRecord = {
    id: randomUUID(),
    userSub: user.sub,
    name: input.name ?? template.sceneName,
    ...contentOf(template, input),
    createdAt: now,
    updatedAt: now,
  };
  await deps.drafts.createDraft(draft);
  return draftView(deps, draft);
}

export async function saveDraft(
  deps: Pick<Deps, 'blobs' | 'clock' | 'drafts' | 'packs' | 'previewsBaseUrl' | 'templates' | 'uploads'>,
  principal: Principal,
  draftId: string,
  input: DraftInput,
): Promise<DraftView> {
  const user = requireUser(principal);
  const current = await ownDraft(deps, user.sub, draftId);
  const template = await checkedInputs(deps, principal, input);
  const draft: DraftRecord = {
    ...current,
    name: input.name ?? current.name,
    ...contentOf(template, input),
    updatedAt: deps.clock.now().toISOString(),
  };
  if (!(await deps.drafts.updateDraft(draft))) throw new DomainError('not_found', 'draftNotFound');
  return draftView(deps, draft);
}

export async function renameDraft(
  deps: Pick<Deps, 'blobs' | 'clock' | 'drafts' | 'previewsBaseUrl' | 'uploads'>,
  principal: Principal,
  draftId: string,
  name: string,
): Promise<DraftView> {
  const user = requireUser(principal);
  const renamed = await deps.drafts.renameDraft(user.sub, draftId, name, deps.clock.now().toISOString());
  if (!renamed) throw new DomainError('not_found', 'draftNotFound');
  return draftView(deps, renamed.draft);
}

/** The copy is a new draft named "… (copy)" with the same content. */
export async function duplicateDraft(
  deps: Pick<Deps, 'blobs' | 'clock' | 'drafts' | 'previewsBaseUrl' | 'uploads'>,
  principal: Principal,
  draftId: string,
): Promise<DraftView> {
  const user = requireUser(principal);
  const original = await ownDraft(deps, user.sub, draftId);
  const now = deps.clock.now().toISOString();
  const copy: DraftRecord = {
    ...original,
    id: randomUUID(),
    name: `${original.name} (copy)`.slice(0, 80),
    createdAt: now,
    updatedAt: now,
  };
  await deps.drafts.createDraft(copy);
  return draftView(deps, copy);
}

export async function deleteDraft(
  deps: Pick<Deps, 'drafts'>,
  principal: Principal,
  draftId: string,
): Promise<{ ok: true }> {
  const user = requireUser(principal);
  if (!(await deps.drafts.deleteDraft(user.sub, draftId)))
    throw new DomainError('not_found', 'draftNotFound');
  return { ok: true };
}

async function ownDraft(deps: Pick<Deps, 'drafts'>, userSub: string, draftId: string): Promise<DraftRecord> {
  const draft = await deps.drafts.getDraft(userSub, draftId);
  if (!draft) throw new DomainError('not_found', 'draftNotFound');
  return draft;
}

/** The template must be published and the photo the parent's own, with its cut-out made. */
async function checkedInputs(
  deps: Pick<Deps, 'packs' | 'templates' | 'uploads'>,
  principal: Principal,
  input: DraftInput,
): Promise<TemplateRecord> {
  const [template, found] = await Promise.all([
    publishedTemplate(deps, input.templateId),
    deps.uploads.getUploadWithJobs(input.uploadId),
  ]);
  if (!found || !isOwner(principal, found.upload)) throw new DomainError('not_found', 'uploadNotFound');
  if (!found.upload.cutout) throw new DomainError('conflict', 'extractFirst');
  return template;
}

async function draftView(
  deps: Pick<Deps, 'blobs' | 'previewsBaseUrl' | 'uploads'>,
  draft: DraftRecord,
): Promise<DraftView> {
  const found = await deps.uploads.getUploadWithJobs(draft.uploadId);
  const upload = found?.upload;
  const cutoutUrl =
    // The upload was the parent's when the draft was saved (checkedInputs); it may have migrated since.
    upload?.cutout
      ? await deps.blobs.presignGet('uploads', storageKeys.cutout(upload.owner, upload.id), {
          expiresInSeconds: CUTOUT_LINK_SECONDS,
          fileName: 'cutout.png',
          disposition: 'inline',
        })
      : null;
  return {
    draftId: draft.id,
    name: draft.name,
    templateId: draft.templateId,
    templateName: draft.templateName,
    theme: draft.theme,
    uploadId: draft.uploadId,
    placement: draft.placement,
    strokes: draft.strokes,
    // A draft saved before the blend existed opens with the defaults.
    blend: { ...DEFAULT_MOMENTS_BLEND, ...draft.blend },
    canvas: { width: MOMENTS_CANVAS_PX, height: MOMENTS_CANVAS_PX },
    templateThumbUrl: templateImageUrl(deps, draft.templateId, 'thumb.webp'),
    cutoutUrl,
    updatedAt: draft.updatedAt,
    createdAt: draft.createdAt,
  };
}
