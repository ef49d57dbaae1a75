/**
 * The render worker's use cases over in-memory fakes: one job (renderJob) and a batch of messages
 * (renderBatch). render-worker.int.test.ts and render-races.int.test.ts run them on the emulators.
 */
import type { TargetAge } from '@shared/catalog';
import { MAX_RENDER_ATTEMPTS } from '@shared/deployment';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { createFakeImageAI, FAKE_FACE } from '../../test-support/fakes/image-ai';
import { tinyJpeg } from '../../test-support/fakes/images';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { withCompletionRace } from '../../test-support/races';
import { jobRecord, uploadRecord } from '../../test-support/records';
import { migrateSessionUploads } from '../account/migrate-uploads';
import type { Deps } from '../deps';
import { AiCapabilityUnavailableError } from '../errors';
import type { OwnerRef, Principal } from '../ports';
import { eraseUpload } from '../uploads/delete-upload';
import { renderBatch } from './render-batch';
import { renderJob } from './render-job';

type Fakes = FakeDeps;

/** A completed upload whose renders are queued but not run. */
async function queuedPhoto(principal: Principal = visitor(), deps: Fakes = fakeDeps()) {
  const uploadId = await uploadedPhoto(deps, principal, { render: false });
  deps.renderQueue.take();
  return { deps, uploadId };
}

const jobOf = async (deps: Deps, uploadId: string, age: TargetAge) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((job) => job.age === age)!;

const item = (uploadId: string, age: number, attempt = 1, id = `${uploadId}/${age}`) => ({
  id,
  body: JSON.stringify({ uploadId, age }),
  attempt,
});

describe('renderJob', () => {
  it('stores the preview and the private HD file, marks the job done and keeps the face', async () => {
    const { deps, uploadId } = await queuedPhoto();
    const outcome = await renderJob(deps, { uploadId, age: 10 });

    expect(outcome).toMatchObject({ outcome: 'done', face: FAKE_FACE });
    const job = await jobOf(deps, uploadId, 10);
    expect(job.status).toBe('done');
    expect(job.previewKey).toMatch(new RegExp(`^previews/${uploadId}/10-[0-9a-f]{12}\\.jpg$`));
    expect(job.hdKey).toMatch(new RegExp(`^hd/${uploadId}/10-[0-9a-f]{12}\\.jpg$`));
    expect(deps.blobs.keys('renders')).toEqual([job.hdKey, job.previewKey]);
    const preview = deps.blobs.object('renders', job.previewKey!)!;
    expect([preview.contentType, preview.cacheControl]).toEqual(['image/jpeg', 'public, max-age=86400']);
    expect(deps.blobs.object('renders', job.hdKey!)?.cacheControl).toBeUndefined();
    expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.face).toEqual(FAKE_FACE);
  });

  it("tags a visitor's renders to expire and leaves a parent's untagged", async () => {
    for (const [principal, anonymous] of [
      [visitor(), true],
      [parent(), false],
    ] as const) {
      const { deps, uploadId } = await queuedPhoto(principal);
      await renderJob(deps, { uploadId, age: 16 });
      const keys = deps.blobs.keys('renders');
      expect(keys).toHaveLength(2);
      expect(keys.map((key) => deps.blobs.object('renders', key)?.anonymous)).toEqual([anonymous, anonymous]);
    }
  });

  it('writes both files pending and commits them once the job records them', async () => {
    const { deps, uploadId } = await queuedPhoto(parent());
    const pendingAtCompletion: boolean[] = [];
    const racing = withCompletionRace(deps, async () => {
      for (const key of deps.blobs.keys('renders'))
        pendingAtCompletion.push(Boolean(deps.blobs.object('renders', key)?.pending));
    });
    await renderJob(racing, { uploadId, age: 10 });
    expect(pendingAtCompletion).toEqual([true, true]);
    const keys = deps.blobs.keys('renders');
    expect(keys.map((key) => deps.blobs.object('renders', key)?.pending)).toEqual([false, false]);
  });

  it('leaves both files pending (S3 expires them) when recording the job fails', async () => {
    const { deps, uploadId } = await queuedPhoto(parent());
    const failing = withCompletionRace(deps, async () => {
      throw new Error('DynamoDB is unreachable');
    });
    await expect(renderJob(failing, { uploadId, age: 10 })).rejects.toThrow('DynamoDB is unreachable');
    const keys = deps.blobs.keys('renders');
    expect(keys.map((key) => deps.blobs.object('renders', key)?.pending)).toEqual([true, true]);
  });

  it('takes the pending tag off again when a losing delivery rewrites the very file the winner committed', async () => {
    const { deps, uploadId } = await queuedPhoto(parent());
    await renderJob(deps, { uploadId, age: 10 });
    // A late duplicate delivery of the same render: its files land on the committed ones.
    const job = await jobOf(deps, uploadId, 10);
    const late = withCompletionRace(deps, async () => undefined);
    late.uploads.getUploadWithJobs = async (id) => {
      const found = await deps.uploads.getUploadWithJobs(id);
      // As read before the winner completed: still processing, so the late delivery renders.
      return found && { ...found, jobs: found.jobs.map((j) => ({ ...j, status: 'processing' as const })) };
    };
    await renderJob(late, { uploadId, age: 10 });
    expect(deps.blobs.keys('renders')).toEqual([job.hdKey, job.previewKey]);
    expect([job.hdKey!, job.previewKey!].map((key) => deps.blobs.object('renders', key)?.pending)).toEqual([
      false,
      false,
    ]);
  });

  it('skips a duplicate delivery of a finished job without rendering again', async () => {
    const { deps, uploadId } = await queuedPhoto();
    await renderJob(deps, { uploadId, age: 21 });
    const before = await jobOf(deps, uploadId, 21);
    deps.imageAI.seed = 'another render';

    expect(await renderJob(deps, { uploadId, age: 21 })).toEqual({
      outcome: 'skipped',
      reason: 'not-processing',
    });
    expect(deps.imageAI.ageCalls).toHaveLength(1);
    expect(await jobOf(deps, uploadId, 21)).toEqual(before);
    expect(deps.blobs.keys('renders')).toHaveLength(2);
  });

  it('skips a message whose upload is gone', async () => {
    const deps = fakeDeps();
    expect(await renderJob(deps, { uploadId: crypto.randomUUID(), age: 10 })).toEqual({
      outcome: 'skipped',
      reason: 'upload-gone',
    });
  });

  it('fails the job with the no-face message when the photo has no face, storing nothing', async () => {
    const { deps, uploadId } = await queuedPhoto();
    deps.imageAI.face = null;
    expect(await renderJob(deps, { uploadId, age: 10 })).toEqual({
      outcome: 'failed',
      reason: messages.noFaceFound,
    });
    expect(await jobOf(deps, uploadId, 10)).toMatchObject({
      status: 'failed',
      failureReason: messages.noFaceFound,
    });
    expect(deps.blobs.keys('renders')).toEqual([]);
  });

  it('fails the job, without retrying, when the provider configured for ageing is not available', async () => {
    const deps = fakeDeps({ imageAI: createFakeImageAI({ ageProgress: 'replicate' }) });
    const { uploadId } = await queuedPhoto(visitor(), deps);
    expect(await renderJob(deps, { uploadId, age: 16 })).toEqual({
      outcome: 'failed',
      reason: messages.aiProviderRequired,
    });
    expect((await jobOf(deps, uploadId, 16)).status).toBe('failed');
    await expect(deps.imageAI.ageProgress({ image: Buffer.alloc(1), targetAge: 16 })).rejects.toBeInstanceOf(
      AiCapabilityUnavailableError,
    );
  });

  it('lets any other error go to the queue for a retry, the job still processing', async () => {
    const { deps, uploadId } = await queuedPhoto();
    deps.imageAI.failWith = new Error('the model timed out');
    await expect(renderJob(deps, { uploadId, age: 10 })).rejects.toThrow('the model timed out');
    expect((await jobOf(deps, uploadId, 10)).status).toBe('processing');
  });

  it('deletes its own files when another delivery of the job won the race', async () => {
    const { deps, uploadId } = await queuedPhoto();
    const racing = withCompletionRace(deps, async () => {
      deps.imageAI.seed = 'the other delivery';
      expect((await renderJob(deps, { uploadId, age: 10 })).outcome).toBe('done');
    });
    expect(await renderJob(racing, { uploadId, age: 10 })).toEqual({
      outcome: 'skipped',
      reason: 'not-processing',
    });
    const winner = await jobOf(deps, uploadId, 10);
    expect(deps.blobs.keys('renders')).toEqual([winner.hdKey, winner.previewKey]);
  });

  it('keeps the files when the winning delivery made the very same render', async () => {
    const { deps, uploadId } = await queuedPhoto();
    const racing = withCompletionRace(deps, async () => {
      await renderJob(deps, { uploadId, age: 10 });
    });
    await renderJob(racing, { uploadId, age: 10 });
    const winner = await jobOf(deps, uploadId, 10);
    expect(deps.blobs.keys('renders')).toEqual([winner.hdKey, winner.previewKey]);
  });

  it('deletes its own files when the upload was deleted while it rendered', async () => {
    const { deps, uploadId } = await queuedPhoto();
    const racing = withCompletionRace(deps, async () => {
      const found = (await deps.uploads.getUploadWithJobs(uploadId))!;
      expect((await eraseUpload(deps, found.upload, found.jobs)).erased).toBe(true);
    });
    expect((await renderJob(racing, { uploadId, age: 10 })).outcome).toBe('skipped');
    expect([...deps.blobs.keys('uploads'), ...deps.blobs.keys('renders')]).toEqual([]);
  });

  it('clears the anonymous tag of renders that land after the upload joined an account', async () => {
    const sessionId = crypto.randomUUID();
    const { deps, uploadId } = await queuedPhoto(visitor(sessionId));
    const racing = withCompletionRace(deps, async () => {
      const moved = await migrateSessionUploads(deps, parent({ sessionId }));
      expect(moved.migrated).toEqual([{ upload_id: uploadId }]);
    });
    expect((await renderJob(racing, { uploadId, age: 16 })).outcome).toBe('done');
    const job = await jobOf(deps, uploadId, 16);
    expect(deps.blobs.object('renders', job.previewKey!)?.anonymous).toBe(false);
    expect(deps.blobs.object('renders', job.hdKey!)?.anonymous).toBe(false);
  });

  it('emails a bought render once, when it is done, with the link to its results', async () => {
    const deps = fakeDeps();
    const owner: OwnerRef = `user:${crypto.randomUUID()}`;
    const upload = uploadRecord(deps.clock, owner);
    await deps.uploads.createUpload(upload);
    await deps.blobs.put('uploads', 'users/original.jpg', await tinyJpeg('original'), {
      contentType: 'image/jpeg',
    });
    const notify = { email: 'parent@example.com', link: `https://app.example/result/${upload.id}` };
    await deps.uploads.markReadyWithJobs(upload, 'users/original.jpg', [
      { ...jobRecord(upload, 19, deps.clock), hdUnlocked: true, notify },
    ]);

    await renderJob(deps, { uploadId: upload.id, age: 19 });
    await renderJob(deps, { uploadId: upload.id, age: 19 });

    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.mailer.sent[0]).toMatchObject({
      to: 'parent@example.com',
      subject: 'Your Age 19 HD photo is ready ✨',
    });
    expect(deps.mailer.sent[0].text).toContain(notify.link);
  });

  it('finishes the render even when the email cannot be sent, and says so in the log', async () => {
    const deps = fakeDeps();
    const upload = uploadRecord(deps.clock, `user:${crypto.randomUUID()}`);
    await deps.uploads.createUpload(upload);
    await deps.blobs.put('uploads', 'users/original.jpg', await tinyJpeg('original'), {
      contentType: 'image/jpeg',
    });
    const notify = { email: 'parent@example.com', link: 'https://app.example/result/x' };
    await deps.uploads.markReadyWithJobs(upload, 'users/original.jpg', [
      { ...jobRecord(upload, 19, deps.clock), notify },
    ]);
    deps.mailer.failWith = new Error('SES refused');
    expect((await renderJob(deps, { uploadId: upload.id, age: 19 })).outcome).toBe('done');
    expect(deps.logger.messages('error')).toContain('could not send the render-ready email');
  });
});

describe('renderBatch', () => {
  it('renders every job of an upload with one face detection', async () => {
    const { deps, uploadId } = await queuedPhoto();
    const retry = await renderBatch(deps, [item(uploadId, 10), item(uploadId, 16), item(uploadId, 21)]);
    expect(retry).toEqual([]);
    expect(deps.imageAI.ageCalls.map((call) => call.face)).toEqual([undefined, FAKE_FACE, FAKE_FACE]);
    const { jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done', 'done']);
  });

  it('hands a failing render back for a retry, and marks it failed on the last attempt', async () => {
    const { deps, uploadId } = await queuedPhoto();
    deps.imageAI.failWith = new Error('the model timed out');
    expect(await renderBatch(deps, [item(uploadId, 10, 1, 'm1')])).toEqual(['m1']);
    expect((await jobOf(deps, uploadId, 10)).status).toBe('processing');

    expect(await renderBatch(deps, [item(uploadId, 10, MAX_RENDER_ATTEMPTS, 'm1')])).toEqual(['m1']);
    expect(await jobOf(deps, uploadId, 10)).toMatchObject({
      status: 'failed',
      failureReason: messages.renderFailed,
    });
  });

  it('hands unreadable messages back without touching any job, and renders the rest', async () => {
    const { deps, uploadId } = await queuedPhoto();
    const bad = [
      { id: 'not-json', body: 'hello', attempt: 1 },
      { id: 'not-an-upload', body: JSON.stringify({ uploadId: 'x', age: 10 }), attempt: 1 },
      { id: 'unknown-age', body: JSON.stringify({ uploadId, age: 11 }), attempt: 1 },
    ];
    expect(await renderBatch(deps, [...bad, item(uploadId, 10)])).toEqual([
      'not-json',
      'not-an-upload',
      'unknown-age',
    ]);
    expect(deps.logger.messages('error')).toEqual([
      'unreadable render message',
      'unreadable render message',
      'unreadable render message',
    ]);
    expect((await jobOf(deps, uploadId, 10)).status).toBe('done');
  });
});
