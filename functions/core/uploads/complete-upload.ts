/**
 * Step 2 of an upload: the browser says the file is in S3. Check what was really stored (no
 * emulator enforces the presigned policy), keep only a normalised copy without metadata, create
 * one render job per preview age and queue them.
 */
import { PREVIEW_AGES } from '@shared/catalog';
import { ACCEPTED_FORMATS, sniffImageFormat, UPLOAD_RULES } from '@shared/rules/upload-file';
import type { UploadView } from '@shared/schemas/uploads';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import { DomainError, PhotoRejectedError } from '../errors';
import type { Principal, RenderJobRecord, UploadRecord } from '../ports';
import { originalKeyFor } from './create-upload';
import { assertOwner } from './ownership';
import { toUploadView, type UploadViewDeps } from './upload-view';

export async function completeUpload(
  deps: UploadViewDeps & Pick<Deps, 'blobs' | 'inspector' | 'logger' | 'metrics' | 'renderQueue' | 'uploads'>,
  principal: Principal,
  uploadId: string,
): Promise<UploadView> {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  const { upload } = found;
  assertOwner(principal, upload);
  if (upload.status !== 'awaiting_file') throw new DomainError('conflict', 'alreadyProcessing');

  const normalised = await readAndNormalise(deps, upload);
  const fileKey = originalKeyFor(upload);
  const anonymous = upload.owner.startsWith('session:');
  // Pending until the transaction below records it: if that never happens, S3 deletes the copy.
  await deps.blobs.put('uploads', fileKey, normalised, {
    contentType: 'image/jpeg',
    anonymous,
    pending: true,
  });

  const now = deps.clock.now().toISOString();
  // Only the /upload flow makes age previews; keepsake and composer photos are for keepsakes.
  const ages = upload.purpose === 'previews' ? PREVIEW_AGES : [];
  const jobs: RenderJobRecord[] = ages.map((age) => ({
    uploadId,
    age,
    status: 'processing',
    hdUnlocked: false,
    updatedAt: now,
    expiresAt: upload.owner.startsWith('session:') ? upload.expiresAt : undefined,
  }));
  if (!(await deps.uploads.markReadyWithJobs(upload, fileKey, jobs))) {
    await keepIfRecordedByAnother(deps, upload.id, fileKey, anonymous);
    throw new DomainError('conflict', 'alreadyProcessing');
  }
  await commitFiles(deps, 'uploads', [fileKey], { anonymous }, { uploadId });
  try {
    if (jobs.length) await deps.renderQueue.enqueue(jobs.map((job) => ({ uploadId, age: job.age })));
  } catch (error) {
    deps.logger.error('could not queue render jobs; reverting', { uploadId, error: String(error) });
    await deps.uploads.revertReady(upload, ages).catch((revertError) => {
      // The jobs stay "processing": the sweeper re-queues them once they count as stuck.
      deps.logger.error('could not revert the upload', { uploadId, error: String(revertError) });
    });
    throw new DomainError('unavailable', 'uploadFailed');
  }
  deps.metrics.count('UploadsCompleted');
  await deps.blobs.delete('uploads', [upload.incomingKey]).catch((error) => {
    deps.logger.warn('could not delete the raw upload', { uploadId, error: String(error) });
  });
  return toUploadView(deps, principal, { ...upload, status: 'ready', fileKey }, jobs);
}

/**
 * A concurrent complete of the same upload won: our put may have landed after its commit, putting
 * the pending tag back on the original it recorded (same key, same photo). Take it off again.
 */
async function keepIfRecordedByAnother(
  deps: Pick<Deps, 'blobs' | 'logger' | 'uploads'>,
  uploadId: string,
  fileKey: string,
  anonymous: boolean,
) {
  const now = await deps.uploads.getUploadWithJobs(uploadId);
  if (now?.upload.status === 'ready' && now.upload.fileKey === fileKey)
    await commitFiles(deps, 'uploads', [fileKey], { anonymous }, { uploadId });
}

/** Every rejection removes the stored file, so nothing unusable is kept. */
async function readAndNormalise(
  deps: Pick<Deps, 'blobs' | 'inspector' | 'logger'>,
  upload: UploadRecord,
): Promise<Buffer> {
  const reject = async (error: PhotoRejectedError): Promise<never> => {
    await deps.blobs.delete('uploads', [upload.incomingKey]).catch((deleteError) => {
      // The incoming/ lifecycle rule removes it within a day; the parent still gets the real reason.
      deps.logger.warn('could not delete a rejected upload', {
        uploadId: upload.id,
        error: String(deleteError),
      });
    });
    throw error;
  };
  const stored = await deps.blobs.head('uploads', upload.incomingKey);
  if (!stored || stored.size === 0) throw new PhotoRejectedError('photoMissing');
  const rules = UPLOAD_RULES[upload.purpose];
  if (stored.size > rules.maxBytes) return reject(new PhotoRejectedError(rules.tooLarge, 'too_large'));
  const format = sniffImageFormat(await deps.blobs.readHead('uploads', upload.incomingKey, 32));
  if (format === 'unknown') return reject(new PhotoRejectedError('notAnImage'));
  if (!ACCEPTED_FORMATS.includes(format)) return reject(new PhotoRejectedError('photoFormatUnsupported'));
  const bytes = await deps.blobs.get('uploads', upload.incomingKey);
  try {
    return (await deps.inspector.normalise(bytes, { minSidePx: rules.minSidePx, tooSmall: rules.tooSmall }))
      .jpeg;
  } catch (error) {
    if (error instanceof PhotoRejectedError) return reject(error);
    throw error;
  }
}
