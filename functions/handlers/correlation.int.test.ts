/**
 * Correlation ids end to end on the emulators: the API request id rides on the render messages the
 * request queues (an SQS message attribute), and the worker runs each message under it, so its log
 * lines name the request. The worker's view is read through the upload store it calls (its own deps).
 */
import { describe, expect, it } from 'vitest';
import { correlationId } from '../core/correlation';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const app = createTestApp();

describe('correlation ids', () => {
  it('carries the request id of "complete upload" to the render worker, per message', async () => {
    await app.purgeRenderQueue();
    const sessionId = crypto.randomUUID();
    const uploadId = await app.uploadPhoto({ sessionId }, images.samplePhoto(2), { complete: false });

    const requestId = crypto.randomUUID();
    const completed = await app.callRoute('completeUpload', { sessionId, params: { uploadId }, requestId });
    expect(completed.status).toBe(200);

    // Every job the worker completes is written under the correlation id of its message.
    const seen: (string | undefined)[] = [];
    const workerUploads = app.lambdaDeps['render-worker'].uploads;
    const completeJob = workerUploads.completeJob;
    workerUploads.completeJob = async (...args) => {
      seen.push(correlationId());
      return completeJob(...args);
    };
    try {
      await app.runRenderWorker();
    } finally {
      workerUploads.completeJob = completeJob;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([requestId]));
  });
});
