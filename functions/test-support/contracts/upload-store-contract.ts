/**
 * What every UploadStore must do, as one suite run against the in-memory fake (unit project) and
 * the DynamoDB adapter (int project): the conditions the use cases rely on.
 */
import { PREVIEW_AGES } from '@shared/catalog';
import { describe, expect, it } from 'vitest';
import { planMigration } from '../../core/account/migration-plan';
import type { Clock, RenderJobRecord, UploadStore } from '../../core/ports';
import { originalKeyFor } from '../../core/uploads/create-upload';
import { jobRecord, readyUpload, sessionOwner, uploadRecord, userOwner } from '../records';
import type { StoreSubject } from './store-subject';

export function describeUploadStoreContract(name: string, subject: () => StoreSubject) {
  describe(`UploadStore contract: ${name}`, () => {
    it('creates an upload once (a resent write keeps the first) and reads it back with no jobs', async () => {
      const { uploads, clock } = subject();
      const upload = uploadRecord(clock, sessionOwner());
      await uploads.createUpload(upload);
      await uploads.createUpload({ ...upload, declaredSize: 2 });
      expect(await uploads.getUploadWithJobs(upload.id)).toEqual({ upload, jobs: [] });
      expect(await uploads.getUploadWithJobs(crypto.randomUUID())).toBeNull();
    });

    it('reads an upload past its expiry as gone', async () => {
      const { uploads, clock } = subject();
      const expiresAt = Math.floor(clock.now().getTime() / 1000) - 60;
      const upload = uploadRecord(clock, sessionOwner(), { expiresAt });
      await uploads.createUpload(upload);
      expect(await uploads.getUploadWithJobs(upload.id)).toBeNull();
    });

    it('marks ready with its jobs once; a second call changes nothing', async () => {
      const { uploads, clock } = subject();
      const { upload, jobs } = await readyUpload(uploads, clock, userOwner());
      expect([upload.status, upload.fileKey, upload.expiresAt]).toEqual([
        'ready',
        originalKeyFor(upload),
        undefined,
      ]);
      expect(jobs.map((job) => [job.age, job.status])).toEqual(
        PREVIEW_AGES.map((age) => [age, 'processing']),
      );
      const again = await uploads.markReadyWithJobs(upload, 'elsewhere.jpg', []);
      expect(again).toBe(false);
      expect((await uploads.getUploadWithJobs(upload.id))?.upload.fileKey).toBe(originalKeyFor(upload));
    });

    it("keeps a visitor's upload and jobs expiring when they become ready", async () => {
      const { uploads, clock } = subject();
      const { upload, jobs } = await readyUpload(uploads, clock, sessionOwner());
      expect(upload.expiresAt).toBeTypeOf('number');
      expect(jobs.map((job) => job.expiresAt)).toEqual(jobs.map(() => upload.expiresAt));
    });

    it('reverts a ready upload to awaiting its file, without jobs, so it can complete again', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      await uploads.revertReady(upload, PREVIEW_AGES);
      const reverted = await uploads.getUploadWithJobs(upload.id);
      expect([reverted?.upload.status, reverted?.upload.fileKey, reverted?.jobs]).toEqual([
        'awaiting_file',
        undefined,
        [],
      ]);
      expect(reverted?.upload.expiresAt).toBe(upload.expiresAt);
      expect(await uploads.markReadyWithJobs(reverted!.upload, originalKeyFor(upload), [])).toBe(true);
    });

    it('leaves nothing behind when reverting an upload deleted meanwhile', async () => {
      const { uploads, clock } = subject();
      const { upload, jobs } = await readyUpload(uploads, clock, sessionOwner());
      expect(await uploads.deleteUpload(upload, jobs)).toBe(true);
      await uploads.revertReady(upload, PREVIEW_AGES);
      expect(await uploads.getUploadWithJobs(upload.id)).toBeNull();
    });

    it('completes a job only from processing, once', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const keys = { previewKey: 'previews/a.jpg', hdKey: 'hd/a.jpg' };
      expect(await uploads.completeJob(upload.id, 10, keys)).toBe(true);
      expect(await uploads.completeJob(upload.id, 10, { previewKey: 'p2', hdKey: 'h2' })).toBe(false);
      expect(await uploads.failJob(upload.id, 10, 'late failure')).toBe(false);
      expect(await uploads.failJob(upload.id, 16, 'no face')).toBe(true);
      expect(await uploads.completeJob(upload.id, 16, keys)).toBe(false);
      expect(await uploads.completeJob(upload.id, 19, keys)).toBe(false); // no such job
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(
        jobs.map(({ age, status, previewKey, failureReason }) => ({
          age,
          status,
          previewKey,
          failureReason,
        })),
      ).toEqual([
        { age: 10, status: 'done', previewKey: 'previews/a.jpg', failureReason: undefined },
        { age: 16, status: 'failed', previewKey: undefined, failureReason: 'no face' },
        { age: 21, status: 'processing', previewKey: undefined, failureReason: undefined },
      ]);
    });

    it('completes a hosted render with its check in the same write; the offline one has none', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const hostedCheck = { identityDistance: 0.31, estimatedAge: 15.5, costUsd: 0.04 };
      expect(
        await uploads.completeJob(upload.id, 16, { previewKey: 'p.jpg', hdKey: 'h.jpg', hostedCheck }),
      ).toBe(true);
      expect(await uploads.completeJob(upload.id, 21, { previewKey: 'p.jpg', hdKey: 'h.jpg' })).toBe(true);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.find((job) => job.age === 16)).toMatchObject({ status: 'done', hostedCheck });
      expect(jobs.find((job) => job.age === 21)?.hostedCheck).toBeUndefined();
    });

    it("replaces a job's HD key only while it is the one named", async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      await uploads.completeJob(upload.id, 16, { previewKey: 'p.jpg', hdKey: 'hd/a-source.jpg' });
      expect(await uploads.replaceHdKey(upload.id, 16, 'hd/a-source.jpg', 'hd/a.jpg')).toBe(true);
      // A second download that enlarged the same source finds it done.
      expect(await uploads.replaceHdKey(upload.id, 16, 'hd/a-source.jpg', 'hd/b.jpg')).toBe(false);
      expect(await uploads.replaceHdKey(upload.id, 21, 'hd/a-source.jpg', 'hd/a.jpg')).toBe(false);
      expect(await uploads.replaceHdKey(crypto.randomUUID(), 16, 'hd/a-source.jpg', 'hd/a.jpg')).toBe(false);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.map((job) => job.hdKey)).toEqual([undefined, 'hd/a.jpg', undefined]);
    });

    it('keeps the first face saved, saves an email only on an existing upload', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const face = { x: 1, y: 2, width: 3, height: 4, roll: 0, estimatedAge: 5, score: 0.9 };
      await uploads.saveFace(upload.id, face);
      await uploads.saveFace(upload.id, { ...face, x: 99 });
      await uploads.saveFace(crypto.randomUUID(), face);
      expect(await uploads.saveEmail(upload.id, 'parent@example.com')).toBe(true);
      expect(await uploads.saveEmail(crypto.randomUUID(), 'parent@example.com')).toBe(false);
      const stored = (await uploads.getUploadWithJobs(upload.id))!.upload;
      expect([stored.face, stored.email]).toEqual([face, 'parent@example.com']);
    });

    it('records a cut-out only while the upload has the owner whose files it was made at', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const cutout = { width: 640, height: 800, createdAt: clock.now().toISOString() };
      expect(await uploads.saveCutout(upload.id, cutout, `user:${crypto.randomUUID()}`)).toBe(false);
      expect((await uploads.getUploadWithJobs(upload.id))!.upload.cutout).toBeUndefined();
    });

    it('saves a cut-out on an existing upload only', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const cutout = { width: 640, height: 800, createdAt: clock.now().toISOString() };
      expect(await uploads.saveCutout(upload.id, cutout, upload.owner)).toBe(true);
      expect(await uploads.saveCutout(crypto.randomUUID(), cutout, upload.owner)).toBe(false);
      expect((await uploads.getUploadWithJobs(upload.id))!.upload.cutout).toEqual(cutout);
    });

    it('marks existing jobs queued and creates none', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, userOwner(), { ages: [10] });
      await uploads.markQueued(upload.id, [10, 19]);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.map((job) => [job.age, typeof job.queuedAt])).toEqual([[10, 'string']]);
    });

    it('lists uploads of one owner, newest first unless asked, as many as the limit', async () => {
      const { uploads, clock } = subject();
      const owner = sessionOwner();
      const ids: string[] = [];
      for (const createdAt of [
        '2030-01-01T00:00:01.000Z',
        '2030-01-01T00:00:02.000Z',
        '2030-01-01T00:00:03.000Z',
      ]) {
        ids.push((await readyUpload(uploads, clock, owner, { createdAt })).upload.id);
      }
      await readyUpload(uploads, clock, sessionOwner());
      // The index is eventually consistent: wait for it to show all three.
      await expect.poll(async () => (await uploads.listByOwner(owner)).length).toBe(3);
      expect((await uploads.listByOwner(owner)).map((u) => u.id)).toEqual([...ids].reverse());
      expect((await uploads.listByOwner(owner, { oldestFirst: true, limit: 2 })).map((u) => u.id)).toEqual(
        ids.slice(0, 2),
      );
    });

    it('migrates uploads with their jobs in one step, or none when one is no longer the source’s', async () => {
      const { uploads, clock } = subject();
      const from = sessionOwner();
      const to = userOwner();
      const first = await readyUpload(uploads, clock, from);
      const second = await readyUpload(uploads, clock, from);
      const plans = [first, second].map(({ upload, jobs }) => planMigration(upload, jobs, from, to));
      // Someone else moved the second one first: nothing of the first moves either.
      expect(await uploads.migrate([plans[1]])).toBe(true);
      expect(await uploads.migrate(plans)).toBe(false);
      expect((await uploads.getUploadWithJobs(first.upload.id))?.upload.owner).toBe(from);

      expect(await uploads.migrate([plans[0]])).toBe(true);
      const moved = (await uploads.getUploadWithJobs(first.upload.id))!;
      expect(moved.upload).toMatchObject({
        owner: to,
        migrated: true,
        migratedFrom: from.replace('session:', ''),
        fileKey: plans[0].fileKey,
      });
      expect(moved.upload.expiresAt).toBeUndefined();
      expect(moved.jobs.map((job) => job.expiresAt)).toEqual([undefined, undefined, undefined]);
      expect(await uploads.migrate([plans[0]])).toBe(false);
      await expect.poll(async () => (await uploads.listByOwner(to)).length).toBe(2);
    });

    it('refuses a migration planned before a cut-out was recorded (its files would stay behind)', async () => {
      const { uploads, clock } = subject();
      const from = sessionOwner();
      const { upload, jobs } = await readyUpload(uploads, clock, from);
      const plan = planMigration(upload, jobs, from, userOwner());
      const cutout = { width: 640, height: 800, createdAt: clock.now().toISOString() };
      expect(await uploads.saveCutout(upload.id, cutout, from)).toBe(true);
      expect(await uploads.migrate([plan])).toBe(false);
      const fresh = (await uploads.getUploadWithJobs(upload.id))!;
      expect(fresh.upload.owner).toBe(from);
      expect(await uploads.migrate([planMigration(fresh.upload, fresh.jobs, from, userOwner())])).toBe(true);
    });

    it('deletes an upload only while its jobs are as read', async () => {
      const { uploads, clock } = subject();
      const { upload, jobs } = await readyUpload(uploads, clock, sessionOwner());
      // A render finished after the read: its files are not in what the caller will delete.
      await uploads.completeJob(upload.id, 21, { previewKey: 'p.jpg', hdKey: 'h.jpg' });
      expect(await uploads.deleteUpload(upload, jobs)).toBe(false);
      expect(await uploads.getUploadWithJobs(upload.id)).not.toBeNull();
      const fresh = (await uploads.getUploadWithJobs(upload.id))!;
      expect(await uploads.deleteUpload(fresh.upload, fresh.jobs)).toBe(true);
      expect(await uploads.getUploadWithJobs(upload.id)).toBeNull();
      expect(await uploads.deleteUpload(fresh.upload, [])).toBe(false);
    });

    it('deletes an upload only while its HD keys are as read (an HD file made from its source meanwhile)', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, userOwner());
      await uploads.completeJob(upload.id, 16, { previewKey: 'p.jpg', hdKey: 'hd/a-source.jpg' });
      const read = (await uploads.getUploadWithJobs(upload.id))!;
      await uploads.replaceHdKey(upload.id, 16, 'hd/a-source.jpg', 'hd/a.jpg');
      expect(await uploads.deleteUpload(read.upload, read.jobs)).toBe(false);
      const fresh = (await uploads.getUploadWithJobs(upload.id))!;
      expect(await uploads.deleteUpload(fresh.upload, fresh.jobs)).toBe(true);
    });

    it('deletes an upload only while its status, cut-out and owner are as read (their files named since)', async () => {
      const { uploads, clock } = subject();
      const owner = userOwner();
      const upload = uploadRecord(clock, owner);
      await uploads.createUpload(upload);
      // Completed after the read: an original and jobs the caller will not delete.
      expect(
        await uploads.markReadyWithJobs(upload, originalKeyFor(upload), [jobRecord(upload, 10, clock)]),
      ).toBe(true);
      expect(await uploads.deleteUpload(upload, [])).toBe(false);
      const ready = (await uploads.getUploadWithJobs(upload.id))!;
      // A cut-out recorded after the read.
      expect(await uploads.saveCutout(upload.id, { width: 1, height: 1, createdAt: 'now' }, owner)).toBe(
        true,
      );
      expect(await uploads.deleteUpload(ready.upload, ready.jobs)).toBe(false);
      const fresh = (await uploads.getUploadWithJobs(upload.id))!;
      expect(await uploads.deleteUpload({ ...fresh.upload, owner: userOwner() }, fresh.jobs)).toBe(false);
      expect(await uploads.deleteUpload(fresh.upload, fresh.jobs)).toBe(true);
    });

    it('lists processing jobs last touched before a time, oldest first, and drops those that finished', async () => {
      const { uploads, clock } = subject();
      const { upload, at } = await longAgoJobs(uploads, clock);
      await uploads.completeJob(upload.id, 16, { previewKey: 'p.jpg', hdKey: 'h.jpg' });
      // 21 was touched at `at + 2 ms`: not before the bound.
      const listed = async () =>
        (await uploads.listStuckJobs(at(2), 50))
          .filter((job) => job.uploadId === upload.id)
          .map((j) => j.age);
      await expect.poll(listed).toEqual([10]);
      await uploads.failJob(upload.id, 10, 'given up');
      await expect.poll(listed).toEqual([]);
    });

    it('restarts or fails a job only while it is as read, and counts who restarted it', async () => {
      const { uploads, clock, pass } = subject();
      const { upload, at } = await longAgoJobs(uploads, clock);
      const read = (await uploads.getUploadWithJobs(upload.id))!.jobs;
      const [ten, sixteen, twentyOne] = read as [RenderJobRecord, RenderJobRecord, RenderJobRecord];
      await pass();
      expect(await uploads.restartJob(ten, 'sweeper')).toBe(true);
      // The same read again (a second sweeper, a double click) loses.
      expect(await uploads.restartJob(ten, 'sweeper')).toBe(false);
      expect(await uploads.failStuckJob(ten, 'late')).toBe(false);
      // A worker finished 16 between the sweep's read and its write: the worker wins.
      await uploads.completeJob(upload.id, 16, { previewKey: 'p.jpg', hdKey: 'h.jpg' });
      expect(await uploads.restartJob(sixteen, 'sweeper')).toBe(false);
      expect(await uploads.failStuckJob(sixteen, 'late')).toBe(false);
      expect(await uploads.failStuckJob(twentyOne, 'late')).toBe(true);
      const jobsNow = async () => (await uploads.getUploadWithJobs(upload.id))!.jobs;
      expect((await jobsNow()).map((j) => [j.age, j.status, j.failureReason, j.requeues ?? 0])).toEqual([
        [10, 'processing', undefined, 1],
        [16, 'done', undefined, 0],
        [21, 'failed', 'late', 0],
      ]);
      expect((await jobsNow())[0]!.updatedAt > at(0)).toBe(true);

      // The parent's "Try again" on the failed 21: once for two clicks on the same read.
      const failed = (await jobsNow())[2]!;
      expect(await uploads.restartJob(failed, 'parent')).toBe(true);
      expect(await uploads.restartJob(failed, 'parent')).toBe(false);
      expect((await jobsNow())[2]).toMatchObject({ status: 'processing', retries: 1, requeues: 0 });
      expect((await jobsNow())[2]!.failureReason).toBeUndefined();
    });
  });
}

/** A ready upload whose three jobs were last touched long ago (10 at `at(0)`, 16 at `at(1)`, 21 at `at(2)`). */
async function longAgoJobs(uploads: UploadStore, clock: Clock) {
  // A random millisecond of 2001: older than anything else in a shared table, and this test's own.
  const base = Date.parse('2001-01-01T00:00:00.000Z') + Math.floor(Math.random() * 364 * 86_400_000);
  const at = (ms: number) => new Date(base + ms).toISOString();
  const upload = uploadRecord(clock, sessionOwner());
  await uploads.createUpload(upload);
  const jobs = PREVIEW_AGES.map((age, n) => ({ ...jobRecord(upload, age, clock), updatedAt: at(n) }));
  expect(await uploads.markReadyWithJobs(upload, originalKeyFor(upload), jobs)).toBe(true);
  return { upload, at };
}
