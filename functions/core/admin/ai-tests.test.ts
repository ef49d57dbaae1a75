/** The operators' AI test runs and age tests over in-memory fakes (access by role: access.int.test.ts). */
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { createFakeImageAI } from '../../test-support/fakes/image-ai';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { renderBatch } from '../render/render-batch';
import { createAiRun, getAgeTest, getAiProviders, getAiRun, startAgeTest } from './ai-tests';

const admin = parent({ isAdmin: true });

describe('AI test runs', () => {
  it('queues a scene prompt, which the render worker draws and keeps for the page', async () => {
    const deps = fakeDeps();
    const run = await createAiRun(deps, admin, { kind: 'scene', prompt: 'a castle at night' });
    expect(run).toMatchObject({ status: 'queued', provider: 'offline', model: 'fake generateScene' });
    expect(deps.renderQueue.tasks).toEqual([{ kind: 'ai-run', runId: run.runId }]);

    const tasks = deps.renderQueue.tasks.map((task, n) => ({
      id: `t${n}`,
      body: JSON.stringify(task),
      attempt: 1,
    }));
    expect(await renderBatch(deps, tasks)).toEqual([]);
    const done = await getAiRun(deps, run.runId);
    expect(done).toMatchObject({ status: 'succeeded', error: null, imageUrl: expect.any(String) });
    expect(done.generationTime).toEqual(expect.any(Number));
    expect(deps.blobs.keys('renders')).toEqual([`ai-tests/${run.runId}.jpg`]);
    // A redelivered task does not run it again.
    expect(await renderBatch(deps, tasks)).toEqual([]);
    expect((await getAiRun(deps, run.runId)).generationTime).toBe(done.generationTime);
  });

  it("swaps faces between the operator's own uploads, and shows a refusal inline", async () => {
    const deps = fakeDeps();
    const [background, face] = await Promise.all([
      uploadedPhoto(deps, admin, { render: false }),
      uploadedPhoto(deps, admin, { render: false }),
    ]);
    deps.renderQueue.take();
    const request = { kind: 'faceSwap' as const, backgroundUploadId: background, faceUploadId: face };
    const ok = await createAiRun(deps, admin, request);
    deps.imageAI.face = null;
    const refused = await createAiRun(deps, admin, request);
    const tasks = deps.renderQueue.tasks.map((task, n) => ({
      id: `t${n}`,
      body: JSON.stringify(task),
      attempt: 1,
    }));
    // The first run draws while a face is there, the second after it is gone.
    deps.imageAI.face = createFakeImageAI().face;
    await renderBatch(deps, [tasks[0]]);
    deps.imageAI.face = null;
    await renderBatch(deps, [tasks[1]]);
    expect((await getAiRun(deps, ok.runId)).status).toBe('succeeded');
    expect(await getAiRun(deps, refused.runId)).toMatchObject({
      status: 'failed',
      error: messages.swapNoFaceInBackground,
      details: 'swapNoFaceInBackground',
    });
  });

  it("refuses someone else's photo (404) and an unknown run", async () => {
    const deps = fakeDeps();
    const theirs = await uploadedPhoto(deps, parent(), { render: false });
    const mine = await uploadedPhoto(deps, admin, { render: false });
    await expect(
      createAiRun(deps, admin, { kind: 'faceSwap', backgroundUploadId: mine, faceUploadId: theirs }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(getAiRun(deps, crypto.randomUUID())).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('age tests', () => {
  it("adds one job to the operator's photo, queues it, and shows what the worker did", async () => {
    const deps = fakeDeps();
    const uploadId = await uploadedPhoto(deps, admin, { render: false });
    deps.renderQueue.take();
    // A previews upload already has 10, 16 and 21: the test adds 19.
    const started = await startAgeTest(deps, admin, { uploadId, targetAge: 19 });
    expect(started.jobs.find((job) => job.age === 19)).toMatchObject({ status: 'processing' });
    await expect(startAgeTest(deps, admin, { uploadId, targetAge: 19 })).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(await renderBatch(deps, deps.renderQueue.take())).toEqual([]);
    const view = await getAgeTest(deps, admin, uploadId);
    expect(view.jobs.find((job) => job.age === 19)).toMatchObject({
      status: 'done',
      previewUrl: expect.stringContaining(`previews/${uploadId}/19-`),
      hdUrl: expect.any(String),
    });
    await expect(getAgeTest(deps, parent(), uploadId)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('says which provider and model answer each capability', () => {
    const providers = getAiProviders(fakeDeps({}));
    expect(providers.ageingEngine).toBe('offline');
    expect(providers.capabilities.faceSwap).toEqual({
      provider: 'offline',
      model: 'fake faceSwap',
      missing: null,
    });
  });
});
