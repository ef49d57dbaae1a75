/** completeUpload over in-memory fakes (uploads.int.test.ts runs it on the emulators). */
import { PREVIEW_AGES } from '@shared/catalog';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import type { Principal } from '../ports';
import { completeUpload } from './complete-upload';
import { createUpload, incomingKeyFor, originalKeyFor } from './create-upload';

/** An upload whose file the browser has put, not yet completed. */
async function putPhoto(principal: Principal, bytes?: Buffer) {
  const deps = fakeDeps();
  const uploadId = await uploadedPhoto(deps, principal, { complete: false });
  if (bytes)
    await deps.blobs.put('uploads', incomingKeyFor({ id: uploadId }), bytes, { contentType: 'image/jpeg' });
  return { deps, uploadId };
}

describe('completeUpload', () => {
  it('keeps only the normalised copy, makes the upload ready and queues one render per preview age', async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    const raw = await deps.blobs.get('uploads', incomingKeyFor({ id: uploadId }));

    const view = await completeUpload(deps, caller, uploadId);

    expect(view.status).toBe('ready');
    expect(view.jobs.map((job) => [job.age, job.status])).toEqual(
      PREVIEW_AGES.map((age) => [age, 'processing']),
    );
    expect(deps.renderQueue.sent).toEqual(PREVIEW_AGES.map((age) => ({ uploadId, age })));
    const { upload, jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    const fileKey = originalKeyFor(upload);
    expect([upload.status, upload.fileKey]).toEqual(['ready', fileKey]);
    expect(deps.blobs.keys('uploads')).toEqual([fileKey]);
    const original = deps.blobs.object('uploads', fileKey)!;
    expect(original.body).toEqual((await deps.inspector.normalise(raw)).jpeg);
    expect(original.body).not.toEqual(raw);
    // A visitor's photo and jobs expire with the retention period.
    expect(original.anonymous).toBe(true);
    expect(jobs.map((job) => job.expiresAt)).toEqual(jobs.map(() => upload.expiresAt));
  });

  it("keeps a signed-in parent's original under users/ with no retention tag and nothing expiring", async () => {
    const caller = parent();
    const { deps, uploadId } = await putPhoto(caller);
    await completeUpload(deps, caller, uploadId);
    const { upload, jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(upload.fileKey).toBe(`users/${caller.sub}/${uploadId}/original.jpg`);
    expect(deps.blobs.object('uploads', upload.fileKey!)?.anonymous).toBe(false);
    expect([upload.expiresAt, ...jobs.map((job) => job.expiresAt)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('writes the original pending and takes the tag off only after the transaction recorded it', async () => {
    const caller = parent();
    const { deps, uploadId } = await putPhoto(caller);
    const markReady = deps.uploads.markReadyWithJobs.bind(deps.uploads);
    const atTransaction: boolean[] = [];
    deps.uploads.markReadyWithJobs = async (upload, fileKey, jobs) => {
      atTransaction.push(Boolean(deps.blobs.object('uploads', fileKey)?.pending));
      return markReady(upload, fileKey, jobs);
    };
    await completeUpload(deps, caller, uploadId);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(atTransaction).toEqual([true]);
    expect(deps.blobs.object('uploads', upload.fileKey!)?.pending).toBe(false);
  });

  it("commits a visitor's original with its anonymous tag kept", async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    await completeUpload(deps, caller, uploadId);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(deps.blobs.object('uploads', upload.fileKey!)).toMatchObject({ pending: false, anonymous: true });
  });

  it('leaves the original pending (so S3 expires it) when the transaction fails', async () => {
    const caller = parent();
    const { deps, uploadId } = await putPhoto(caller);
    deps.uploads.markReadyWithJobs = async () => {
      throw new Error('DynamoDB is unreachable');
    };
    await expect(completeUpload(deps, caller, uploadId)).rejects.toThrow('DynamoDB is unreachable');
    const fileKey = originalKeyFor({ id: uploadId, owner: `user:${caller.sub}` });
    expect(deps.blobs.object('uploads', fileKey)?.pending).toBe(true);
    expect(deps.renderQueue.sent).toEqual([]);
  });

  it('keeps the original committed when a simultaneous complete writes it again after the winner committed', async () => {
    const caller = parent();
    const { deps, uploadId } = await putPhoto(caller);
    const put = deps.blobs.put.bind(deps.blobs);
    const commit = deps.blobs.commit.bind(deps.blobs);
    let winnerCommitted!: () => void;
    const committed = new Promise<void>((resolve) => {
      winnerCommitted = resolve;
    });
    let originals = 0;
    deps.blobs.put = async (bucket, key, body, opts) => {
      // The loser's put of the same original lands only after the winner's commit.
      if (key.endsWith('/original.jpg') && ++originals === 2) await committed;
      return put(bucket, key, body, opts);
    };
    deps.blobs.commit = async (bucket, keys, opts) => {
      await commit(bucket, keys, opts);
      winnerCommitted();
    };
    const results = await Promise.allSettled([
      completeUpload(deps, caller, uploadId),
      completeUpload(deps, caller, uploadId),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(originals).toBe(2);
    expect(deps.blobs.object('uploads', upload.fileKey!)?.pending).toBe(false);
  });

  it.each([
    ['a text file renamed .jpg', Buffer.from('Milk\nBread\nEggs\n'), 'notAnImage'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'photoFormatUnsupported'],
    [
      'a file over 10 MB',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]),
      'fileTooLarge',
    ],
  ] as const)('rejects %s and keeps nothing of it', async (_, bytes, reason) => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller, bytes);
    await expect(completeUpload(deps, caller, uploadId)).rejects.toThrow(messages[reason]);
    expect(deps.blobs.keys('uploads')).toEqual([]);
    expect((await deps.uploads.getUploadWithJobs(uploadId))?.jobs).toEqual([]);
    expect(deps.renderQueue.sent).toEqual([]);
  });

  it('keeps nothing of a photo the inspector refuses, and says why', async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    deps.inspector.rejectWith = 'photoTooSmall';
    await expect(completeUpload(deps, caller, uploadId)).rejects.toThrow(messages.photoTooSmall);
    expect(deps.blobs.keys('uploads')).toEqual([]);
    const { upload, jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect([upload.status, jobs]).toEqual(['awaiting_file', []]);
    expect(deps.renderQueue.sent).toEqual([]);
  });

  it("holds a composer photo to the composer's limits and makes no age previews of it", async () => {
    const caller = visitor();
    const deps = fakeDeps();
    const bytes = Buffer.alloc(11 * 1024 * 1024, 1);
    bytes.set([0xff, 0xd8, 0xff]); // a JPEG by its magic bytes, for the fake inspector
    const request = { contentType: 'image/jpeg', size: bytes.length, purpose: 'composer' } as const;
    // 11 MB: too large for the age previews, not for the composer.
    await expect(createUpload(deps, caller, { ...request, purpose: 'previews' })).rejects.toThrow(
      messages.fileTooLarge,
    );
    const { uploadId } = await createUpload(deps, caller, request);
    await deps.blobs.put('uploads', incomingKeyFor({ id: uploadId }), bytes, { contentType: 'image/jpeg' });
    const view = await completeUpload(deps, caller, uploadId);
    expect([view.status, view.jobs]).toEqual(['ready', []]);
    expect(deps.renderQueue.sent).toEqual([]);

    const big = Buffer.alloc(12 * 1024 * 1024 + 1, 1);
    await expect(createUpload(deps, caller, { ...request, size: big.length })).rejects.toThrow(
      messages.composerFileTooLarge,
    );
  });

  it('says the photo is missing when the browser never put it', async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    await deps.blobs.delete('uploads', [incomingKeyFor({ id: uploadId })]);
    await expect(completeUpload(deps, caller, uploadId)).rejects.toThrow(messages.photoMissing);
  });

  it('reverts to awaiting the file when the renders cannot be queued, so the parent can try again', async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    deps.renderQueue.failWith = new Error('SQS is unreachable');

    await expect(completeUpload(deps, caller, uploadId)).rejects.toThrow(messages.uploadFailed);
    const reverted = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect([reverted.upload.status, reverted.upload.fileKey, reverted.jobs]).toEqual([
      'awaiting_file',
      undefined,
      [],
    ]);
    expect(deps.logger.messages('error')).toContain('could not queue render jobs; reverting');

    deps.renderQueue.failWith = null;
    expect((await completeUpload(deps, caller, uploadId)).status).toBe('ready');
    expect(deps.renderQueue.sent).toHaveLength(PREVIEW_AGES.length);
  });

  it('changes nothing the second time: the photo is already being processed', async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    await completeUpload(deps, caller, uploadId);
    const before = await deps.uploads.getUploadWithJobs(uploadId);

    await expect(completeUpload(deps, caller, uploadId)).rejects.toThrow(messages.alreadyProcessing);
    expect(await deps.uploads.getUploadWithJobs(uploadId)).toEqual(before);
    expect(deps.renderQueue.sent).toHaveLength(PREVIEW_AGES.length);
  });

  it('lets only one of two simultaneous completes make jobs', async () => {
    const caller = visitor();
    const { deps, uploadId } = await putPhoto(caller);
    const results = await Promise.allSettled([
      completeUpload(deps, caller, uploadId),
      completeUpload(deps, caller, uploadId),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(deps.renderQueue.sent).toHaveLength(PREVIEW_AGES.length);
  });

  it("refuses another session's upload and leaves it untouched", async () => {
    const { deps, uploadId } = await putPhoto(visitor());
    await expect(completeUpload(deps, visitor(), uploadId)).rejects.toThrow(messages.notYourUpload);
    expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.status).toBe('awaiting_file');
    expect(deps.blobs.keys('uploads')).toEqual([incomingKeyFor({ id: uploadId })]);
  });

  it('does not reach the photo of an unknown upload', async () => {
    const deps = fakeDeps();
    await expect(completeUpload(deps, visitor(), crypto.randomUUID())).rejects.toThrow(
      messages.uploadNotFound,
    );
  });
});
