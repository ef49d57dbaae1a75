/**
 * Accounts against the real emulators: sign-up to refresh on the local Cognito, migration of a
 * visitor's uploads (twice, and with a foreign session), my photos, deletion of an upload and of
 * the whole account, and operator admin grants.
 */
import { spawnSync } from 'node:child_process';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { messages } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../scripts/admin/grant';
import { resolvePoolTarget } from '../../scripts/admin/target';
import type { RecordingCdn } from '../adapters/cdn/invalidator';
import { keys } from '../adapters/dynamo/table-design';
import { claimsOf, cognito, confirm, newParent, refresh, signIn, signUp } from '../test-support/cognito';
import * as images from '../test-support/images';
import { objectsOfUpload, tagsOf } from '../test-support/storage';
import { getRawItem } from '../test-support/table';
import { createTestApp } from '../test-support/test-app';
import { bearer } from '../test-support/uploads';

const { callRoute, deps, env, lambdaDeps, purgeRenderQueue, runRenderWorker, uploadPhoto } = createTestApp();

const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION }));
const rawItem = (key: { pk: string; sk: string }) => getRawItem(doc, env.TABLE_NAME, key);
/** The authorizer's claims plus the session header, as API Gateway hands a signed-in call over. */
const asUser = async (parent: { idToken: string }, sessionId?: string) => ({
  claims: await claimsOf(parent.idToken),
  sessionId,
});

afterAll(async () => {
  // Renders this file did not need must not reach the next file's worker.
  await purgeRenderQueue();
});

describe('sign-in on the local Cognito', () => {
  it('signs up, confirms with the code, signs in and refreshes to tokens for the same user', async () => {
    const { email, password, sub, confirmed } = await signUp();
    expect(confirmed).toBe(false);
    await expect(signIn(email, password)).rejects.toThrow();
    await confirm(email, 'code');
    const tokens = await signIn(email, password);
    const claims = await claimsOf(tokens.IdToken!);
    expect([claims.sub, claims.email, claims.token_use]).toEqual([sub, email, 'id']);
    const refreshed = await refresh(tokens.RefreshToken!);
    expect((await claimsOf(refreshed.AccessToken!)).sub).toBe(sub);
    expect((await claimsOf(refreshed.IdToken!)).sub).toBe(sub);
  });

  it('hands the browser the pool, the /cognito proxy and USER_PASSWORD_AUTH', async () => {
    const config = await callRoute('getClientConfig');
    expect(config.json).toEqual({
      region: env.AWS_REGION,
      userPoolId: env.USER_POOL_ID,
      userPoolClientId: env.USER_POOL_CLIENT_ID,
      cognitoEndpoint: '/cognito',
      authFlow: 'USER_PASSWORD_AUTH',
      // The integration tests' checkout uses test keys: the offline engine's age HD stays on sale.
      ageHdOnSale: true,
      // No HIDE_AUTH_BUTTONS here: the header offers sign-in.
      hideAuthButtons: false,
    });
  });
});

describe('a visitor signs in and keeps their photos', () => {
  const sessionId = crypto.randomUUID();
  let parent: Awaited<ReturnType<typeof newParent>>;
  const uploadIds: string[] = [];
  const orderId = `cs_test_${crypto.randomUUID()}`;

  beforeAll(async () => {
    uploadIds.push(await uploadPhoto({ sessionId }, images.samplePhoto(2)));
    uploadIds.push(await uploadPhoto({ sessionId }, images.samplePhoto(3)));
    await runRenderWorker({ maxBatches: 10 });
    parent = await newParent();
  }, 120_000);

  it('starts anonymous: items expire, the original is under temp/, renders carry the retention tag', async () => {
    for (const uploadId of uploadIds) {
      const { upload, jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
      expect(upload.fileKey).toBe(`temp/${uploadId}/original.jpg`);
      expect((await rawItem(keys.upload(uploadId)))?.ttl).toBeTypeOf('number');
      expect(jobs.map((j) => j.status)).toEqual(['done', 'done', 'done']);
      for (const job of jobs) {
        expect((await rawItem(keys.job(uploadId, job.age)))?.ttl).toBeTypeOf('number');
        expect(await tagsOf('renders', job.previewKey!)).toEqual({ retention: 'anonymous' });
        expect(await tagsOf('renders', job.hdKey!)).toEqual({ retention: 'anonymous' });
      }
    }
  });

  it('moves nothing for the parent without the session token, whatever the body names', async () => {
    for (const body of [{ sessionId }, {}]) {
      const result = await callRoute('migrateUploads', { ...(await asUser(parent)), body });
      expect([result.status, result.json]).toEqual([200, { migrated: [] }]);
    }
  });

  it('migrates both uploads, oldest first, in one go', async () => {
    const result = await callRoute('migrateUploads', { ...(await asUser(parent, sessionId)), body: {} });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ migrated: uploadIds.map((upload_id) => ({ upload_id })) });
  });

  it('leaves nothing to expire: no ttl, the original under users/, renders untagged, temp/ emptied', async () => {
    for (const uploadId of uploadIds) {
      const { upload, jobs } = (await deps.uploads.getUploadWithJobs(uploadId))!;
      expect([upload.owner, upload.migrated, upload.migratedFrom]).toEqual([
        `user:${parent.sub}`,
        true,
        sessionId,
      ]);
      expect(upload.fileKey).toBe(`users/${parent.sub}/${uploadId}/original.jpg`);
      const item = await rawItem(keys.upload(uploadId));
      expect(item).not.toHaveProperty('ttl');
      expect(item?.gsi1pk).toBe(`OWNER#user:${parent.sub}`);
      expect(await deps.blobs.head('uploads', upload.fileKey!)).not.toBeNull();
      expect(await tagsOf('uploads', upload.fileKey!)).toEqual({});
      expect(await deps.blobs.head('uploads', `temp/${uploadId}/original.jpg`)).toBeNull();
      for (const job of jobs) {
        expect(await rawItem(keys.job(uploadId, job.age))).not.toHaveProperty('ttl');
        expect(await tagsOf('renders', job.previewKey!)).toEqual({});
        expect(await tagsOf('renders', job.hdKey!)).toEqual({});
      }
    }
  });

  it('moves nothing and fails nothing the second time', async () => {
    const again = await callRoute('migrateUploads', { ...(await asUser(parent, sessionId)), body: {} });
    expect([again.status, again.json]).toEqual([200, { migrated: [] }]);
  });

  it('moves nothing for another parent holding the same or an empty session', async () => {
    const other = await newParent();
    for (const id of [sessionId, crypto.randomUUID()]) {
      const result = await callRoute('migrateUploads', { ...(await asUser(other, id)), body: {} });
      expect([result.status, result.json]).toEqual([200, { migrated: [] }]);
    }
    const mine = await callRoute('listMyUploads', await asUser(other));
    expect(mine.json).toEqual({ uploads: [] });
  });

  it('lists the uploads under the user, newest first, with a thumbnail and each job', async () => {
    const mine = await callRoute('listMyUploads', await asUser(parent));
    expect(mine.status).toBe(200);
    expect(mine.json.uploads.map((u: { uploadId: string }) => u.uploadId)).toEqual([...uploadIds].reverse());
    for (const upload of mine.json.uploads) {
      expect(upload.status).toBe('ready');
      expect(upload.thumbnailUrl).toMatch(new RegExp(`^/previews/${upload.uploadId}/10-[0-9a-f]{12}\\.jpg$`));
      expect(upload.jobs).toEqual([
        { age: 10, status: 'done' },
        { age: 16, status: 'done' },
        { age: 21, status: 'done' },
      ]);
    }
    const view = await callRoute('getUpload', {
      headers: bearer(parent.idToken),
      params: { uploadId: uploadIds[0] },
    });
    expect([view.json.viewerIsOwner, view.json.ownedByUser, view.json.migrated]).toEqual([true, true, true]);
  });

  it('deletes one upload and every object it had', async () => {
    const [uploadId] = uploadIds;
    expect((await objectsOfUpload(deps.blobs, uploadId)).length).toBe(7); // original + 3 previews + 3 HD
    const previews = (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.map(
      (job) => `/${job.previewKey}`,
    );
    const result = await callRoute('deleteUpload', { headers: bearer(parent.idToken), params: { uploadId } });
    expect([result.status, result.json]).toEqual([200, { ok: true }]);
    expect(await objectsOfUpload(deps.blobs, uploadId)).toEqual([]);
    // The local stack has no CDN: the uploads Lambda's invalidator records what CloudFront would be asked.
    expect((lambdaDeps.uploads.cdn as RecordingCdn).invalidated).toEqual(expect.arrayContaining(previews));
    expect(await deps.uploads.getUploadWithJobs(uploadId)).toBeNull();
    for (const key of [keys.upload(uploadId), keys.job(uploadId, 10), keys.job(uploadId, 21)]) {
      expect(await rawItem(key)).toBeUndefined();
    }
    const gone = await callRoute('deleteUpload', { headers: bearer(parent.idToken), params: { uploadId } });
    expect([gone.status, gone.json.error.message]).toEqual([404, messages.uploadNotFound]);
    const mine = await callRoute('listMyUploads', await asUser(parent));
    expect(mine.json.uploads.map((u: { uploadId: string }) => u.uploadId)).toEqual([uploadIds[1]]);
  });

  it('deletes the account: every upload with its files, then the Cognito user', async () => {
    await deps.paymentStore.createOrder({
      sessionId: orderId,
      userSub: parent.sub,
      email: parent.email,
      productId: 'credits_10',
      amountCents: 495,
      status: 'pending',
      createdAt: new Date().toISOString(),
    });
    const signedInUpload = await uploadPhoto({ headers: bearer(parent.idToken) }, images.samplePhoto(4));
    const all = [uploadIds[1], signedInUpload];
    // Items of the user's own partition (drafts, credits in later features) go too.
    const own = [1, 2, 3].map((n) => ({ pk: `USER#${parent.sub}`, sk: `DRAFT#${n}` }));
    for (const Item of own) await doc.send(new PutCommand({ TableName: env.TABLE_NAME, Item }));
    expect((await objectsOfUpload(deps.blobs, signedInUpload)).length).toBeGreaterThan(0);
    const result = await callRoute('deleteAccount', await asUser(parent));
    expect([result.status, result.json]).toEqual([200, { ok: true }]);
    for (const uploadId of all) {
      expect(await objectsOfUpload(deps.blobs, uploadId)).toEqual([]);
      expect(await rawItem(keys.upload(uploadId))).toBeUndefined();
    }
    for (const key of own) expect(await rawItem(key)).toBeUndefined();
    await expect(
      cognito().send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: parent.email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(signIn(parent.email)).rejects.toThrow();
  });

  it("refuses the deleted account's still-valid token on writes at once (401), through either path", async () => {
    // The authorizer's claims (API Gateway verified the token)...
    const migrate = await callRoute('migrateUploads', { ...(await asUser(parent, sessionId)), body: {} });
    expect([migrate.status, migrate.json.error.message]).toEqual([401, messages.signInExpired]);
    // ...or the token itself on a route that verifies it in the Lambda.
    const upload = await callRoute('createUpload', {
      headers: bearer(parent.idToken),
      body: { contentType: 'image/jpeg', size: 1000 },
    });
    expect([upload.status, upload.json.error.message]).toEqual([401, messages.signInExpired]);
    // Deleting again (a retry of a deletion that failed half-way) stays open.
    expect((await callRoute('deleteAccount', await asUser(parent))).status).toBe(200);
  });

  it('removed the email from the orders of the deleted account', async () => {
    const order = await deps.paymentStore.getOrder(orderId);
    expect(order).toMatchObject({ sessionId: orderId, userSub: parent.sub, status: 'pending' });
    expect(order?.email).toBeUndefined();
  });
});

describe('a visitor deletes their own anonymous upload', () => {
  it('removes the raw file, the temp/ original and the items; a stranger may not', async () => {
    const sessionId = crypto.randomUUID();
    const uploadId = await uploadPhoto({ sessionId }, images.samplePhoto(5));
    const stranger = await callRoute('deleteUpload', {
      sessionId: crypto.randomUUID(),
      params: { uploadId },
    });
    expect([stranger.status, stranger.json.error.message]).toEqual([403, messages.notYourUpload]);
    const anonymous = await callRoute('deleteUpload', { params: { uploadId } });
    expect(anonymous.status).toBe(401);
    const notUuid = await callRoute('deleteUpload', { sessionId: 'abc', params: { uploadId } });
    expect(notUuid.status).toBe(401);
    expect(await objectsOfUpload(deps.blobs, uploadId)).toHaveLength(1);

    const result = await callRoute('deleteUpload', { sessionId, params: { uploadId } });
    expect(result.status).toBe(200);
    expect(await objectsOfUpload(deps.blobs, uploadId)).toEqual([]);
    // Its queued renders find the upload gone and write nothing.
    await runRenderWorker({ maxBatches: 3 });
    expect(await objectsOfUpload(deps.blobs, uploadId)).toEqual([]);
  });
});

describe('operators', () => {
  it('npm run admin:grant adds a user to the admins group; their next sign-in makes them an admin', async () => {
    const parent = await newParent();
    const before = await callRoute('getMe', await asUser(parent));
    expect(before.json).toEqual({ sub: parent.sub, email: parent.email, isAdmin: false });
    const { username } = await grantAdmin(parent.email.toUpperCase(), resolvePoolTarget(process.env));
    expect(username).toBeTruthy();
    const tokens = await signIn(parent.email);
    const after = await callRoute('getMe', await asUser({ idToken: tokens.IdToken! }));
    expect(after.json).toEqual({ sub: parent.sub, email: parent.email, isAdmin: true });
    await expect(grantAdmin('nobody-here@example.com', resolvePoolTarget(process.env))).rejects.toThrow(
      /No user/,
    );
  });

  it('the npm script runs against a pool named by USER_POOL_ID and fails clearly without a user', async () => {
    const parent = await newParent();
    const run = (email: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin/grant.ts', email], {
        env: { ...process.env, NODE_OPTIONS: '' },
        encoding: 'utf8',
      });
    const granted = run(parent.email);
    expect([granted.status, granted.stdout]).toEqual([
      0,
      expect.stringContaining('is now in the "admins" group'),
    ]);
    const tokens = await signIn(parent.email);
    expect((await claimsOf(tokens.IdToken!))['cognito:groups']).toBe('[admins]');
    const missing = run('nobody-here@example.com');
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('No user with the email')]);
  });
});
