/**
 * A parent (or the visitor session) deletes one upload: its items and every stored file — the raw
 * incoming file, the original (temp/ or users/), its cut-out, each preview and HD render, each
 * keepsake made from it — and the CDN's cached copies of its public files.
 */
import { matchesKeyPattern, publicKeyPatterns } from '@shared/deployment';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { CompositionLink } from '../moments/moments-ports';
import type { Principal, RenderJobRecord, UploadRecord } from '../ports';
import { assertOwner } from './ownership';
import { uploadObjectKeys } from './upload-objects';

/** A render that finishes between our read and our delete forces another round; this many at most. */
const ERASE_ATTEMPTS = 3;
/** CloudFront takes at most 3000 paths in progress; one call stays well under. */
const PATHS_PER_INVALIDATION = 1000;

export async function deleteUpload(
  deps: Pick<Deps, 'blobs' | 'cdn' | 'compositions' | 'logger' | 'uploads'>,
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

type ErasedUpload = {
  /** false when the upload was already gone. */
  erased: boolean;
  /** Site paths of the deleted files that the CDN serves (its previews), to invalidate. */
  publicPaths: string[];
};

/**
 * Files first, then the items, only if nothing recorded new files meanwhile: a failure leaves the
 * items (and so the keys) in place to retry. What records a file of an upload does so only while
 * the upload item exists as read here, so a write finishing after the items are gone fails and
 * deletes its own files (render-job.ts, cutouts.ts, compositions.ts), or leaves them pending to
 * expire if its Lambda dies first.
 */
export async function eraseUpload(
  deps: Pick<Deps, 'blobs' | 'compositions' | 'logger' | 'uploads'>,
  upload: UploadRecord,
  jobs?: RenderJobRecord[],
): Promise<ErasedUpload> {
  let current: { upload: UploadRecord; jobs: RenderJobRecord[] } | null = jobs ? { upload, jobs } : null;
  const publicPaths = new Set<string>();
  // Keepsakes: every key each time (a retried drawing may write one again at its key).
  const eraseKeepsakes = async () => {
    const links = await deps.compositions.listByUpload(upload.id);
    const keys = links.map((link) => link.key);
    for (const path of publicPathsOf(keys)) publicPaths.add(path);
    await deps.blobs.delete('renders', keys);
    return links;
  };
  const done = async (erased: boolean): Promise<ErasedUpload> => {
    // Once the upload item is gone no keepsake can be recorded from it (its record requires the
    // upload): this last listing also holds those recorded while we deleted.
    await forgetKeepsakes(deps, upload.id, await eraseKeepsakes());
    return { erased, publicPaths: [...publicPaths] };
  };
  for (let attempt = 1; attempt <= ERASE_ATTEMPTS; attempt++) {
    // An expired upload reads as missing but its items may still be there until TTL removes them.
    current ??= (await deps.uploads.getUploadWithJobs(upload.id)) ?? { upload, jobs: [] };
    const objects = uploadObjectKeys(current.upload, current.jobs);
    for (const path of publicPathsOf(objects.renders)) publicPaths.add(path);
    await Promise.all([
      deps.blobs.delete('uploads', objects.uploads),
      deps.blobs.delete('renders', objects.renders),
      eraseKeepsakes(),
    ]);
    if (await deps.uploads.deleteUpload(current.upload, current.jobs)) return done(true);
    const again = await deps.uploads.getUploadWithJobs(upload.id);
    if (!again) return done(false);
    current = again;
  }
  throw new DomainError('unavailable', 'serverError');
}

/**
 * Their files are gone, so best effort: the deletion stands, and a record left behind names a
 * missing file (the links expire; the HD records go with the account).
 */
async function forgetKeepsakes(
  deps: Pick<Deps, 'compositions' | 'logger'>,
  uploadId: string,
  links: CompositionLink[],
) {
  if (links.length === 0) return;
  await deps.compositions.forget(links).catch((error) => {
    deps.logger.warn('could not drop the records of deleted keepsakes', { uploadId, error: String(error) });
  });
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
