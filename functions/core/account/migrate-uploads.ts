/**
 * After sign-in: the visitor session's unmigrated uploads join the account. Originals are copied
 * from temp/ (which expires) to users/<sub>/, tagged pending, then ONE transaction moves the items
 * (owner, gsi1, migrated, the new file key, no expiry on the upload and its jobs) and the commit
 * takes the copies' pending tag off: a copy whose transaction fails or never runs expires instead
 * of lingering in users/ with no item naming it. The temp/ copies and the
 * renders' anonymous retention tag are cleaned up afterwards, best effort: the lifecycle rule is the
 * backstop for the first, and a render finishing meanwhile clears its own tags (render-job.ts).
 */
import { storageKeys } from '@shared/deployment';
import type { MigrateResponse } from '@shared/schemas/account';
import { commitFiles } from '../commit-files';
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import type { MigrationPlan, OwnerRef, Principal } from '../ports';
import { requireUser } from '../uploads/ownership';
import { renderKeysOf } from '../uploads/upload-objects';
import { chunkMigrations, isMigratable, oldestFirst, planMigration } from './migration-plan';

/** Rounds against a concurrent migration of the same session (a double click, two tabs). */
const MIGRATE_ATTEMPTS = 3;
const PARALLEL_S3_CALLS = 20;

export async function migrateSessionUploads(
  deps: Pick<Deps, 'blobs' | 'logger' | 'uploads'>,
  principal: Principal,
): Promise<MigrateResponse> {
  const user = requireUser(principal);
  // Only the session whose signed token came with this request: no token, nothing to move.
  if (!user.sessionId) return { migrated: [] };
  const from: OwnerRef = `session:${user.sessionId}`;
  const to: OwnerRef = `user:${user.sub}`;
  const started = Date.now();

  const moved: MigrationPlan[] = [];
  const copied = new Map<string, MigrationPlan>();
  const ms: Record<string, number> = { read: 0, copy: 0, transaction: 0 };
  const timed = async <T>(phase: string, work: Promise<T>) => {
    const t0 = Date.now();
    const result = await work;
    ms[phase] = (ms[phase] ?? 0) + Date.now() - t0;
    return result;
  };
  for (let attempt = 1; attempt <= MIGRATE_ATTEMPTS; attempt++) {
    const plans = await timed('read', migratablePlans(deps, from, to));
    if (plans.length === 0) break;
    await timed(
      'copy',
      mapLimit(plans, PARALLEL_S3_CALLS, async (plan) => {
        await Promise.all(filesOf(plan).map(({ from, to }) => deps.blobs.copy('uploads', from, to)));
        copied.set(plan.upload.id, plan);
      }),
    );
    let lostRace = false;
    for (const chunk of chunkMigrations(plans)) {
      if (await timed('transaction', deps.uploads.migrate(chunk))) moved.push(...chunk);
      else lostRace = true;
    }
    if (!lostRace) break;
  }
  const movedIds = new Set(moved.map((plan) => plan.upload.id));
  const cleanupStarted = Date.now();
  await Promise.all([
    discardLostCopies(
      deps,
      [...copied.values()].filter((plan) => !movedIds.has(plan.upload.id)),
      to,
    ),
    cleanUpAfter(deps, moved),
  ]);
  ms.cleanup = Date.now() - cleanupStarted;
  deps.logger.info('migrated uploads', { count: moved.length, totalMs: Date.now() - started, ms });
  return { migrated: oldestFirst(moved).map((plan) => ({ upload_id: plan.upload.id })) };
}

/**
 * The session's uploads from gsi1, each re-read consistently (the index lags): only those still
 * the session's, unmigrated and complete move. A foreign or empty session yields nothing.
 */
async function migratablePlans(
  deps: Pick<Deps, 'uploads'>,
  from: OwnerRef,
  to: OwnerRef,
): Promise<MigrationPlan[]> {
  const listed = await deps.uploads.listByOwner(from, { oldestFirst: true });
  const fresh = await mapLimit(listed, PARALLEL_S3_CALLS, (upload) =>
    deps.uploads.getUploadWithJobs(upload.id),
  );
  return oldestFirst(
    fresh
      .filter((found) => found !== null && isMigratable(found.upload, from))
      .map((found) => planMigration(found!.upload, found!.jobs, from, to)),
  );
}

/** The files that move with an upload: its original and, when made, its cut-out (Moments). */
function filesOf(plan: MigrationPlan): Array<{ from: string; to: string }> {
  const files = [{ from: plan.upload.fileKey!, to: plan.fileKey }];
  const { cutout } = plan.upload;
  const move = (key: (owner: OwnerRef, uploadId: string) => string) => ({
    from: key(plan.from, plan.upload.id),
    to: key(plan.to, plan.upload.id),
  });
  if (cutout)
    files.push(move(storageKeys.cutout), move(storageKeys.cutoutSource), move(storageKeys.cutoutCopy));
  return files;
}

/** Copies made for uploads that someone else migrated first are not ours to keep. */
async function discardLostCopies(
  deps: Pick<Deps, 'blobs' | 'logger' | 'uploads'>,
  plans: MigrationPlan[],
  to: OwnerRef,
) {
  await mapLimit(plans, PARALLEL_S3_CALLS, async (plan) => {
    const found = await deps.uploads.getUploadWithJobs(plan.upload.id);
    const copies = filesOf(plan).map((file) => file.to);
    if (found?.upload.owner === to) {
      // Moved by a concurrent call of the same user: the copies are live, and ours may have landed
      // after that call's commit, with the pending tag again.
      await commitFiles(deps, 'uploads', copies, { anonymous: false }, { uploadId: plan.upload.id });
      return;
    }
    await deps.blobs.delete('uploads', copies).catch((error) => {
      deps.logger.warn('could not delete unused copies', { keys: copies, error: String(error) });
    });
  });
}

async function cleanUpAfter(deps: Pick<Deps, 'blobs' | 'logger' | 'uploads'>, moved: MigrationPlan[]) {
  const warn = (what: string) => (error: unknown) =>
    deps.logger.warn(`after migration: could not ${what}`, { error: String(error) });
  await Promise.all([
    // The transaction recorded the copies: they stop being pending (else S3 would expire them).
    commitFiles(
      deps,
      'uploads',
      moved.flatMap((plan) => filesOf(plan).map((file) => file.to)),
      { anonymous: false },
      { migrated: moved.map((plan) => plan.upload.id) },
    ),
    deps.blobs
      .delete(
        'uploads',
        moved.flatMap((plan) => filesOf(plan).map((file) => file.from)),
      )
      .catch(warn('delete temp copies')),
    mapLimit(moved, PARALLEL_S3_CALLS, async (plan) => {
      // A job still rendering when we read may have recorded its files before the transaction
      // (later ones clear their own tags): re-read those. Finished jobs never change their files.
      const jobs = plan.jobs.some((job) => job.status === 'processing')
        ? ((await deps.uploads.getUploadWithJobs(plan.upload.id))?.jobs ?? [])
        : plan.jobs;
      await Promise.all(renderKeysOf(jobs).map((key) => deps.blobs.clearAnonymousTag('renders', key)));
    }).catch(warn('clear the anonymous tag of renders')),
  ]);
}
