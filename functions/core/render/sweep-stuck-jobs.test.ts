/**
 * The sweeper's tick over in-memory fakes: renders whose worker never reported are re-queued once,
 * then failed with a reason; a worker that finishes as the sweep reads wins cleanly.
 * render-sweep.int.test.ts runs the same through the emulators.
 */
import type { TargetAge } from '@shared/catalog';
import { messages } from '@shared/messages';
import { RENDER_STUCK_AFTER_MS } from '@shared/rules/stuck-jobs';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { renderBatch } from './render-batch';

const sweepTick = [{ id: 'tick', body: JSON.stringify({ kind: 'sweep' }), attempt: 1 }];
const jobsOf = async (deps: FakeDeps, uploadId: string) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.map((j) => [j.age, j.status, j.failureReason]);

/** A photo whose three render messages were lost (taken and never processed). */
async function lostRenders() {
  const deps = fakeDeps();
  const uploadId = await uploadedPhoto(deps, visitor(), { render: false });
  deps.renderQueue.take();
  return { deps, uploadId };
}

describe('the sweeper and stuck renders', () => {
  it('leaves renders alone inside the limit', async () => {
    const { deps, uploadId } = await lostRenders();
    deps.clock.advance(RENDER_STUCK_AFTER_MS - 1000);
    expect(await renderBatch(deps, sweepTick)).toEqual([]);
    expect(deps.renderQueue.take()).toEqual([]);
    expect(await jobsOf(deps, uploadId)).toEqual([10, 16, 21].map((age) => [age, 'processing', undefined]));
  });

  it('re-queues a stuck render once, and the re-queued render finishes it', async () => {
    const { deps, uploadId } = await lostRenders();
    deps.clock.advance(RENDER_STUCK_AFTER_MS);
    expect(await renderBatch(deps, sweepTick)).toEqual([]);
    const requeued = deps.renderQueue.take();
    expect(requeued.map((item) => JSON.parse(item.body))).toEqual(
      [10, 16, 21].map((age) => ({ uploadId, age })),
    );
    const jobs = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;
    expect(jobs.map((job) => [job.status, job.requeues, job.updatedAt])).toEqual(
      jobs.map(() => ['processing', 1, deps.clock.now().toISOString()]),
    );
    // A second tick at once finds nothing stuck: the clock of each job started again.
    await renderBatch(deps, sweepTick);
    expect(deps.renderQueue.take()).toEqual([]);

    expect(await renderBatch(deps, requeued)).toEqual([]);
    expect(await jobsOf(deps, uploadId)).toEqual([10, 16, 21].map((age) => [age, 'done', undefined]));
  });

  it('fails a render stuck again after its re-queue, with a reason, and never re-queues it again', async () => {
    const { deps, uploadId } = await lostRenders();
    deps.clock.advance(RENDER_STUCK_AFTER_MS);
    await renderBatch(deps, sweepTick);
    deps.renderQueue.take(); // lost again
    deps.clock.advance(RENDER_STUCK_AFTER_MS);
    await renderBatch(deps, sweepTick);
    expect(deps.renderQueue.take()).toEqual([]);
    expect(await jobsOf(deps, uploadId)).toEqual(
      [10, 16, 21].map((age) => [age, 'failed', messages.renderTimedOut]),
    );
    deps.clock.advance(RENDER_STUCK_AFTER_MS * 4);
    await renderBatch(deps, sweepTick);
    expect(deps.renderQueue.take()).toEqual([]);
  });

  it('changes nothing when a worker finishes the render as the sweep reads it', async () => {
    const { deps, uploadId } = await lostRenders();
    deps.clock.advance(RENDER_STUCK_AFTER_MS);
    const list = deps.uploads.listStuckJobs.bind(deps.uploads);
    deps.uploads.listStuckJobs = async (before, limit) => {
      const read = await list(before, limit);
      // The worker's conditional update lands between the sweep's read and its write.
      await deps.uploads.completeJob(uploadId, 16 as TargetAge, { previewKey: 'p', hdKey: 'h' });
      return read;
    };
    await renderBatch(deps, sweepTick);
    expect(deps.renderQueue.take().map((item) => JSON.parse(item.body).age)).toEqual([10, 21]);
    expect((await jobsOf(deps, uploadId))[1]).toEqual([16, 'done', undefined]);
  });
});
