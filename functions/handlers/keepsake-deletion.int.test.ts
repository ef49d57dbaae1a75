/**
 * Keepsakes go with their photo, on the emulators with each Lambda's IAM: deleting a photo or the
 * account deletes the free, HD and composer keepsakes made from it, also one recorded while the
 * deletion ran; and a keepsake or cut-out whose Lambda was mid-way when the account was deleted
 * leaves nothing behind.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { storageKeys } from '@shared/deployment';
import { messages } from '@shared/messages';
import { INITIAL_COMPOSER_TRANSFORM } from '@shared/rules/composer-transform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingCdn } from '../adapters/cdn/invalidator';
import { compositionIdFor } from '../core/moments/compositions';
import type { TemplateRecord } from '../core/moments/moments-ports';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { givenCutout, givenTemplate } from '../test-support/moments';
import { tagsOf } from '../test-support/storage';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, env, lambdaDeps, purgeRenderQueue, uploadPhoto } = createTestApp();
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION }));

let template: TemplateRecord;
beforeAll(async () => {
  template = await givenTemplate(deps);
});
afterAll(async () => {
  await purgeRenderQueue();
});

type Claims = Record<string, string>;

/**
 * A signed-in parent with `credits` credits or a live plan (already cancelled at its period's end,
 * so deleting the account calls no Stripe), and a photo, with its cut-out unless told otherwise.
 */
async function parentWithPhoto({ credits = 0, subscribed = false, cutout = true } = {}) {
  const parent = await newParent();
  const claims = await claimsOf(parent.idToken);
  if (subscribed) {
    const state = {
      id: `sub_${crypto.randomUUID()}`,
      status: 'active',
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
      cancelAtPeriodEnd: true,
      userSub: parent.sub,
    };
    await deps.paymentStore.applySubscription(parent.sub, state, 1);
  }
  if (credits) {
    const order = {
      sessionId: `cs_test_${crypto.randomUUID()}`,
      userSub: parent.sub,
      productId: 'credits_10' as const,
      amountCents: 495,
      status: 'pending' as const,
      createdAt: new Date().toISOString(),
    };
    await deps.paymentStore.createOrder(order);
    await deps.paymentStore.fulfil({ order, unlockAges: [], newJobs: [], credits });
  }
  const uploadId = await photoOf(claims, cutout);
  return { parent, claims, uploadId };
}

async function photoOf(claims: Claims, cutout = true) {
  const uploadId = await uploadPhoto({ claims }, images.samplePhoto(3), { purpose: 'keepsake' });
  if (cutout) await givenCutout(deps, uploadId);
  return uploadId;
}

const momentsBody = (uploadId: string, requestId = crypto.randomUUID()) => ({
  requestId,
  templateId: template.id,
  uploadId,
  placement: { x: 0.5, y: 0.55, scale: 0.4, rotation: 0 },
  strokes: [],
});

/** A free, an HD and a composer HD keepsake of the photo (2 credits); their keys and requests. */
async function keepsakesOf(claims: Claims, uploadId: string) {
  const made = [];
  for (const [route, body] of [
    ['createComposition', momentsBody(uploadId)],
    ['createHdComposition', momentsBody(uploadId)],
    [
      'createComposerHdComposition',
      {
        requestId: crypto.randomUUID(),
        templateId: template.id,
        uploadId,
        transform: INITIAL_COMPOSER_TRANSFORM,
      },
    ],
  ] as const) {
    const result = await callRoute(route, { claims, body });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    const id = result.json.compositionId as string;
    made.push({ key: storageKeys.composition(id, result.json.quality), requestId: body.requestId });
  }
  return made;
}

/** HEAD as the deployer: null is S3's 404. */
const stored = (key: string) => deps.blobs.head('renders', key);

const userItems = async (sub: string) =>
  (
    await doc.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${sub}` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Replaces a method of a Lambda's deps for one test; the returned function puts it back. */
function swap<T extends object, K extends keyof T>(target: T, name: K, replacement: T[K]): () => void {
  const original = target[name];
  target[name] = replacement;
  return () => {
    target[name] = original;
  };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('DELETE /api/uploads/{id}', () => {
  it('deletes the free, HD and composer keepsakes of the photo and forgets their records', async () => {
    const { parent, claims, uploadId } = await parentWithPhoto({ credits: 2 });
    const made = await keepsakesOf(claims, uploadId);
    for (const { key } of made) {
      expect(await stored(key)).not.toBeNull();
      // Recorded, so no longer pending (a pending file expires after two days).
      expect(await tagsOf('renders', key)).toEqual({});
    }
    expect(await deps.compositions.listByUpload(uploadId)).toHaveLength(3);

    const result = await callRoute('deleteUpload', { claims, params: { uploadId } });
    expect([result.status, result.json]).toEqual([200, { ok: true }]);

    for (const { key } of made) expect(await stored(key)).toBeNull();
    expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
    for (const { requestId } of made.slice(1))
      expect(await deps.compositions.getHdComposition(parent.sub, requestId)).toBeNull();
    // The CDN was asked for the photo's public paths only: keepsakes are private (presigned S3
    // links, never served or cached by CloudFront), so there is nothing of them to forget there.
    const asked = (lambdaDeps.uploads.cdn as RecordingCdn).invalidated;
    for (const { key } of made) expect(asked).not.toContain(`/${key}`);
  });

  it('deletes a keepsake recorded after it listed them, before the photo item went', async () => {
    const { claims, uploadId } = await parentWithPhoto();
    const drawn = deferred();
    const listed = deferred();
    const recorded = deferred();
    const moments = lambdaDeps.moments.compositions;
    const uploads = lambdaDeps.uploads.compositions;
    const record = moments.recordFreeComposition.bind(moments);
    const list = uploads.listByUpload.bind(uploads);
    let held = false;
    const restore = [
      // The keepsake is drawn and waits to be recorded...
      swap(moments, 'recordFreeComposition', async (link) => {
        drawn.resolve();
        await listed.promise;
        const done = await record(link);
        recorded.resolve();
        return done;
      }),
      // ...until the deletion has listed the photo's keepsakes (none yet), and is recorded before
      // the deletion goes on.
      swap(uploads, 'listByUpload', async (id) => {
        const found = await list(id);
        if (!held) {
          held = true;
          listed.resolve();
          await recorded.promise;
        }
        return found;
      }),
    ];
    let made: Awaited<ReturnType<typeof callRoute>>;
    try {
      const making = callRoute('createComposition', { claims, body: momentsBody(uploadId) });
      await drawn.promise;
      const result = await callRoute('deleteUpload', { claims, params: { uploadId } });
      expect(result.status).toBe(200);
      made = await making;
    } finally {
      for (const undo of restore) undo();
    }
    // Made while the photo still existed, so the parent got it; the deletion found it after all.
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(held).toBe(true);
    expect(await stored(storageKeys.composition(made.json.compositionId, 'free'))).toBeNull();
    expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
  });
});

describe('DELETE /api/me', () => {
  it("deletes every keepsake of every photo, and the account's keepsake records", async () => {
    const { parent, claims, uploadId } = await parentWithPhoto({ credits: 4 });
    const second = await photoOf(claims);
    const made = [...(await keepsakesOf(claims, uploadId)), ...(await keepsakesOf(claims, second))];
    for (const { key } of made) expect(await stored(key)).not.toBeNull();

    const result = await callRoute('deleteAccount', { claims });
    expect([result.status, result.json]).toEqual([200, { ok: true }]);

    for (const { key } of made) expect(await stored(key)).toBeNull();
    for (const id of [uploadId, second]) expect(await deps.compositions.listByUpload(id)).toEqual([]);
    expect(await userItems(parent.sub)).toEqual([]);
  });
});

describe('a write of the account in flight while it is deleted', () => {
  it.each([
    ['createComposition', 'free'],
    ['createHdComposition', 'hd'],
  ] as const)(
    '%s drawn while DELETE /api/me ran: 404, its file deleted, no record',
    async (route, quality) => {
      // The plan pays the HD one: its transaction, not a balance read, meets the deletion.
      const { parent, claims, uploadId } = await parentWithPhoto({ subscribed: true });
      const body = momentsBody(uploadId);
      const { keepsakes, compositions } = lambdaDeps.moments;
      const render = keepsakes.render.bind(keepsakes);
      const recordFree = compositions.recordFreeComposition.bind(compositions);
      const recordHd = compositions.recordHdComposition.bind(compositions);
      let deletion: Awaited<ReturnType<typeof callRoute>> | undefined;
      // The file's tags when its record is attempted: pending, so it expires should the Lambda die there.
      const tagsWhenRecorded: Record<string, string>[] = [];
      const restore = [
        // The drawing is done when the account goes: past the route's check of the deleted-account marker.
        swap(keepsakes, 'render', async (drawing) => {
          const drawn = await render(drawing);
          deletion = await callRoute('deleteAccount', { claims });
          return drawn;
        }),
        swap(compositions, 'recordFreeComposition', async (link) => {
          tagsWhenRecorded.push(await tagsOf('renders', link.key));
          return recordFree(link);
        }),
        swap(compositions, 'recordHdComposition', async (sub, record, payment) => {
          tagsWhenRecorded.push(await tagsOf('renders', record.key));
          return recordHd(sub, record, payment);
        }),
      ];
      let made: Awaited<ReturnType<typeof callRoute>>;
      try {
        made = await callRoute(route, { claims, body });
      } finally {
        for (const undo of restore) undo();
      }
      expect(deletion?.status).toBe(200);
      expect([made.status, made.json.error?.message]).toEqual([404, messages.uploadNotFound]);
      expect(tagsWhenRecorded).toEqual([{ commit: 'pending' }]);
      const id = compositionIdFor(`user:${parent.sub}`, body.requestId);
      expect(await stored(storageKeys.composition(id, quality))).toBeNull();
      expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
      // Nothing landed in the deleted account's partition after its deletion: no record, no debit.
      expect(await userItems(parent.sub)).toEqual([]);
    },
  );

  it('a cut-out recorded between the deletion reading the photo and deleting it goes too', async () => {
    const { parent, claims, uploadId } = await parentWithPhoto({ cutout: false });
    const keys = [storageKeys.cutout, storageKeys.cutoutCopy, storageKeys.cutoutSource].map((key) =>
      key(`user:${parent.sub}`, uploadId),
    );
    const inRemoval = deferred();
    const release = deferred();
    const recorded = deferred<boolean>();
    const moments = lambdaDeps.moments;
    const account = lambdaDeps.account.uploads;
    const saveCutout = moments.uploads.saveCutout.bind(moments.uploads);
    const deleteItems = account.deleteUpload.bind(account);
    let held = false;
    const restore = [
      // The cut-out's Lambda is past its route's checks and removing the background...
      swap(moments.imageAI, 'removeBackground', async () => {
        inRemoval.resolve();
        await release.promise;
        const [width, height] = [120, 160];
        const png = await sharp({
          create: { width, height, channels: 4, background: { r: 200, g: 120, b: 90, alpha: 1 } },
        })
          .png()
          .toBuffer();
        const source = await sharp({ create: { width, height, channels: 3, background: '#c8785a' } })
          .jpeg()
          .toBuffer();
        return { png, source, mask: { data: new Uint8Array(width * height), width, height, channels: 1 } };
      }),
      swap(moments.uploads, 'saveCutout', async (...args) => {
        const saved = await saveCutout(...args);
        recorded.resolve(saved);
        return saved;
      }),
      // ...and records it after the deletion read the photo, before it deletes the photo's items.
      swap(account, 'deleteUpload', async (upload, jobs) => {
        if (!held) {
          held = true;
          release.resolve();
          expect(await recorded.promise).toBe(true);
        }
        return deleteItems(upload, jobs);
      }),
    ];
    try {
      const cutout = callRoute('createCutout', { claims, params: { uploadId } });
      await inRemoval.promise;
      const deletion = await callRoute('deleteAccount', { claims });
      expect(deletion.status).toBe(200);
      expect((await cutout).status).toBe(200);
    } finally {
      for (const undo of restore) undo();
    }
    expect(held).toBe(true);
    for (const key of keys) expect(await deps.blobs.head('uploads', key)).toBeNull();
    expect(await deps.uploads.getUploadWithJobs(uploadId)).toBeNull();
  });
});
