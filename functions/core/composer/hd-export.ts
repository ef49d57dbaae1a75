/**
 * The composer's HD export, its result step: drawn by the server at the template's native size
 * from the clean template, with the composer's transform, and paid like a Moments HD keepsake (its
 * catalog price in credits or the live subscription, one transaction per request id). Only approved
 * templates (safe area reviewed) are in the composer.
 */
import { storageKeys } from '@shared/deployment';
import type { CompositionView, CreateComposerHdRequest } from '@shared/schemas/moments';
import { EXPORT_FILE_PRODUCT } from '@shared/templates';
import { DomainError } from '../errors';
import type { HdKeepsakeDeps } from '../moments/compositions';
import { compositionIdFor, inputsOf, settleHd, viewOfRecord } from '../moments/compositions';
import type { CompositionRecord } from '../moments/moments-ports';
import { storedLayer } from '../moments/stored-layers';
import { chargeFor } from '../payments/credits';
import type { OwnerRef, Principal } from '../ports';
import { requireUser } from '../uploads/ownership';

/** The export name, {product}_{templateId}_{timestamp}.jpg, from when it was made. */
export const composerFileName = (record: Pick<CompositionRecord, 'templateId' | 'createdAt'>) =>
  `${EXPORT_FILE_PRODUCT}_${record.templateId}_${Date.parse(record.createdAt)}.jpg`;

export async function createHdExport(
  deps: HdKeepsakeDeps,
  principal: Principal,
  request: CreateComposerHdRequest,
): Promise<CompositionView> {
  const user = requireUser(principal);
  const owner: OwnerRef = `user:${user.sub}`;
  const existing = await deps.compositions.getHdComposition(user.sub, request.requestId);
  if (existing) return viewOfRecord(deps, existing, composerFileName(existing));

  const { upload, template, templateImage } = await inputsOf(deps, principal, request, 'native.jpg');
  if (template.status !== 'approved') throw new DomainError('not_found', 'templateNotFound');
  const charge = await chargeFor(deps, user.sub, 'hd_export');
  const id = compositionIdFor(owner, request.requestId);
  const key = storageKeys.composition(id, 'hd');
  const cutoutKey = storageKeys.cutout(upload.owner, upload.id);
  const { jpeg, timings } = await deps.keepsakes.renderComposition({
    background: storedLayer(deps, 'renders', templateImage),
    cutout: {
      cacheKey: `${cutoutKey}@${upload.cutout?.createdAt ?? ''}`,
      load: () => deps.blobs.get('uploads', cutoutKey),
    },
    transform: request.transform,
    safeArea: template.safeArea,
    groundY: template.groundY,
    width: template.nativeWidth,
    height: template.nativeHeight,
  });
  deps.logger.info('composer keepsake drawn', { width: template.nativeWidth, ...timings });
  // Pending until settleHd records it under the photo (a photo deleted meanwhile leaves nothing).
  await deps.blobs.put('renders', key, jpeg, { contentType: 'image/jpeg', pending: true });

  return settleHd(
    deps,
    user.sub,
    {
      id,
      owner,
      requestId: request.requestId,
      templateId: template.id,
      uploadId: upload.id,
      key,
      width: template.nativeWidth,
      height: template.nativeHeight,
    },
    charge,
    composerFileName,
  );
}
