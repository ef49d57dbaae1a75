/** "My photos": the signed-in parent's uploads, newest first, each with a thumbnail and its jobs' status. */
import type { MyUpload } from '@shared/schemas/account';
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import type { Principal } from '../ports';
import { requireUser } from '../uploads/ownership';
import { toUploadView, type UploadViewDeps } from '../uploads/upload-view';

/** The newest this many; the page has no paging yet. */
export const MY_UPLOADS_LIMIT = 100;

export async function listMyUploads(
  deps: UploadViewDeps & Pick<Deps, 'uploads'>,
  principal: Principal,
): Promise<{ uploads: MyUpload[] }> {
  const user = requireUser(principal);
  const listed = await deps.uploads.listByOwner(`user:${user.sub}`, { limit: MY_UPLOADS_LIMIT });
  // One Query per upload (its jobs), a few at a time; expired or deleted meanwhile ones drop out.
  const found = await mapLimit(listed, 8, (upload) => deps.uploads.getUploadWithJobs(upload.id));
  const uploads: MyUpload[] = [];
  for (const item of found) {
    // The index lags behind a deletion or migration: only what the item says now counts.
    if (!item || item.upload.owner !== `user:${user.sub}`) continue;
    const view = toUploadView(deps, principal, item.upload, item.jobs);
    uploads.push({
      uploadId: view.uploadId,
      createdAt: view.createdAt,
      status: view.status,
      thumbnailUrl: view.jobs.find((job) => job.previewUrl)?.previewUrl ?? null,
      jobs: view.jobs.map((job) => ({ age: job.age, status: job.status })),
    });
  }
  return { uploads };
}
