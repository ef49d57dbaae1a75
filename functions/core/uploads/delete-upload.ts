/**
 * A parent (or the visitor session) deletes one upload: its items and every stored file — the raw
 * incoming file, the original (temp/ or users/), each preview and HD render.
 */
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal, RenderJobRecord, UploadRecord } from '../ports';
import { assertOwner } from './ownership';
import { uploadObjectKeys } from './upload-objects';

/** A render that finishes between our read and our delete forces another round; this many at most. */
const ERASE_ATTEMPTS = 3;

export async function deleteUpload(deps: Deps, principal: Principal, uploadId: string) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(principal, found.upload);
  await eraseUpload(deps, found.upload, found.jobs);
  return { ok: true as const };
}

/**
 * Files first, then the items, only if no job recorded new files meanwhile: a failure leaves the
 * items (and so the keys) in place to retry, and a render finishing after the items are gone
 * deletes its own files (render-job.ts). Returns false when the upload was already gone.
 */
export async function eraseUpload(
  deps: Deps,
  upload: UploadRecord,
  jobs?: RenderJobRecord[],
): Promise<boolean> {
  let current: { upload: UploadRecord; jobs: RenderJobRecord[] } | null = jobs ? { upload, jobs } : null;
  for (let attempt = 1; attempt <= ERASE_ATTEMPTS; attempt++) {
    // An expired upload reads as missing but its items may still be there until TTL removes them.
    current ??= (await deps.uploads.getUploadWithJobs(upload.id)) ?? { upload, jobs: [] };
    const objects = uploadObjectKeys(current.upload, current.jobs);
    await Promise.all([
      deps.blobs.delete('uploads', objects.uploads),
      deps.blobs.delete('renders', objects.renders),
    ]);
    if (await deps.uploads.deleteUpload(current.upload, current.jobs)) return true;
    const again = await deps.uploads.getUploadWithJobs(upload.id);
    if (!again) return false;
    current = again;
  }
  throw new DomainError('unavailable', 'serverError');
}
