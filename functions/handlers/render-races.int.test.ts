/**
 * A render that finishes while its upload is deleted or migrated: the worker must not leave files
 * nobody records, nor anonymous tags on a parent's renders. The race is forced by running the
 * deletion or migration inside the job's own completion step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { renderJob } from '../core/render/render-job';
import { eraseUpload } from '../core/uploads/delete-upload';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { withCompletionRace } from '../test-support/races';
import { objectsOfUpload, tagsOf } from '../test-support/storage';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, purgeRenderQueue, uploadPhoto } = createTestApp();

afterAll(async () => {
  await purgeRenderQueue();
});

describe('render worker races', () => {
  it('deletes its own files when the upload was deleted while it rendered', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(2));
    const racing = withCompletionRace(deps, async () => {
      const found = await deps.uploads.getUploadWithJobs(uploadId);
      expect((await eraseUpload(deps, found!.upload, found!.jobs)).erased).toBe(true);
    });
    const outcome = await renderJob(racing, { uploadId, age: 10 });
    expect(outcome).toEqual({ outcome: 'skipped', reason: 'not-processing' });
    expect(await objectsOfUpload(deps.blobs, uploadId)).toEqual([]);
  });

  it('clears the anonymous tag of renders that land after the upload joined an account', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(3));
    const parent = await newParent();
    const racing = withCompletionRace(deps, async () => {
      const migrated = await callRoute('migrateUploads', {
        claims: await claimsOf(parent.idToken),
        sessionId,
        body: {},
      });
      expect(migrated.json).toEqual({ migrated: [{ upload_id: uploadId }] });
    });
    const outcome = await renderJob(racing, { uploadId, age: 16 });
    expect(outcome.outcome).toBe('done');
    const job = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.find((j) => j.age === 16)!;
    expect(await tagsOf('renders', job.previewKey!)).toEqual({});
    expect(await tagsOf('renders', job.hdKey!)).toEqual({});
  });
});
