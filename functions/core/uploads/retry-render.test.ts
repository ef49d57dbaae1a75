/** "Try again" over in-memory fakes (the route on the emulators: uploads.int.test.ts). */
import { messages } from '@shared/messages';
import { MAX_RETRIES, RENDER_STUCK_AFTER_MS } from '@shared/rules/stuck-jobs';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { renderBatch } from '../render/render-batch';
import { retryRender } from './retry-render';

/** A visitor's photo whose age 16 failed and whose other ages are done. */
async function failedAge() {
  const deps = fakeDeps();
  const owner = visitor();
  const uploadId = await uploadedPhoto(deps, owner, { render: false });
  const [ten, sixteen, twentyOne] = deps.renderQueue.take();
  await renderBatch(deps, [ten!, twentyOne!]);
  void sixteen;
  await deps.uploads.failJob(uploadId, 16, messages.renderTimedOut);
  return { deps, owner, uploadId };
}

describe('retryRender', () => {
  it("puts the owner's failed render back on the queue, and the page polls it to done", async () => {
    const { deps, owner, uploadId } = await failedAge();
    const view = await retryRender(deps, owner, uploadId, '16');
    expect(view.jobs.map((job) => [job.age, job.status, job.failureReason])).toEqual([
      [10, 'done', null],
      [16, 'processing', null],
      [21, 'done', null],
    ]);
    const queued = deps.renderQueue.take();
    expect(queued.map((item) => JSON.parse(item.body))).toEqual([{ uploadId, age: 16 }]);
    await renderBatch(deps, queued);
    const job = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((j) => j.age === 16)!;
    expect([job.status, job.retries]).toEqual(['done', 1]);
  });

  it('queues once for a double click, however the clicks interleave', async () => {
    const { deps, owner, uploadId } = await failedAge();
    await Promise.all([retryRender(deps, owner, uploadId, '16'), retryRender(deps, owner, uploadId, '16')]);
    await retryRender(deps, owner, uploadId, '16');
    expect(deps.renderQueue.take()).toHaveLength(1);
  });

  it('retries a render stuck past the limit (its card shows it failed)', async () => {
    const deps = fakeDeps();
    const owner = visitor();
    const uploadId = await uploadedPhoto(deps, owner, { render: false });
    deps.renderQueue.take();
    expect((await retryRender(deps, owner, uploadId, '10')).jobs[0]?.status).toBe('processing');
    expect(deps.renderQueue.take()).toEqual([]);
    deps.clock.advance(RENDER_STUCK_AFTER_MS);
    await retryRender(deps, owner, uploadId, '10');
    expect(deps.renderQueue.take().map((item) => JSON.parse(item.body))).toEqual([{ uploadId, age: 10 }]);
  });

  it(`stops after ${MAX_RETRIES} tries with a message`, async () => {
    const { deps, owner, uploadId } = await failedAge();
    for (let n = 0; n < MAX_RETRIES; n++) {
      await retryRender(deps, owner, uploadId, '16');
      deps.renderQueue.take();
      await deps.uploads.failJob(uploadId, 16, messages.noFaceFound);
    }
    const refused = retryRender(deps, owner, uploadId, '16');
    await expect(refused).rejects.toThrow(messages.retryLimitReached);
    await expect(refused).rejects.toMatchObject({ kind: 'conflict' });
    expect(deps.renderQueue.take()).toEqual([]);
  });

  it("refuses someone else's photo, an age it does not have and a photo that does not exist", async () => {
    const { deps, uploadId } = await failedAge();
    await expect(retryRender(deps, visitor(), uploadId, '16')).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(retryRender(deps, { kind: 'anonymous' }, uploadId, '16')).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    const { owner } = await failedAge();
    const own = await uploadedPhoto(deps, owner, { render: false });
    for (const age of ['19', '7', 'x', '016']) {
      await expect(retryRender(deps, owner, own, age)).rejects.toThrow(messages.previewNotFound);
    }
    await expect(retryRender(deps, owner, crypto.randomUUID(), '16')).rejects.toThrow(
      messages.uploadNotFound,
    );
    expect(deps.renderQueue.take().length).toBe(3); // only the photo's own first renders
  });
});
