/**
 * The cut-out of an upload's photo: the background removed through the ImageAI port, stored
 * privately beside the original (same owner, same expiry for visitors) with its source photo and
 * its copy for free keepsakes, shown through short-lived links. The files are pending (tagged) until
 * the upload item records the cut-out: a Lambda that dies in between leaves nothing for good.
 */
import { storageKeys } from '@shared/deployment';
import type { CutoutView } from '@shared/schemas/moments';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { CutoutInfo, Principal, UploadRecord } from '../ports';
import { takeQuota } from '../quotas';
import { isOwner } from '../uploads/ownership';

export const CUTOUT_LINK_SECONDS = 15 * 60;

type CutoutDeps = Pick<
  Deps,
  'blobs' | 'clock' | 'imageAI' | 'keepsakes' | 'logger' | 'metrics' | 'quotaLimits' | 'quotas' | 'uploads'
>;

/** One retry: a migration moved the photo while its cut-out was made (its files went elsewhere). */
const CUTOUT_ATTEMPTS = 2;

export async function createCutout(
  deps: CutoutDeps,
  principal: Principal,
  uploadId: string,
): Promise<CutoutView> {
  if (principal.kind === 'anonymous') throw new DomainError('unauthenticated', 'sessionMissing');
  for (let attempt = 1; ; attempt++) {
    const found = await deps.uploads.getUploadWithJobs(uploadId);
    // Another family's photo is not found: its id reveals nothing.
    if (!found || !isOwner(principal, found.upload)) throw new DomainError('not_found', 'uploadNotFound');
    const { upload } = found;
    if (upload.status !== 'ready' || !upload.fileKey)
      throw new DomainError('conflict', 'photoNotReadyForCutout');
    if (upload.cutout) return cutoutView(deps, upload, upload.cutout);
    if (attempt === 1) await takeQuota(deps, principal, 'cutout');
    const cutout = await makeCutout(deps, upload, upload.fileKey);
    if (cutout) return cutoutView(deps, upload, cutout);
    if (attempt >= CUTOUT_ATTEMPTS) throw new DomainError('not_found', 'uploadNotFound');
  }
}

/**
 * Makes and records the cut-out at the files of the upload's current owner; null (its files gone)
 * when the upload was deleted or changed owner meanwhile. Recording only while the owner is the
 * one read keeps the record and the files in one place.
 */
async function makeCutout(
  deps: CutoutDeps,
  upload: UploadRecord,
  fileKey: string,
): Promise<CutoutInfo | null> {
  const original = await deps.blobs.get('uploads', fileKey);
  const { png, mask, source } = await deps.imageAI.removeBackground({ image: original });
  const anonymous = upload.owner.startsWith('session:');
  const options = (contentType: string) => ({ contentType, anonymous, pending: true });
  await Promise.all([
    deps.blobs.put('uploads', storageKeys.cutout(upload.owner, upload.id), png, options('image/png')),
    // Made while the other files upload.
    deps.keepsakes
      .cutoutCopy(png)
      .then((copy) =>
        deps.blobs.put(
          'uploads',
          storageKeys.cutoutCopy(upload.owner, upload.id),
          copy,
          options('image/png'),
        ),
      ),
    deps.blobs.put(
      'uploads',
      storageKeys.cutoutSource(upload.owner, upload.id),
      source,
      options('image/jpeg'),
    ),
  ]);
  deps.metrics.count('CutoutsMade');
  const cutout: CutoutInfo = {
    width: mask.width,
    height: mask.height,
    createdAt: deps.clock.now().toISOString(),
  };
  if (!(await deps.uploads.saveCutout(upload.id, cutout, upload.owner))) {
    // Deleted or moved while we worked: leave nothing of it behind.
    await deps.blobs.delete('uploads', cutoutKeys(upload));
    return null;
  }
  await commitFiles(deps, 'uploads', cutoutKeys(upload), { anonymous }, { uploadId: upload.id });
  return cutout;
}

export function cutoutKeys(upload: Pick<UploadRecord, 'owner' | 'id'>): string[] {
  return [
    storageKeys.cutout(upload.owner, upload.id),
    storageKeys.cutoutCopy(upload.owner, upload.id),
    storageKeys.cutoutSource(upload.owner, upload.id),
  ];
}

async function cutoutView(
  deps: Pick<Deps, 'blobs'>,
  upload: UploadRecord,
  cutout: CutoutInfo,
): Promise<CutoutView> {
  const link = (key: string, fileName: string) =>
    deps.blobs.presignGet('uploads', key, {
      expiresInSeconds: CUTOUT_LINK_SECONDS,
      fileName,
      disposition: 'inline',
    });
  const [cutoutUrl, sourceUrl] = await Promise.all([
    link(storageKeys.cutout(upload.owner, upload.id), 'cutout.png'),
    link(storageKeys.cutoutSource(upload.owner, upload.id), 'cutout-source.jpg'),
  ]);
  return {
    uploadId: upload.id,
    cutoutUrl,
    sourceUrl,
    width: cutout.width,
    height: cutout.height,
    expiresInSeconds: CUTOUT_LINK_SECONDS,
  };
}
