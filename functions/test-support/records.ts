/** Upload and job records for tests, and a ready upload reached through the UploadStore port. */
import { getProduct, PREVIEW_AGES, type ProductId, type TargetAge } from '@shared/catalog';
import type { JobStatus } from '@shared/schemas/uploads';
import type { OrderRecord } from '../core/payments/payment-ports';
import type { Clock, OwnerRef, RenderJobRecord, UploadRecord, UploadStore } from '../core/ports';
import { anonymousExpiry, incomingKeyFor, originalKeyFor } from '../core/uploads/create-upload';

export const sessionOwner = (sessionId = crypto.randomUUID()): OwnerRef => `session:${sessionId}`;
export const userOwner = (sub = crypto.randomUUID()): OwnerRef => `user:${sub}`;

/** A new upload awaiting its file, as createUpload makes it (visitors' uploads expire). */
export function uploadRecord(clock: Clock, owner: OwnerRef, over: Partial<UploadRecord> = {}): UploadRecord {
  const id = over.id ?? crypto.randomUUID();
  return {
    id,
    owner,
    status: 'awaiting_file',
    incomingKey: incomingKeyFor({ id }),
    declaredType: 'image/jpeg',
    declaredSize: 1000,
    purpose: 'previews',
    migrated: false,
    createdAt: clock.now().toISOString(),
    expiresAt: owner.startsWith('session:') ? anonymousExpiry(clock.now()) : undefined,
    ...over,
  };
}

export function jobRecord(upload: UploadRecord, age: TargetAge, clock: Clock): RenderJobRecord {
  return {
    uploadId: upload.id,
    age,
    status: 'processing',
    hdUnlocked: false,
    updatedAt: clock.now().toISOString(),
    expiresAt: upload.owner.startsWith('session:') ? upload.expiresAt : undefined,
  };
}

/**
 * An upload made ready with one processing job per age (as completeUpload leaves it), then each job
 * moved to the status asked for. Returns the upload and jobs as stored.
 */
export async function readyUpload(
  store: UploadStore,
  clock: Clock,
  owner: OwnerRef,
  opts: {
    ages?: readonly TargetAge[];
    statuses?: Partial<Record<TargetAge, JobStatus>>;
    createdAt?: string;
  } = {},
) {
  const upload = uploadRecord(clock, owner, opts.createdAt ? { createdAt: opts.createdAt } : {});
  await store.createUpload(upload);
  const ages = opts.ages ?? PREVIEW_AGES;
  const ready = await store.markReadyWithJobs(
    upload,
    originalKeyFor(upload),
    ages.map((age) => jobRecord(upload, age, clock)),
  );
  if (!ready) throw new Error('could not make the upload ready');
  for (const [age, status] of Object.entries(opts.statuses ?? {})) {
    const target = Number(age) as TargetAge;
    if (status === 'done') {
      const keys = {
        previewKey: `previews/${upload.id}/${age}-p.jpg`,
        hdKey: `hd/${upload.id}/${age}-h.jpg`,
      };
      await store.completeJob(upload.id, target, keys);
    }
    if (status === 'failed') await store.failJob(upload.id, target, 'failed for the test');
  }
  const found = await store.getUploadWithJobs(upload.id);
  if (!found) throw new Error('the ready upload reads as gone');
  return found;
}

/** A pending checkout order of a new buyer, at its product's list price. */
export function orderRecord(
  clock: Clock,
  productId: ProductId,
  over: Partial<OrderRecord> = {},
): OrderRecord {
  return {
    sessionId: `cs_test_${crypto.randomUUID().replaceAll('-', '')}`,
    userSub: crypto.randomUUID(),
    productId,
    amountCents: getProduct(productId).priceCents,
    status: 'pending',
    createdAt: clock.now().toISOString(),
    ...over,
  };
}
