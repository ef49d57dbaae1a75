/**
 * Visitor sessions the server issues, against the real emulators and handlers: the quotas a fresh
 * session per request no longer escapes (the address is counted too), every kind of bad token,
 * migration that needs the session's token, visitor files keyed without the session, and a
 * browser-made session id adopted once.
 */
import { SESSION_HEADER } from '@shared/api';
import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { signSessionToken } from '../core/sessions/session-tokens';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { givenCutout } from '../test-support/moments';
import { visitorToken } from '../test-support/sessions';
import { createTestApp } from '../test-support/test-app';

const ADDRESS_LIMIT = 5;
const SESSIONS_PER_ADDRESS = 3;
const { callRoute, deps, uploadPhoto } = createTestApp({
  QUOTA_UPLOAD_PER_ADDRESS_PER_HOUR: String(ADDRESS_LIMIT),
  QUOTA_SESSION_PER_ADDRESS_PER_HOUR: String(SESSIONS_PER_ADDRESS),
});

/** An address no other test (nor another run this hour) counts against. */
const freshAddress = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
const photoRequest = { contentType: 'image/jpeg', size: 1000 };

describe('quotas a new session per request cannot escape', () => {
  it('counts uploads per address: a fresh session each time is refused past the limit, another address is not', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n <= ADDRESS_LIMIT; n++) {
      const result = await callRoute('createUpload', {
        sessionId: crypto.randomUUID(),
        sourceIp: address,
        body: photoRequest,
      });
      statuses.push(result.status);
      if (result.status === 429) expect(result.json.error.message).toBe(messages.tooManyUploads);
    }
    expect(statuses).toEqual([...Array(ADDRESS_LIMIT).fill(200), 429]);
    const elsewhere = await callRoute('createUpload', {
      sessionId: crypto.randomUUID(),
      sourceIp: freshAddress(),
      body: photoRequest,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('issues new sessions per address up to a limit, and renews a held one without counting it', async () => {
    const address = freshAddress();
    const first = await callRoute('startSession', { sourceIp: address, body: {} });
    expect(first.status).toBe(200);
    for (let n = 1; n < SESSIONS_PER_ADDRESS; n++)
      expect((await callRoute('startSession', { sourceIp: address, body: {} })).status).toBe(200);
    const refused = await callRoute('startSession', { sourceIp: address, body: {} });
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(messages.tooManySessions);
    const renewed = await callRoute('startSession', { sourceIp: address, body: { token: first.json.token } });
    expect(renewed.status).toBe(200);
    expect(renewed.json.token.split('.')[0]).toBe(first.json.token.split('.')[0]);
  });
});

describe('tokens the server did not issue, or no longer accepts', () => {
  const sessionId = crypto.randomUUID();
  const withToken = (token: string | undefined): { headers: Record<string, string> } => ({
    headers: token ? { [SESSION_HEADER]: token } : {},
  });
  const cases: Array<[string, () => string | undefined, number, string]> = [
    ['missing', () => undefined, 401, messages.sessionMissing],
    ['a bare session id (what browsers sent before)', () => sessionId, 401, messages.sessionInvalid],
    [
      'forged with another key',
      () => signSessionToken('f'.repeat(40), sessionId, new Date()).token,
      401,
      messages.sessionInvalid,
    ],
    [
      'expired',
      () => visitorToken(sessionId, new Date(Date.now() - 32 * 86_400_000)),
      401,
      messages.sessionInvalid,
    ],
  ];

  it.each(cases)('refuses a visitor route with a token %s', async (_name, token, status, message) => {
    const result = await callRoute('createUpload', { ...withToken(token()), body: photoRequest });
    expect(result.status).toBe(status);
    expect(result.json.error.message).toBe(message);
  });

  it("treats another visitor's valid token as that visitor: the photo is not theirs", async () => {
    const uploadId = await uploadPhoto({ sessionId, sourceIp: freshAddress() }, images.samplePhoto(2), {
      complete: false,
    });
    const other = await callRoute('saveUploadEmail', {
      sessionId: crypto.randomUUID(),
      params: { uploadId },
      body: { email: 'someone@example.com' },
    });
    expect(other.status).toBe(403);
    const owner = await callRoute('saveUploadEmail', {
      sessionId,
      params: { uploadId },
      body: { email: 'parent@example.com' },
    });
    expect(owner.status).toBe(200);
  });

  it('still shows a shared results link to a caller with a bad token (a public route)', async () => {
    const uploadId = await uploadPhoto({ sessionId, sourceIp: freshAddress() }, images.samplePhoto(2), {
      complete: false,
    });
    const result = await callRoute('getUpload', { ...withToken('junk'), params: { uploadId } });
    expect(result.status).toBe(200);
    expect(result.json.viewerIsOwner).toBe(false);
  });
});

describe('migration needs the session token, not its id', () => {
  it('moves nothing for a parent who names a session in the body; moves it for the token holder', async () => {
    const victim = crypto.randomUUID();
    const uploadId = await uploadPhoto(
      { sessionId: victim, sourceIp: freshAddress() },
      images.samplePhoto(2),
    );
    const [stranger, parent] = await Promise.all([newParent(), newParent()]);
    const asStranger = await callRoute('migrateUploads', {
      claims: await claimsOf(stranger.idToken),
      sessionId: crypto.randomUUID(),
      body: { sessionId: victim },
    });
    expect(asStranger.status).toBe(200);
    expect(asStranger.json).toEqual({ migrated: [] });
    expect((await deps.uploads.getUploadWithJobs(uploadId))?.upload.owner).toBe(`session:${victim}`);

    const asHolder = await callRoute('migrateUploads', {
      claims: await claimsOf(parent.idToken),
      sessionId: victim,
      body: {},
    });
    expect(asHolder.json).toEqual({ migrated: [{ upload_id: uploadId }] });
  });
});

describe('visitor files', () => {
  it('are keyed by upload, so no link or S3 log line carries the session', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId, sourceIp: freshAddress() }, images.samplePhoto(2), {
      purpose: 'keepsake',
    });
    const { upload } = (await deps.uploads.getUploadWithJobs(uploadId))!;
    expect(upload.fileKey).toBe(`temp/${uploadId}/original.jpg`);
    await givenCutout(deps, uploadId);
    const cutout = await callRoute('createCutout', { sessionId, params: { uploadId } });
    expect(cutout.status).toBe(200);
    expect(new URL(cutout.json.cutoutUrl).pathname).toContain(`/temp/${uploadId}/cutout.png`);
    expect(JSON.stringify(cutout.json)).not.toContain(sessionId);
  });
});
