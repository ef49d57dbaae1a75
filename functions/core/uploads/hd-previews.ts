/**
 * The owner's unlocked ages without the watermark, at the preview's size, for the growth clip: the
 * HD files are private and on another origin, where a canvas cannot read them. Answered as data
 * URLs, so the page's canvas can, and nothing of the child is left at a shareable address.
 */
import type { HdPreview } from '@shared/schemas/payments';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal, RenderJobRecord, UploadRecord } from '../ports';
import { assertOwner } from './ownership';

type HdPreviewDeps = Pick<Deps, 'blobs' | 'unmarkedPreviews' | 'uploads'>;

export async function getHdPreviews(
  deps: HdPreviewDeps,
  principal: Principal,
  uploadId: string,
): Promise<{ images: HdPreview[] }> {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(principal, found.upload);
  const unlocked = found.jobs.filter((job) => job.hdUnlocked && job.status === 'done' && job.hdKey);
  if (unlocked.length === 0) throw new DomainError('not_found', 'noHdToDownload');
  const images = await Promise.all(
    unlocked.map(async (job) => {
      const jpeg = await deps.unmarkedPreviews.unmarked(await readHd(deps, found.upload, job));
      return { age: job.age, image: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
    }),
  );
  return { images: images.sort((a, b) => a.age - b.age) };
}

/**
 * The job's HD file, or a hosted render's source (the same picture, smaller: enough for a preview).
 * A first HD download may replace the source with the file meanwhile: then the file is read.
 */
async function readHd(deps: HdPreviewDeps, upload: UploadRecord, job: RenderJobRecord): Promise<Buffer> {
  try {
    return await deps.blobs.get('renders', job.hdKey!);
  } catch (error) {
    const again = await deps.uploads.getUploadWithJobs(upload.id);
    const now = again?.jobs.find((j) => j.age === job.age)?.hdKey;
    if (!now || now === job.hdKey) throw error;
    return deps.blobs.get('renders', now);
  }
}
