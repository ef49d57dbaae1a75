/**
 * A hosted render is stored at its model's own size (~1 MP): most renders are never bought, so
 * the 2000 px HD file is made on its first download, recorded in place of the source, and the
 * source deleted. Downloads racing to make it each return the file that got recorded.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import { isHdSourceKey } from '@shared/deployment';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { RenderJobRecord, UploadRecord } from '../ports';
import { hdKeyFor } from '../render/store-render';

/** The key of the job's HD file, made now from its source when it has only that. */
export async function hdFileKey(
  deps: Pick<Deps, 'blobs' | 'hdEnlarger' | 'logger' | 'uploads'>,
  upload: UploadRecord,
  job: RenderJobRecord,
): Promise<string> {
  const sourceKey = job.hdKey!;
  if (!isHdSourceKey(sourceKey)) return sourceKey;
  const context = { uploadId: upload.id, age: job.age };
  const current = () => currentHdKey(deps, upload, job);

  let source: Buffer;
  try {
    source = await deps.blobs.get('renders', sourceKey);
  } catch (error) {
    // Another download made the file and deleted the source since we read the job, or the upload
    // is gone; else S3 failed, and the caller may try again.
    const now = await current();
    if (now === sourceKey) throw error;
    return madeElsewhere(now);
  }
  const hd = await deps.hdEnlarger.enlarge(source, HD_SIZE_PX);
  // One that finished while this one enlarged stands: writing it again would mark it pending again.
  const before = await current();
  if (before !== sourceKey) return madeElsewhere(before);

  const hdKey = hdKeyFor(upload.id, job.age, hd);
  // HD is sold for photos in an account only (checkout's rule), so this is not anonymous today.
  const anonymous = upload.owner.startsWith('session:');
  await deps.blobs.put('renders', hdKey, hd, { contentType: 'image/jpeg', anonymous, pending: true });
  if (!(await deps.uploads.replaceHdKey(upload.id, job.age, sourceKey, hdKey))) {
    const recorded = await current();
    if (recorded !== hdKey) {
      // Another download's file was recorded (other bytes, other name), or the upload was deleted.
      await deps.blobs.delete('renders', [hdKey]).catch((error) => {
        deps.logger.warn('could not delete an unrecorded HD file', { ...context, error: String(error) });
      });
      return madeElsewhere(recorded);
    }
  }
  // A commit that keeps failing is logged as an error for an operator (the file would expire); the
  // source goes all the same: no job names it any more, so nothing would ever delete it.
  await commitFiles(deps, 'renders', [hdKey], { anonymous }, context);
  await deps.blobs.delete('renders', [sourceKey]).catch((error) => {
    deps.logger.error('could not delete an enlarged HD source', { ...context, error: String(error) });
  });
  deps.logger.info('made an HD file from its source', { ...context, hdKey });
  return hdKey;
}

/** The HD file another download recorded; none (the upload or its source gone): nothing to download. */
function madeElsewhere(recorded: string | undefined): string {
  if (recorded && !isHdSourceKey(recorded)) return recorded;
  throw new DomainError('not_found', 'noHdToDownload');
}

async function currentHdKey(deps: Pick<Deps, 'uploads'>, upload: UploadRecord, job: RenderJobRecord) {
  const found = await deps.uploads.getUploadWithJobs(upload.id);
  return found?.jobs.find((j) => j.age === job.age)?.hdKey;
}
