/** The status endpoint gives a done job's preview landmarks, which the results page's growth clip morphs along. */
import { faceLandmarksSchema } from '@shared/schemas/uploads';
import { describe, expect, it } from 'vitest';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, runRenderWorker, purgeRenderQueue, uploadPhoto } = createTestApp();

describe('preview landmarks', () => {
  it('returns 68 normalised landmarks per done job, and none while processing', async () => {
    await purgeRenderQueue();
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(2));
    const processing = await callRoute('getUpload', { sessionId, params: { uploadId } });
    expect(processing.json.jobs.map((j: { landmarks?: unknown }) => j.landmarks)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);

    await runRenderWorker();
    const done = await callRoute('getUpload', { sessionId, params: { uploadId } });
    expect(done.status).toBe(200);
    for (const job of done.json.jobs) {
      expect(job.status).toBe('done');
      const points = faceLandmarksSchema.parse(job.landmarks);
      // A head crop: the face is in the middle, eyes above the chin.
      const [noseX, noseY] = points[30];
      expect(noseX).toBeGreaterThan(0.25);
      expect(noseX).toBeLessThan(0.75);
      expect(noseY).toBeGreaterThan(0.25);
      expect(points[36][1]).toBeLessThan(points[8][1]);
    }
    // Stored on the job item itself.
    const stored = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;
    expect(stored.every((job) => job.landmarks?.length === 68)).toBe(true);
  });
});
