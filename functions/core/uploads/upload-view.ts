/** What the browser sees of an upload: public parts for anyone, private parts for the owner. */
import { messages } from '@shared/messages';
import { effectiveStatus } from '@shared/rules/stuck-jobs';
import type { UploadView } from '@shared/schemas/uploads';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import { type AgeingRoute, ageingEngine } from '../image-ai';
import type { Principal, RenderJobRecord, UploadRecord } from '../ports';
import { isOwner } from './ownership';

/**
 * A job whose worker died without a word (timeout, crash) must not spin forever: shown as failed
 * by the same rule the sweeper acts on a tick later.
 */
function givenUp(job: RenderJobRecord, now: Date): RenderJobRecord {
  if (effectiveStatus(job, now) === job.status) return job;
  return { ...job, status: 'failed', failureReason: messages.renderTimedOut };
}

/** What an upload's view reads besides the upload: the age engine's name, not the image adapters. */
export type UploadViewDeps = Pick<Deps, 'previewsBaseUrl' | 'clock'> & { imageAI: AgeingRoute };

export function toUploadView(
  deps: UploadViewDeps,
  principal: Principal,
  upload: UploadRecord,
  jobs: RenderJobRecord[],
): UploadView {
  const owner = isOwner(principal, upload);
  const now = deps.clock.now();
  return {
    uploadId: upload.id,
    status: upload.status,
    ownedByUser: upload.owner.startsWith('user:'),
    migrated: upload.migrated,
    viewerIsOwner: owner,
    hasEmail: owner ? Boolean(upload.email) : null,
    engine: ageingEngine(deps.imageAI),
    createdAt: upload.createdAt,
    jobs: jobs
      .map((job) => givenUp(job, now))
      .sort((a, b) => a.age - b.age)
      .map((job) => ({
        age: job.age,
        status: job.status,
        previewUrl:
          job.status === 'done' && job.previewKey ? `${deps.previewsBaseUrl}/${job.previewKey}` : null,
        hdUnlocked: job.hdUnlocked,
        failureReason: job.status === 'failed' ? (job.failureReason ?? null) : null,
        ...(job.status === 'done' && job.landmarks ? { landmarks: job.landmarks } : {}),
      })),
  };
}

/** The status the progress and results pages poll: one Query, upload and jobs together. */
export async function getUpload(
  deps: UploadViewDeps & Pick<Deps, 'uploads'>,
  principal: Principal,
  uploadId: string,
): Promise<UploadView> {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  return toUploadView(deps, principal, found.upload, found.jobs);
}
