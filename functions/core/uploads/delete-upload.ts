/**
 * A parent (or the visitor session) deletes one upload: its items and every stored file — the raw
 * incoming file, the original (temp/ or users/), each preview and HD render — and the CDN's cached
 * copies of its public previews.
 */
import { matchesKeyPattern, publicKeyPatterns } from '@shared/deployment';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal, RenderJobRecord, UploadRecord } from '../ports';
import { assertOwner } from './ownership';
import { uploadObjectKeys } from './upload-objects';

/** A render that finishes between our read and our delete forces another round; this many at most. */
const ERASE_ATTEMPTS = 3;
/** CloudFront takes at most 3000 paths in progress; one call stays well under. */
const PATHS_PER_INVALIDATION = 1000;

export async function deleteUpload(
  deps: Pick<Deps, 'blobs' | 'cdn' | 'logger' | 'uploads'>,
  principal: Principal,
  uploadId: string,
) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(principal, found.upload);
  const erased = await eraseUpload(deps, found.upload, found.jobs);
  await invalidatePublicPaths(deps, erased.publicPaths);
  return { ok: true as const };
}

export type ErasedUpload = {
  /** false when the upload was already gone. */
  erased: boolean;
  /** The jobs as they were deleted (orders that unlocked them: `unlockedBy`). */
  jobs: RenderJobRecord[];
  /** Site paths of the deleted files that the CDN serves (its previews), to invalidate. */
  publicPaths: string[];
};

/**
 * Files first, then the items, only if no job recorded new files meanwhile: a failure leaves the
 * items (and so the keys) in place to retry, and a render finishing after the items are gone
 * deletes its own files (render-job.ts).
 */
export async function eraseUpload(
  deps: Pick<Deps, 'blobs' | 'uploads'>,
  upload: UploadRecord,
  jobs?: RenderJobRecord[],
): Promise<ErasedUpload> {
  let current: { upload: UploadRecord; jobs: RenderJobRecord[] } | null = jobs ? { upload, jobs } : null;
  const publicPaths = new Set<string>();
  for (let attempt = 1; attempt <= ERASE_ATTEMPTS; attempt++) {
    // An expired upload reads as missing but its items may still be there until TTL removes them.
    current ??= (await deps.uploads.getUploadWithJobs(upload.id)) ?? { upload, jobs: [] };
    const objects = uploadObjectKeys(current.upload, current.jobs);
    for (const path of publicPathsOf(objects.renders)) publicPaths.add(path);
    await Promise.all([
      deps.blobs.delete('uploads', objects.uploads),
      deps.blobs.delete('renders', objects.renders),
    ]);
    if (await deps.uploads.deleteUpload(current.upload, current.jobs))
      return { erased: true, jobs: current.jobs, publicPaths: [...publicPaths] };
    const again = await deps.uploads.getUploadWithJobs(upload.id);
    if (!again) return { erased: false, jobs: current.jobs, publicPaths: [...publicPaths] };
    current = again;
  }
  throw new DomainError('unavailable', 'serverError');
}

/** Keys of the renders bucket that CloudFront serves (shared/deployment.ts), as site paths. */
function publicPathsOf(renderKeys: string[]): string[] {
  const patterns = publicKeyPatterns('renders');
  return renderKeys
    .filter((key) => patterns.some((pattern) => matchesKeyPattern(pattern, key)))
    .map((key) => `/${key}`);
}

/**
 * After the files are gone: a cached preview would otherwise stay readable at the CDN for up to its
 * max-age (a day). Best effort: the deletion itself is done and stands; a failure is an error in the
 * log (an operator can invalidate `/previews/<upload>/*` by hand).
 */
export async function invalidatePublicPaths(deps: Pick<Deps, 'cdn' | 'logger'>, paths: string[]) {
  for (let i = 0; i < paths.length; i += PATHS_PER_INVALIDATION) {
    const batch = paths.slice(i, i + PATHS_PER_INVALIDATION);
    await deps.cdn.invalidate(batch).catch((error) => {
      deps.logger.error('could not invalidate deleted previews at the CDN', {
        paths: batch,
        error: String(error),
      });
    });
  }
}
