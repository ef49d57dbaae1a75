/**
 * What every UploadStore must do, as one suite run against the in-memory fake (unit project) and
 * the DynamoDB adapter (int project): the conditions the use cases rely on.
 */
import { PREVIEW_AGES } from '@shared/catalog';
import { describe, expect, it } from 'vitest';
import { planMigration } from '../../core/account/migration-plan';
import { originalKeyFor } from '../../core/uploads/create-upload';
import { readyUpload, sessionOwner, uploadRecord, userOwner } from '../records';
import type { StoreSubject } from './store-subject';

export function describeUploadStoreContract(name: string, subject: () => StoreSubject) {
  describe(`UploadStore contract: ${name}`, () => {
    it('creates an upload once and reads it back with no jobs', async () => {
      const { uploads, clock } = subject();
      const upload = uploadRecord(clock, sessionOwner());
      await uploads.createUpload(upload);
      await expect(uploads.createUpload(upload)).rejects.toThrow();
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

    it('saves a cut-out on an existing upload only, with its copy recorded', async () => {
      const { uploads, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const cutout = { width: 640, height: 800, createdAt: clock.now().toISOString(), copy: true };
      expect(await uploads.saveCutout(upload.id, cutout)).toBe(true);
      expect(await uploads.saveCutout(crypto.randomUUID(), cutout)).toBe(false);
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
  });
}
