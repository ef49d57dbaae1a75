/**
 * A hosted render is stored at its model's own size (~1 MP): most renders are never bought, so
 * the 2000 px HD file is made on its first download, recorded in place of the source, and the
 * source deleted. Racing downloads make the same bytes, so the same content-addressed name.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import { isHdSourceKey } from '@shared/deployment';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { RenderJobRecord, UploadRecord } from '../ports';
import { hdKeyFor } from '../render/store-render';

/** The key of the job's HD file, made now from its source when it has only that. */
export async function hdFileKey(deps: Deps, upload: UploadRecord, job: RenderJobRecord): Promise<string> {
  const sourceKey = job.hdKey!;
  if (!isHdSourceKey(sourceKey)) return sourceKey;
  const context = { uploadId: upload.id, age: job.age };

  let source: Buffer;
  try {
    source = await deps.blobs.get('renders', sourceKey);
  } catch (error) {
    // Another download made the HD file and deleted the source since we read the job.
    const made = await currentHdKey(deps, upload, job);
    if (made && !isHdSourceKey(made)) return made;
    throw error;
  }

  const hd = await deps.hdEnlarger.enlarge(source, HD_SIZE_PX);
  const hdKey = hdKeyFor(upload.id, job.age, hd);
  const anonymous = upload.owner.startsWith('session:');
  await deps.blobs.put('renders', hdKey, hd, { contentType: 'image/jpeg', anonymous, pending: true });
  const recorded =
    (await deps.uploads.replaceHdKey(upload.id, job.age, sourceKey, hdKey)) ||
    // Another download recorded the same file first.
    (await currentHdKey(deps, upload, job)) === hdKey;
  if (!recorded) {
    // The upload was deleted meanwhile: nothing may keep a file of it.
    await deps.blobs.delete('renders', [hdKey]).catch((error) => {
      deps.logger.warn('could not delete an unrecorded HD file', { ...context, error: String(error) });
    });
    throw new DomainError('not_found', 'noHdToDownload');
  }
  await commitFiles(deps, 'renders', [hdKey], { anonymous }, context);
  await deps.blobs.delete('renders', [sourceKey]).catch((error) => {
    deps.logger.warn('could not delete an enlarged HD source', { ...context, error: String(error) });
  });
  deps.logger.info('made an HD file from its source', { ...context, hdKey });
  return hdKey;
}

async function currentHdKey(deps: Deps, upload: UploadRecord, job: RenderJobRecord) {
  const found = await deps.uploads.getUploadWithJobs(upload.id);
  return found?.jobs.find((j) => j.age === job.age)?.hdKey;
}
