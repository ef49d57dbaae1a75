/**
 * UploadStore in memory with the conditions of adapters/dynamo/upload-store.ts: each method is one
 * atomic step, as each of the adapter's writes is one conditional write or transaction.
 */
import type { TargetAge } from '@shared/catalog';
import type { Clock, RenderJobRecord, UploadRecord, UploadStore } from '../../core/ports';
import { epochSeconds } from './clock';
import { checkTransactionSize, copy, defined, type FakeTable } from './table';

/** As the adapter: a signed-in parent's upload that never receives its file goes after a day. */
const PENDING_UPLOAD_TTL_SECONDS = 86_400;

export function createFakeUploadStore(table: FakeTable, clock: Clock): UploadStore {
  const now = () => clock.now().toISOString();
  const pendingTtl = () => epochSeconds(clock) + PENDING_UPLOAD_TTL_SECONDS;
  const jobsOf = (uploadId: string) => {
    let jobs = table.jobs.get(uploadId);
    if (!jobs) {
      jobs = new Map();
      table.jobs.set(uploadId, jobs);
    }
    return jobs;
  };
  /** TTL deletion lags: an item past its time reads as gone, as in the adapter. */
  const isExpired = (upload: UploadRecord) =>
    upload.expiresAt !== undefined && upload.expiresAt * 1000 <= clock.now().getTime();

  /** processing -> another status, as the adapter's conditional update. */
  function transition(uploadId: string, age: TargetAge, change: Partial<RenderJobRecord>): boolean {
    const job = table.jobs.get(uploadId)?.get(age);
    if (job?.status !== 'processing') return false;
    Object.assign(job, change, { updatedAt: now() });
    return true;
  }

  /** The stored job, only if its status and updatedAt are still as read (the adapter's condition). */
  function asRead(job: RenderJobRecord): RenderJobRecord | undefined {
    const stored = table.jobs.get(job.uploadId)?.get(job.age);
    return stored?.status === job.status && stored.updatedAt === job.updatedAt ? stored : undefined;
  }

  return {
    async createUpload(upload) {
      // As in DynamoDB: an upload already there (the same write resent) is kept as it is.
      if (table.uploads.has(upload.id)) return;
      const { face: _face, ...rest } = upload;
      table.uploads.set(upload.id, copy(defined({ ...rest, expiresAt: upload.expiresAt ?? pendingTtl() })));
    },

    async getUploadWithJobs(id) {
      const upload = table.uploads.get(id);
      if (!upload || isExpired(upload)) return null;
      const jobs = [...(table.jobs.get(id)?.values() ?? [])].sort((a, b) => a.age - b.age);
      return copy({ upload, jobs });
    },

    async markReadyWithJobs(upload, fileKey, jobs) {
      checkTransactionSize(1 + jobs.length);
      const stored = table.uploads.get(upload.id);
      if (stored?.status !== 'awaiting_file') return false;
      if (jobs.some((job) => table.jobs.get(job.uploadId)?.has(job.age))) return false;
      stored.status = 'ready';
      stored.fileKey = fileKey;
      // Like the adapter, the owner is taken from the caller's record.
      if (!upload.owner.startsWith('session:')) delete stored.expiresAt;
      for (const job of jobs) jobsOf(job.uploadId).set(job.age, copy(defined(job)));
      return true;
    },

    async addJob(job) {
      if (table.uploads.get(job.uploadId)?.status !== 'ready') return false;
      if (table.jobs.get(job.uploadId)?.has(job.age)) return false;
      jobsOf(job.uploadId).set(job.age, copy(defined(job)));
      return true;
    },

    async revertReady(upload, ages) {
      const stored = table.uploads.get(upload.id);
      if (!stored) return; // deleted meanwhile: nothing to revert
      stored.status = 'awaiting_file';
      stored.expiresAt = upload.expiresAt ?? pendingTtl();
      delete stored.fileKey;
      for (const age of ages) table.jobs.get(upload.id)?.delete(age);
    },

    async saveEmail(uploadId, email) {
      const stored = table.uploads.get(uploadId);
      if (!stored) return false;
      stored.email = email;
      return true;
    },

    async saveCutout(uploadId, cutout, owner) {
      const stored = table.uploads.get(uploadId);
      if (!stored || isExpired(stored) || stored.owner !== owner) return false;
      stored.cutout = copy(cutout);
      return true;
    },

    async saveFace(uploadId, face) {
      const stored = table.uploads.get(uploadId);
      if (stored && !stored.face) stored.face = copy(face);
    },

    completeJob: async (uploadId, age, { previewKey, hdKey, hostedCheck, landmarks }) =>
      transition(uploadId, age, {
        status: 'done',
        previewKey,
        hdKey,
        ...(hostedCheck ? { hostedCheck } : {}),
        ...(landmarks ? { landmarks } : {}),
      }),

    async markQueued(uploadId, ages) {
      for (const age of ages) {
        const job = table.jobs.get(uploadId)?.get(age);
        if (job) job.queuedAt = now();
      }
    },

    failJob: async (uploadId, age, reason) =>
      transition(uploadId, age, { status: 'failed', failureReason: reason }),

    async replaceHdKey(uploadId, age, from, to) {
      const job = table.jobs.get(uploadId)?.get(age);
      if (job?.hdKey !== from) return false;
      job.hdKey = to;
      return true;
    },

    async listByOwner(owner, { oldestFirst = false, limit } = {}) {
      const listed = [...table.uploads.values()]
        .filter((upload) => upload.owner === owner)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      if (!oldestFirst) listed.reverse();
      return copy(listed.slice(0, limit));
    },

    async migrate(plans) {
      if (plans.length === 0) return true;
      checkTransactionSize(plans.reduce((sum, plan) => sum + 1 + plan.jobs.length, 0));
      const holds = plans.every((plan) => {
        const stored = table.uploads.get(plan.upload.id);
        return (
          stored?.owner === plan.from &&
          stored.migrated === false &&
          Boolean(stored.cutout) === Boolean(plan.upload.cutout) &&
          plan.jobs.every((job) => table.jobs.get(plan.upload.id)?.has(job.age))
        );
      });
      if (!holds) return false;
      for (const plan of plans) {
        const stored = table.uploads.get(plan.upload.id)!;
        Object.assign(stored, {
          owner: plan.to,
          migrated: true,
          fileKey: plan.fileKey,
          migratedFrom: plan.from.replace(/^session:/, ''),
        });
        delete stored.expiresAt;
        for (const job of plan.jobs) delete table.jobs.get(plan.upload.id)!.get(job.age)!.expiresAt;
      }
      return true;
    },

    async deleteUpload(upload, jobs) {
      checkTransactionSize(1 + jobs.length);
      const stored = table.jobs.get(upload.id);
      const asRead = jobs.every(
        (job) => stored?.get(job.age)?.status === job.status && stored.get(job.age)?.hdKey === job.hdKey,
      );
      const item = table.uploads.get(upload.id);
      const uploadAsRead =
        item?.owner === upload.owner &&
        item.status === upload.status &&
        Boolean(item.cutout) === Boolean(upload.cutout);
      if (!uploadAsRead || !asRead) return false;
      table.uploads.delete(upload.id);
      // Only the jobs as read go, as in the adapter's transaction.
      for (const job of jobs) stored!.delete(job.age);
      if (stored?.size === 0) table.jobs.delete(upload.id);
      return true;
    },

    async deleteUserItems(sub) {
      table.credits.delete(sub);
      table.ledger.delete(sub);
      // Drafts and HD keepsake records are keyed `${sub}/...`, like the adapter's USER#<sub> partition.
      for (const items of [table.drafts, table.compositions])
        for (const key of items.keys()) if (key.startsWith(`${sub}/`)) items.delete(key);
    },

    async listStuckJobs(before, limit) {
      const processing = [...table.jobs.values()].flatMap((jobs) =>
        [...jobs.values()].filter((job) => job.status === 'processing' && job.updatedAt < before),
      );
      return copy(processing.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)).slice(0, limit));
    },

    async restartJob(job, by) {
      const stored = asRead(job);
      if (!stored) return false;
      const counts =
        by === 'sweeper'
          ? { requeues: (stored.requeues ?? 0) + 1 }
          : { retries: (stored.retries ?? 0) + 1, requeues: 0 };
      delete stored.failureReason;
      delete stored.prediction;
      Object.assign(stored, counts, { status: 'processing', updatedAt: now() });
      return true;
    },

    async failStuckJob(job, reason) {
      const stored = job.status === 'processing' ? asRead(job) : undefined;
      if (!stored) return false;
      Object.assign(stored, { status: 'failed', failureReason: reason, updatedAt: now() });
      return true;
    },
  };
}
