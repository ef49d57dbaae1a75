/**
 * HD files of a photo: the owner only, unlocked and rendered ages only, as short-lived links (a
 * hosted render's HD file is made on its first download: hd-source.ts).
 */
import type { HdFile } from '@shared/schemas/payments';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';
import { hdFileKey } from './hd-source';
import { assertOwner } from './ownership';

/** Long enough to start a download on a slow phone, short enough not to be worth sharing. */
export const HD_LINK_SECONDS = 300;

export async function downloadHd(
  deps: Pick<Deps, 'blobs' | 'hdEnlarger' | 'logger' | 'uploads'>,
  principal: Principal,
  uploadId: string,
  request: { ages?: number[]; disposition: 'attachment' | 'inline' },
): Promise<{ files: HdFile[] }> {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(principal, found.upload);
  const ready = found.jobs.filter(
    (job) =>
      job.hdUnlocked &&
      job.status === 'done' &&
      job.hdKey &&
      (!request.ages || request.ages.includes(job.age)),
  );
  if (ready.length === 0) throw new DomainError('not_found', 'noHdToDownload');
  const files = await Promise.all(
    ready.map(async (job) => {
      const fileName = `little-futures-age-${job.age}.jpg`;
      const url = await deps.blobs.presignGet('renders', await hdFileKey(deps, found.upload, job), {
        expiresInSeconds: HD_LINK_SECONDS,
        fileName,
        disposition: request.disposition,
      });
      return { age: job.age, url, fileName };
    }),
  );
  return { files };
}
