/**
 * The age test on the deployment's demo image through the real admin handler, the emulators and the
 * Lambda's own IAM policy: a usable setting becomes the operator's upload with the age queued; every
 * unusable one (unset, of no known form, a URL the SSRF guard refuses, a key not in the bucket, bytes
 * that are not a photo) is a 4xx that names the setting, never a 500.
 */

import { messages } from '@shared/messages';
import { demoImageSettingOf } from '@shared/rules/demo-image';
import { afterAll, describe, expect, it } from 'vitest';
import { landscapeJpeg } from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, lambdaDeps, purgeRenderQueue } = createTestApp();
const sub = crypto.randomUUID();
const claims = { sub, email: `${sub}@example.com`, 'cognito:groups': '[admins]' };
const admin = lambdaDeps.admin;
const initial = admin.ageTestDemoImage;
afterAll(async () => {
  admin.ageTestDemoImage = initial;
  await purgeRenderQueue();
});

async function runWith(setting: string | undefined) {
  admin.ageTestDemoImage = setting === undefined ? undefined : demoImageSettingOf(setting);
  return callRoute('startDemoAgeTest', { claims, body: { targetAge: 16 } });
}

describe('POST /api/admin/ai/age-tests/demo', () => {
  it("stores the demo image as the operator's own upload and queues age 16", async () => {
    const photo = await landscapeJpeg(400, 300);
    const result = await runWith(`data:image/jpeg;base64,${photo.toString('base64')}`);
    expect(result.status).toBe(200);
    expect(result.json.jobs).toEqual([expect.objectContaining({ age: 16, status: 'processing' })]);
    const stored = await deps.uploads.getUploadWithJobs(result.json.uploadId);
    expect(stored?.upload).toMatchObject({ owner: `user:${sub}`, status: 'ready', purpose: 'keepsake' });
    expect((await deps.blobs.head('uploads', stored!.upload.fileKey!))?.size).toBeGreaterThan(0);
    // The same view as an uploaded photo's test, polled the same way.
    const polled = await callRoute('getAgeTest', { claims, params: { testId: result.json.uploadId } });
    expect(polled.json.jobs.map((job: { age: number }) => job.age)).toEqual([16]);
  });

  it('answers a 4xx that says what to fix for every unusable setting', async () => {
    const cases: [string | undefined, number, string][] = [
      [undefined, 409, messages.aiTestDemoImageUnset],
      ['http://images.example/portrait.jpg', 422, messages.aiTestDemoImageInvalid],
      ['https://127.0.0.1/portrait.jpg', 422, messages.aiTestDemoImageUnreachable],
      ['renders:demo/not-there.jpg', 422, messages.aiTestDemoImageMissing],
      [
        `data:image/png;base64,${Buffer.from('a shopping list').toString('base64')}`,
        422,
        messages.aiTestDemoImageNotAPhoto,
      ],
    ];
    for (const [setting, status, message] of cases) {
      const result = await runWith(setting);
      expect([setting, result.status, result.json.error.message]).toEqual([setting, status, message]);
    }
  });
});
