/**
 * "Try again" on a failed card: the owner puts that age's render back on the queue. The write is
 * conditional on the job as read, so a double click (or two tabs) queues it once; the answer is the
 * upload as the page polls it, so the card goes back to "Processing...".
 */
import { PREVIEW_AGES, type TargetAge, UPSELL_AGES } from '@shared/catalog';
import { retryAction } from '@shared/rules/stuck-jobs';
import type { UploadView } from '@shared/schemas/uploads';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { Principal } from '../ports';
import { assertOwner } from './ownership';
import { getUpload, type UploadViewDeps } from './upload-view';

const AGES: readonly number[] = [...PREVIEW_AGES, ...UPSELL_AGES];

export async function retryRender(
  deps: UploadViewDeps & Pick<Deps, 'logger' | 'renderQueue' | 'uploads'>,
  principal: Principal,
  uploadId: string,
  ageParam: string,
): Promise<UploadView> {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(principal, found.upload);
  const age = /^[1-9]\d?$/.test(ageParam) ? Number(ageParam) : Number.NaN;
  const job = AGES.includes(age) ? found.jobs.find((j) => j.age === (age as TargetAge)) : undefined;
  if (!job) throw new DomainError('not_found', 'previewNotFound');

  const action = retryAction(job, deps.clock.now());
  if (action === 'limit') throw new DomainError('conflict', 'retryLimitReached');
  // A lost race (the other click, or the sweeper) has already queued it: the same answer.
  if (action === 'requeue' && (await deps.uploads.restartJob(job, 'parent'))) {
    const ref = { uploadId, age: job.age };
    deps.logger.info('render retried by its owner', { ...ref, retries: (job.retries ?? 0) + 1 });
    await deps.renderQueue.enqueue([ref]).catch((error) => {
      // The job is processing with a fresh clock: the sweeper re-queues it once it counts as stuck.
      deps.logger.error('could not queue a retried render', { ...ref, error: String(error) });
    });
  }
  return getUpload(deps, principal, uploadId);
}
