/**
 * The upload journey against the real emulators: presigned PUT, complete, the render worker on
 * real SQS messages, and every bad input the issue lists.
 */
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { messages } from '@shared/messages';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as images from '../test-support/images';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, runRenderWorker } = createTestApp();

const session = () => crypto.randomUUID();

/** declaredSize lets a test lie like a hostile client would (no emulator enforces the signed length). */
async function upload(sessionId: string, bytes: Buffer, declaredSize = bytes.length) {
  const created = await callRoute('createUpload', {
    sessionId,
    body: { contentType: 'image/jpeg', size: declaredSize },
  });
  expect(created.status).toBe(200);
  const put = await fetch(created.json.uploadUrl, {
    method: 'PUT',
    headers: created.json.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.ok).toBe(true);
  return created.json.uploadId as string;
}

async function complete(sessionId: string | undefined, uploadId: string) {
  return callRoute('completeUpload', { sessionId, params: { uploadId } });
}

async function queueDepth() {
  const sqs = new SQSClient({ region: process.env.AWS_REGION });
  const attributes = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: process.env.RENDER_QUEUE_URL!,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(attributes.Attributes?.ApproximateNumberOfMessages ?? 0);
}

describe('a visitor uploads a photo with a face', () => {
  const sessionId = session();
  let uploadId: string;

  beforeAll(async () => {
    uploadId = await upload(sessionId, images.samplePhoto(2));
  });

  it('completes: three processing jobs for ages 10, 16 and 21', async () => {
    const completed = await complete(sessionId, uploadId);
    expect(completed.status).toBe(200);
    expect(completed.json.jobs.map((j: { age: number; status: string }) => [j.age, j.status])).toEqual([
      [10, 'processing'],
      [16, 'processing'],
      [21, 'processing'],
    ]);
  });

  it('refuses a repeated complete and queues nothing more', async () => {
    const before = await queueDepth();
    const again = await complete(sessionId, uploadId);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(messages.alreadyProcessing);
    expect(await queueDepth()).toBe(before);
  });

  it('keeps only a normalised original without camera metadata', async () => {
    const found = await deps.uploads.getUploadWithJobs(uploadId);
    const original = await deps.blobs.get('uploads', found!.upload.fileKey!);
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(await deps.blobs.head('uploads', found!.upload.incomingKey)).toBeNull();
  });

  it('renders watermarked previews and private 2000×2000 HD files', async () => {
    await runRenderWorker();
    const status = await callRoute('getUpload', { sessionId, params: { uploadId } });
    expect(status.json.jobs.map((j: { status: string }) => j.status)).toEqual(['done', 'done', 'done']);

    const stored = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs;
    for (const job of status.json.jobs) {
      expect(job.previewUrl).toMatch(new RegExp(`^/previews/${uploadId}/${job.age}-[0-9a-f]{12}\\.jpg$`));
      const preview = await deps.blobs.get('renders', job.previewUrl.slice(1));
      expect(preview.length).toBeLessThanOrEqual(120 * 1024);
      expect((await sharp(preview).metadata()).exif).toBeUndefined();
      const hdKey = stored.find((j) => j.age === job.age)!.hdKey!;
      expect(hdKey).toMatch(new RegExp(`^hd/${uploadId}/${job.age}-[0-9a-f]{12}\\.jpg$`));
      const hd = await sharp(await deps.blobs.get('renders', hdKey)).metadata();
      expect([hd.width, hd.height, hd.exif]).toEqual([2000, 2000, undefined]);
    }
  });

  it('answers 304 to a poll when nothing changed', async () => {
    const first = await callRoute('getUpload', { sessionId, params: { uploadId } });
    const second = await callRoute('getUpload', {
      sessionId,
      params: { uploadId },
      headers: { 'if-none-match': first.headers.etag },
    });
    expect(second.status).toBe(304);
  });

  it('shows the previews to anyone holding the link, but not the owner-only fields', async () => {
    const stranger = await callRoute('getUpload', { params: { uploadId } });
    expect(stranger.status).toBe(200);
    expect(stranger.json.viewerIsOwner).toBe(false);
    expect(stranger.json.hasEmail).toBeNull();
    const owner = await callRoute('getUpload', { sessionId, params: { uploadId } });
    expect([owner.json.viewerIsOwner, owner.json.hasEmail]).toEqual([true, false]);
  });

  it('ignores a duplicate delivery of a finished job', async () => {
    const before = await callRoute('getUpload', { params: { uploadId } });
    const sqs = new SQSClient({ region: process.env.AWS_REGION });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.RENDER_QUEUE_URL!,
        MessageBody: JSON.stringify({ uploadId, age: 16 }),
      }),
    );
    const outcome = await runRenderWorker();
    expect(outcome).toEqual({ delivered: 1, failed: 0 });
    const after = await callRoute('getUpload', { params: { uploadId } });
    expect(after.json.jobs).toEqual(before.json.jobs);
  });

  it('saves the notify email for the owner only', async () => {
    const stranger = await callRoute('saveUploadEmail', {
      sessionId: session(),
      params: { uploadId },
      body: { email: 'x@example.com' },
    });
    expect(stranger.status).toBe(403);
    const bad = await callRoute('saveUploadEmail', {
      sessionId,
      params: { uploadId },
      body: { email: 'nope' },
    });
    expect(bad.status).toBe(400);
    const saved = await callRoute('saveUploadEmail', {
      sessionId,
      params: { uploadId },
      body: { email: ' Parent@Example.com ' },
    });
    expect(saved.status).toBe(200);
    const owner = await callRoute('getUpload', { sessionId, params: { uploadId } });
    expect(owner.json.hasEmail).toBe(true);
  });
});

describe('bad input gets a clear 4xx and loses nothing', () => {
  const sessionId = session();

  it('refuses a declared non-image and a declared file over 10 MB', async () => {
    const pdf = await callRoute('createUpload', {
      sessionId,
      body: { contentType: 'application/pdf', size: 100 },
    });
    expect([pdf.status, pdf.json.error.message]).toEqual([400, messages.notAnImage]);
    const big = await callRoute('createUpload', {
      sessionId,
      body: { contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 },
    });
    expect([big.status, big.json.error.message]).toEqual([413, messages.fileTooLarge]);
  });

  it('refuses a malformed body', async () => {
    const result = await callRoute('createUpload', { sessionId, rawBody: '{not json' });
    expect(result.status).toBe(400);
  });

  it.each([
    ['a text file renamed .jpg', () => images.textRenamedJpg(), 400, messages.notAnImage],
    ['a truncated JPEG', () => images.truncatedJpeg(), 400, messages.photoUnreadable],
    ['a 1×1 image', () => images.onePixelPng(), 400, messages.photoTooSmall],
    ['a 20000×20000 PNG', () => images.craftedPngHeader(20_000, 20_000), 413, messages.photoTooBig],
    [
      'a stored file over 10 MB',
      () => Buffer.concat([images.samplePhoto(1), Buffer.alloc(10 * 1024 * 1024)]),
      413,
      messages.fileTooLarge,
    ],
  ])('rejects %s at completion and removes it', async (_name, make, status, message) => {
    const bytes = await make();
    const uploadId = await upload(sessionId, bytes, Math.min(bytes.length, 1000));
    const before = await queueDepth();
    const result = await complete(sessionId, uploadId);
    expect([result.status, result.json.error.message]).toEqual([status, message]);
    const found = await deps.uploads.getUploadWithJobs(uploadId);
    expect(found!.upload.status).toBe('awaiting_file');
    expect(found!.jobs).toEqual([]);
    expect(await deps.blobs.head('uploads', found!.upload.incomingKey)).toBeNull();
    expect(await queueDepth()).toBe(before);
  });

  it('marks the jobs failed with a reason when the photo has no face', async () => {
    const uploadId = await upload(sessionId, await images.landscapeJpeg());
    expect((await complete(sessionId, uploadId)).status).toBe(200);
    await runRenderWorker();
    const status = await callRoute('getUpload', { params: { uploadId } });
    expect(
      status.json.jobs.map((j: { status: string; failureReason: string }) => [j.status, j.failureReason]),
    ).toEqual([
      ['failed', messages.noFaceFound],
      ['failed', messages.noFaceFound],
      ['failed', messages.noFaceFound],
    ]);
  });

  it('answers 404 for an unknown upload and 400 for a malformed id', async () => {
    const unknown = await callRoute('getUpload', { params: { uploadId: crypto.randomUUID() } });
    expect([unknown.status, unknown.json.error.message]).toEqual([404, messages.uploadNotFound]);
    const malformed = await callRoute('getUpload', { params: { uploadId: '../../etc/passwd' } });
    expect([malformed.status, malformed.json.error.message]).toEqual([400, messages.invalidLink]);
  });

  it('needs a session id and refuses a foreign one', async () => {
    const uploadId = await upload(sessionId, images.samplePhoto(3));
    const missing = await complete(undefined, uploadId);
    expect([missing.status, missing.json.error.message]).toEqual([401, messages.sessionMissing]);
    const notUuid = await callRoute('createUpload', {
      sessionId: 'abc',
      body: { contentType: 'image/jpeg', size: 10 },
    });
    expect(notUuid.status).toBe(401);
    const foreign = await complete(session(), uploadId);
    expect([foreign.status, foreign.json.error.message]).toEqual([403, messages.notYourUpload]);
    expect((await deps.uploads.getUploadWithJobs(uploadId))!.upload.status).toBe('awaiting_file');
  });

  it('answers "not received" when complete is called before the file was sent', async () => {
    const created = await callRoute('createUpload', {
      sessionId,
      body: { contentType: 'image/jpeg', size: 1000 },
    });
    const result = await complete(sessionId, created.json.uploadId);
    expect([result.status, result.json.error.message]).toEqual([400, messages.photoMissing]);
  });
});
