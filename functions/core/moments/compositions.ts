/**
 * Keepsakes made by the server with the one drawing function: free (800×800, watermarked) for any
 * caller, HD (2000×2000 from the clean template) for a signed-in parent, paid with its catalog
 * price in credits (CREDIT_PRICES) or the live subscription. The HD record and its debit are one
 * transaction keyed by the browser's request id, so a double click or a retry makes and charges
 * one keepsake. Every keepsake is written pending and recorded under its photo only while the photo
 * exists: deleting the photo (or the account) finds it, and one drawn while the photo was deleted
 * never outlives it.
 */
import { createHash } from 'node:crypto';
import { CUTOUT_COPY_SIDE, storageKeys, TEMPLATE_SQUARES, type TemplateSquare } from '@shared/deployment';
import { MOMENTS_CANVAS_PX, MOMENTS_HD_PX } from '@shared/rules/placement';
import type {
  CompositionView,
  CreateCompositionRequest,
  createCompositionRequestSchema,
} from '@shared/schemas/moments';
import type { z } from 'zod';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import { chargeFor } from '../payments/credits';
import type { CreditCharge } from '../payments/payment-ports';
import type { OwnerRef, Principal, UploadRecord } from '../ports';
import { takeQuota } from '../quotas';
import { isOwner, ownerFor, requireUser } from '../uploads/ownership';
import type { CompositionRecord, TemplateRecord } from './moments-ports';
import { type StoredImage, storedLayer } from './stored-layers';
import { publishedTemplate } from './templates';

export type CompositionRequest = z.output<typeof createCompositionRequestSchema>;
export const COMPOSITION_LINK_SECONDS = 15 * 60;

/** The composition's id: the same request of the same owner always names the same files. */
export function compositionIdFor(owner: OwnerRef, requestId: string): string {
  const hex = createHash('sha256').update(`${owner}\n${requestId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function createFreeKeepsake(
  deps: Pick<
    Deps,
    | 'blobs'
    | 'clock'
    | 'compositions'
    | 'keepsakes'
    | 'logger'
    | 'metrics'
    | 'packs'
    | 'quotaLimits'
    | 'quotas'
    | 'templates'
    | 'uploads'
  >,
  principal: Principal,
  request: CompositionRequest,
): Promise<CompositionView> {
  const owner = ownerFor(principal);
  const { upload, template, templateImage } = await inputsOf(deps, principal, request, TEMPLATE_SQUARES.free);
  const id = compositionIdFor(owner, request.requestId);
  const key = storageKeys.composition(id, 'free');
  // A retry of the same click (say, for a fresh link after one expired) reuses the drawing.
  if (!(await deps.blobs.head('renders', key))) {
    await takeQuota(deps, principal, 'freeComposition');
    await draw(deps, upload, template, templateImage, request, {
      size: MOMENTS_CANVAS_PX,
      watermark: true,
      key,
    });
    deps.metrics.count('FreeCompositions');
  }
  // Recorded (again, on a retry: the first may have died before) before the tag comes off.
  const link = {
    id,
    owner,
    requestId: request.requestId,
    quality: 'free' as const,
    uploadId: upload.id,
    key,
    createdAt: deps.clock.now().toISOString(),
  };
  if (!(await deps.compositions.recordFreeComposition(link))) return deletedMeanwhile(deps, key);
  await commitFiles(deps, 'renders', [key], { anonymous: isAnonymous(upload) }, { compositionId: id });
  const size = MOMENTS_CANVAS_PX;
  return view(deps, { id, key, quality: 'free', width: size, height: size, paidWith: 'none', balance: null });
}

/** An HD keepsake: drawn, stored, and paid (chargeFor, settled with its record). */
export type HdKeepsakeDeps = Pick<
  Deps,
  | 'blobs'
  | 'clock'
  | 'compositions'
  | 'keepsakes'
  | 'logger'
  | 'metrics'
  | 'packs'
  | 'paymentStore'
  | 'templates'
  | 'uploads'
>;

export async function createHdKeepsake(
  deps: HdKeepsakeDeps,
  principal: Principal,
  request: CompositionRequest,
): Promise<CompositionView> {
  const user = requireUser(principal);
  const owner: OwnerRef = `user:${user.sub}`;
  const existing = await deps.compositions.getHdComposition(user.sub, request.requestId);
  if (existing) return viewOfRecord(deps, existing);

  const { upload, template, templateImage } = await inputsOf(deps, principal, request, TEMPLATE_SQUARES.hd);
  // Decided before the (costly) drawing; the transaction settles it for real.
  const charge = await chargeFor(deps, user.sub, 'hd_keepsake');
  const id = compositionIdFor(owner, request.requestId);
  const key = storageKeys.composition(id, 'hd');
  await draw(deps, upload, template, templateImage, request, { size: MOMENTS_HD_PX, watermark: false, key });

  return settleHd(
    deps,
    user.sub,
    {
      id,
      owner,
      requestId: request.requestId,
      templateId: request.templateId,
      uploadId: request.uploadId,
      key,
      width: MOMENTS_HD_PX,
      height: MOMENTS_HD_PX,
    },
    charge,
  );
}

/** What an HD drawing's record holds beyond what settleHd fills in itself. */
export type HdDrawing = Omit<CompositionRecord, 'quality' | 'paidWith' | 'createdAt'>;

/**
 * The HD record and its charge in one transaction (the drawing is already stored): a retry gets
 * the first one; without the credits, the drawing is deleted and the parent is shown how to buy.
 */
export async function settleHd(
  deps: Pick<Deps, 'blobs' | 'clock' | 'compositions' | 'logger' | 'metrics'>,
  userSub: string,
  drawing: HdDrawing,
  charge: CreditCharge,
  fileNameOf?: (record: CompositionRecord) => string,
): Promise<CompositionView> {
  const record: CompositionRecord = {
    ...drawing,
    quality: 'hd',
    paidWith: charge.via,
    createdAt: deps.clock.now().toISOString(),
  };
  const result = await deps.compositions.recordHdComposition(userSub, record, charge);
  if (result.status === 'upload_gone') return deletedMeanwhile(deps, record.key);
  if (result.status === 'insufficient') {
    await deps.blobs.delete('renders', [record.key]).catch((error) => {
      deps.logger.warn('could not delete an unpaid HD keepsake', { key: record.key, error: String(error) });
    });
    throw new DomainError('payment_required', 'notEnoughCredits');
  }
  // A duplicate's drawing went to the first one's key (the id comes from the request): committed too.
  await commitFiles(deps, 'renders', [record.key], { anonymous: false }, { compositionId: record.id });
  if (result.status === 'duplicate') return viewOfRecord(deps, result.record, fileNameOf?.(result.record));
  deps.logger.info('HD keepsake made', { compositionId: record.id, paidWith: charge.via });
  deps.metrics.count('HdCompositions');
  if (charge.via === 'credits') deps.metrics.count('CreditsSpent', charge.amount);
  return view(deps, { ...record, balance: result.balance }, fileNameOf?.(record));
}

/** The photo was deleted while its keepsake was drawn: the drawing goes too (else it expires, pending). */
async function deletedMeanwhile(deps: Pick<Deps, 'blobs' | 'logger'>, key: string): Promise<never> {
  await deps.blobs.delete('renders', [key]).catch((error) => {
    deps.logger.warn('could not delete the keepsake of a deleted photo', { key, error: String(error) });
  });
  throw new DomainError('not_found', 'uploadNotFound');
}

const isAnonymous = (upload: Pick<UploadRecord, 'owner'>) => upload.owner.startsWith('session:');

/**
 * The template and the caller's own photo with its cut-out; another family's photo is not found.
 * The template image is a file of its own or, for Moments, a square copy of one.
 */
export async function inputsOf(
  deps: Pick<Deps, 'packs' | 'templates' | 'uploads'>,
  principal: Principal,
  request: Pick<CreateCompositionRequest, 'templateId' | 'uploadId'>,
  image: 'native.jpg' | TemplateSquare,
): Promise<{ upload: UploadRecord; template: TemplateRecord; templateImage: StoredImage }> {
  const [template, found] = await Promise.all([
    publishedTemplate(deps, request.templateId),
    deps.uploads.getUploadWithJobs(request.uploadId),
  ]);
  if (!found || !isOwner(principal, found.upload)) throw new DomainError('not_found', 'uploadNotFound');
  if (!found.upload.cutout) throw new DomainError('conflict', 'extractFirst');
  const key =
    typeof image === 'string'
      ? storageKeys.template(template.id, image)
      : storageKeys.templateSquare(template.id, image);
  const templateImage: StoredImage = { key, version: template.imageSource };
  return { upload: found.upload, template, templateImage };
}

async function draw(
  deps: Pick<Deps, 'blobs' | 'keepsakes' | 'logger'>,
  upload: UploadRecord,
  template: TemplateRecord,
  templateImage: StoredImage,
  request: CompositionRequest,
  out: { size: number; watermark: boolean; key: string },
): Promise<void> {
  const cutoutKey = storageKeys.cutout(upload.owner, upload.id);
  const sourceKey = storageKeys.cutoutSource(upload.owner, upload.id);
  const cutoutVersion = upload.cutout?.createdAt ?? '';
  // A canvas this small never draws the cut-out larger than its copy.
  const cutout: StoredImage = {
    key: out.size <= CUTOUT_COPY_SIDE ? storageKeys.cutoutCopy(upload.owner, upload.id) : cutoutKey,
    version: cutoutVersion,
  };
  const { jpeg, timings } = await deps.keepsakes.render({
    background: storedLayer(deps, 'renders', templateImage),
    cutout: storedLayer(deps, 'uploads', cutout),
    // Read only if a restore stroke draws from it (the renderer decides).
    source: { cacheKey: `${sourceKey}@${cutoutVersion}`, load: () => deps.blobs.get('uploads', sourceKey) },
    placement: request.placement,
    strokes: request.strokes,
    blend: request.blend,
    template: { width: template.nativeWidth, height: template.nativeHeight, groundY: template.groundY },
    size: out.size,
    watermark: out.watermark,
  });
  deps.logger.info('keepsake drawn', { size: out.size, ...timings });
  await deps.blobs.put('renders', out.key, jpeg, {
    contentType: 'image/jpeg',
    anonymous: isAnonymous(upload),
    pending: true,
  });
}

export function viewOfRecord(
  deps: Pick<Deps, 'blobs'>,
  record: CompositionRecord,
  fileName?: string,
): Promise<CompositionView> {
  return view(deps, { ...record, paidWith: 'none', balance: null }, fileName);
}

async function view(
  deps: Pick<Deps, 'blobs'>,
  c: Pick<CompositionRecord, 'id' | 'key' | 'quality' | 'width' | 'height'> & {
    paidWith: CompositionView['paidWith'];
    balance: number | null;
  },
  fileName = `little-futures-keepsake-${c.quality === 'hd' ? 'hd-' : ''}${c.id.slice(0, 8)}.jpg`,
): Promise<CompositionView> {
  const link = (disposition: 'inline' | 'attachment') =>
    deps.blobs.presignGet('renders', c.key, {
      expiresInSeconds: COMPOSITION_LINK_SECONDS,
      fileName,
      disposition,
    });
  const [url, downloadUrl] = await Promise.all([link('inline'), link('attachment')]);
  return {
    compositionId: c.id,
    quality: c.quality,
    width: c.width,
    height: c.height,
    url,
    downloadUrl,
    fileName,
    expiresInSeconds: COMPOSITION_LINK_SECONDS,
    paidWith: c.paidWith,
    balance: c.balance,
  };
}
