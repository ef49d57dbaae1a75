/** A visitor's photos joining the account on sign-in, over in-memory fakes (account.int.test.ts: emulators). */
import { storageKeys } from '@shared/deployment';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { givenCutout } from '../../test-support/moments';
import { migrateSessionUploads } from './migrate-uploads';
import { listMyUploads } from './my-uploads';

/** A visitor with two rendered photos, the second a minute newer, and the parent they sign in as. */
async function visitorWithPhotos() {
  const deps = fakeDeps();
  const sessionId = crypto.randomUUID();
  const first = await uploadedPhoto(deps, visitor(sessionId));
  deps.clock.advance(60_000);
  const second = await uploadedPhoto(deps, visitor(sessionId));
  return { deps, sessionId, uploadIds: [first, second], user: parent({ sessionId }) };
}

describe('migrateSessionUploads', () => {
  it('moves every finished upload of the session to the account, oldest first', async () => {
    const { deps, sessionId, uploadIds, user } = await visitorWithPhotos();
    expect(await migrateSessionUploads(deps, user)).toEqual({
      migrated: uploadIds.map((upload_id) => ({ upload_id })),
    });
    for (const uploadId of uploadIds) {
      const { upload, jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
      expect(upload).toMatchObject({
        owner: `user:${user.sub}`,
        migrated: true,
        migratedFrom: sessionId,
        fileKey: `users/${user.sub}/${uploadId}/original.jpg`,
      });
      expect([upload.expiresAt, ...jobs.map((job) => job.expiresAt)]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(deps.blobs.object('uploads', upload.fileKey!)?.anonymous).toBe(false);
      for (const job of jobs) {
        expect(deps.blobs.object('renders', job.previewKey!)?.anonymous).toBe(false);
        expect(deps.blobs.object('renders', job.hdKey!)?.anonymous).toBe(false);
      }
    }
    // Nothing is left to expire under temp/.
    expect(deps.blobs.keys('uploads').filter((key) => key.startsWith('temp/'))).toEqual([]);
    const mine = await listMyUploads(deps, user);
    expect(mine.uploads.map((upload) => upload.uploadId)).toEqual([...uploadIds].reverse());
  });

  it('copies pending, so they expire unless the transaction records them; the commit takes the tag off', async () => {
    const { deps, uploadIds, user } = await visitorWithPhotos();
    await givenCutout(deps, uploadIds[0]);
    const migrate = deps.uploads.migrate.bind(deps.uploads);
    const pendingAtTransaction: boolean[] = [];
    deps.uploads.migrate = async (plans) => {
      for (const plan of plans)
        pendingAtTransaction.push(Boolean(deps.blobs.object('uploads', plan.fileKey)?.pending));
      return migrate(plans);
    };
    await migrateSessionUploads(deps, user);
    expect(pendingAtTransaction).toEqual([true, true]);
    const copies = deps.blobs.keys('uploads').filter((key) => key.startsWith(`users/${user.sub}/`));
    expect(copies).toHaveLength(2 + 3); // two originals, one cut-out with its source and copy
    expect(copies.filter((key) => deps.blobs.object('uploads', key)?.pending)).toEqual([]);
  });

  it('leaves the copies pending when the transaction fails, and the session keeps its photos', async () => {
    const { deps, sessionId, uploadIds, user } = await visitorWithPhotos();
    deps.uploads.migrate = async () => {
      throw new Error('DynamoDB is unreachable');
    };
    await expect(migrateSessionUploads(deps, user)).rejects.toThrow('DynamoDB is unreachable');
    const copies = deps.blobs.keys('uploads').filter((key) => key.startsWith(`users/${user.sub}/`));
    expect(copies).toHaveLength(2);
    expect(copies.every((key) => deps.blobs.object('uploads', key)?.pending)).toBe(true);
    for (const uploadId of uploadIds)
      expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.owner).toBe(`session:${sessionId}`);
  });

  it("takes a photo's cut-out along, so a keepsake draft keeps working", async () => {
    const { deps, uploadIds, user } = await visitorWithPhotos();
    await givenCutout(deps, uploadIds[0]);
    await migrateSessionUploads(deps, user);
    const cutout = deps.blobs.object('uploads', storageKeys.cutout(`user:${user.sub}`, uploadIds[0]));
    const source = deps.blobs.object('uploads', storageKeys.cutoutSource(`user:${user.sub}`, uploadIds[0]));
    expect(cutout?.anonymous).toBe(false);
    expect(source?.anonymous).toBe(false);
    expect(deps.blobs.keys('uploads').filter((key) => key.startsWith('temp/'))).toEqual([]);
  });

  it("takes the cut-out's copy for free keepsakes along", async () => {
    const { deps, uploadIds, user } = await visitorWithPhotos();
    await givenCutout(deps, uploadIds[0]);
    await migrateSessionUploads(deps, user);
    const copy = deps.blobs.object('uploads', storageKeys.cutoutCopy(`user:${user.sub}`, uploadIds[0]));
    expect(copy?.anonymous).toBe(false);
    expect(deps.blobs.keys('uploads').filter((key) => key.startsWith('temp/'))).toEqual([]);
  });

  it('moves nothing and fails nothing the second time', async () => {
    const { deps, user } = await visitorWithPhotos();
    await migrateSessionUploads(deps, user);
    const objects = [deps.blobs.keys('uploads'), deps.blobs.keys('renders')];
    expect(await migrateSessionUploads(deps, user)).toEqual({ migrated: [] });
    expect([deps.blobs.keys('uploads'), deps.blobs.keys('renders')]).toEqual(objects);
  });

  it('gives another parent nothing for a session already claimed, or one never seen', async () => {
    const { deps, sessionId, user } = await visitorWithPhotos();
    await migrateSessionUploads(deps, user);
    const other = parent();
    for (const id of [sessionId, crypto.randomUUID()]) {
      expect(await migrateSessionUploads(deps, { ...other, sessionId: id })).toEqual({ migrated: [] });
    }
    expect((await listMyUploads(deps, other)).uploads).toEqual([]);
    expect((await listMyUploads(deps, user)).uploads).toHaveLength(2);
  });

  it('leaves an upload that never received its photo in the session', async () => {
    const deps = fakeDeps();
    const sessionId = crypto.randomUUID();
    const pending = await uploadedPhoto(deps, visitor(sessionId), { complete: false });
    expect(await migrateSessionUploads(deps, parent({ sessionId }))).toEqual({ migrated: [] });
    expect((await deps.uploads.getUploadWithJobs(pending))?.upload.owner).toBe(`session:${sessionId}`);
  });

  it('moves each upload once when two migrations of the session run at the same time', async () => {
    const { deps, uploadIds, user } = await visitorWithPhotos();
    const results = await Promise.all([migrateSessionUploads(deps, user), migrateSessionUploads(deps, user)]);
    const moved = results.flatMap((result) => result.migrated.map((item) => item.upload_id));
    expect(moved.sort()).toEqual([...uploadIds].sort());
    // Each original exactly once under users/, none left under temp/.
    expect(deps.blobs.keys('uploads')).toEqual(
      uploadIds.map((id) => `users/${user.sub}/${id}/original.jpg`).sort(),
    );
  });

  it('moves nothing for a parent whose request carried no visitor token: the session needs its proof', async () => {
    const { deps, uploadIds, user } = await visitorWithPhotos();
    expect(await migrateSessionUploads(deps, { ...user, sessionId: undefined })).toEqual({ migrated: [] });
    for (const uploadId of uploadIds)
      expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.migrated).toBe(false);
  });

  it('asks a visitor to sign in first', async () => {
    const { deps, sessionId } = await visitorWithPhotos();
    await expect(migrateSessionUploads(deps, visitor(sessionId))).rejects.toThrow(messages.sessionMissing);
  });

  it('reads again when a cut-out is recorded after the plan was made, and takes its files along', async () => {
    const { deps, uploadIds, user } = await visitorWithPhotos();
    const migrate = deps.uploads.migrate.bind(deps.uploads);
    let raced = false;
    deps.uploads.migrate = async (plans) => {
      if (!raced) {
        raced = true;
        await givenCutout(deps, uploadIds[0]);
      }
      return migrate(plans);
    };
    await migrateSessionUploads(deps, user);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadIds[0]))!;
    expect(upload.owner).toBe(`user:${user.sub}`);
    expect(deps.blobs.object('uploads', storageKeys.cutout(upload.owner, upload.id))?.anonymous).toBe(false);
    expect(deps.blobs.keys('uploads').filter((key) => key.startsWith('temp/'))).toEqual([]);
  });
});
