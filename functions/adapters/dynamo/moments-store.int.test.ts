/**
 * The Moments items on DynamoDB Local: the sparse template index, drafts, HD records paid in one
 * transaction, and keepsakes recorded under their photo.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompositionRecord, TemplateRecord } from '../../core/moments/moments-ports';
import { loadLocalEnv } from '../../test-support/local-env';
import { draftRecord } from '../../test-support/moments';
import { uploadRecord, userOwner } from '../../test-support/records';
import {
  createDynamoCompositionStore,
  createDynamoDraftStore,
  createDynamoTemplateStore,
} from './moments-store';
import { createDynamoPaymentStore } from './payment-store';
import { keys } from './table-design';
import { createDynamoUploadStore } from './upload-store';

const env = loadLocalEnv();
const client = new DynamoDBClient({ region: env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
afterAll(() => client.destroy());

const clock = { now: () => new Date() };
const templates = createDynamoTemplateStore(doc, env.TABLE_NAME);
const drafts = createDynamoDraftStore(doc, env.TABLE_NAME);
const compositions = createDynamoCompositionStore(doc, env.TABLE_NAME, clock);
const payments = createDynamoPaymentStore(doc, env.TABLE_NAME, clock);
const uploads = createDynamoUploadStore(doc, env.TABLE_NAME);
/** The photo the HD records below are made from: a keepsake is recorded only while its photo exists. */
const photo = uploadRecord(clock, userOwner());
beforeAll(() => uploads.createUpload(photo));

const template = (over: Partial<TemplateRecord>): TemplateRecord => ({
  id: randomUUID(),
  sceneName: 'Snowy Night',
  theme: 'christmas',
  category: 'Holidays',
  orientation: '4:5',
  nativeWidth: 1638,
  nativeHeight: 2048,
  safeArea: { x: 0.2, y: 0.3, width: 0.6, height: 0.6, anchor: 'bottom' },
  status: 'approved',
  displayOrder: 0,
  createdAt: new Date().toISOString(),
  ...over,
});

async function userWithCredits(credits: number): Promise<string> {
  const userSub = randomUUID();
  const order = {
    sessionId: `cs_test_${randomUUID()}`,
    userSub,
    productId: 'credits_10' as const,
    amountCents: 495,
    status: 'pending' as const,
    createdAt: new Date().toISOString(),
  };
  await payments.createOrder(order);
  await payments.fulfil({ order, unlockAges: [], newJobs: [], credits });
  return userSub;
}

const record = (userSub: string, requestId = randomUUID()): CompositionRecord => ({
  id: randomUUID(),
  owner: `user:${userSub}`,
  requestId,
  quality: 'hd',
  templateId: randomUUID(),
  uploadId: photo.id,
  key: `compositions/${randomUUID()}/hd.jpg`,
  width: 2000,
  height: 2000,
  paidWith: 'credits',
  createdAt: new Date().toISOString(),
});

describe('templates', () => {
  it('lists published templates newest first through the index, never a draft', async () => {
    const older = template({ createdAt: '2099-01-01T00:00:00.000Z' });
    const newer = template({ createdAt: '2099-01-02T00:00:00.000Z', status: 'active' });
    const hidden = template({ createdAt: '2099-01-03T00:00:00.000Z', status: 'draft' });
    for (const t of [older, newer, hidden]) await templates.putTemplate(t);
    const ids = (await templates.listPublished()).map((t) => t.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(hidden.id);
    expect(await templates.getTemplate(hidden.id)).toEqual(hidden);
    // Unpublishing takes it out of the index.
    await templates.putTemplate({ ...older, status: 'draft' });
    expect((await templates.listPublished()).map((t) => t.id)).not.toContain(older.id);
  });

  it('lists approved templates by display order, then newest first, through the second index', async () => {
    const first = template({ displayOrder: -3, createdAt: '2099-02-01T00:00:00.000Z' });
    const olderAtZero = template({ displayOrder: 0, createdAt: '2099-02-02T00:00:00.000Z' });
    const newerAtZero = template({ displayOrder: 0, createdAt: '2099-02-03T00:00:00.000Z' });
    const last = template({ displayOrder: 12, createdAt: '2099-02-04T00:00:00.000Z' });
    const onlyActive = template({ displayOrder: 1, status: 'active' });
    const mine = [last, olderAtZero, onlyActive, first, newerAtZero];
    for (const t of mine) await templates.putTemplate(t);
    const ids = new Set(mine.map((t) => t.id));
    const listed = (await templates.listApproved()).filter((t) => ids.has(t.id));
    expect(listed.map((t) => t.id)).toEqual([first.id, newerAtZero.id, olderAtZero.id, last.id]);
    expect(listed[0]).toEqual(first);
    // A template that stops being approved leaves the composer gallery.
    await templates.putTemplate({ ...last, status: 'active' });
    expect((await templates.listApproved()).map((t) => t.id)).not.toContain(last.id);
  });

  it('lists every template for the editor (drafts too) newest first, and writes many in batches', async () => {
    const base = Date.parse('2099-03-01T00:00:00.000Z');
    // 30 items: more than one BatchWriteItem (25 at most).
    const batch = Array.from({ length: 30 }, (_, i) =>
      template({
        status: (['draft', 'active', 'approved'] as const)[i % 3],
        createdAt: new Date(base + i * 1000).toISOString(),
      }),
    );
    await templates.putTemplates(batch);
    const ids = new Set(batch.map((t) => t.id));
    const listed = (await templates.listAll()).filter((t) => ids.has(t.id));
    expect(listed.map((t) => t.id)).toEqual([...batch].reverse().map((t) => t.id));
    expect(listed.find((t) => t.id === batch[0].id)).toEqual(batch[0]);
    // A draft approved by the editor moves from the unpublished key to the published and approved ones.
    await templates.putTemplate({ ...batch[0], status: 'approved' });
    expect((await templates.listApproved()).map((t) => t.id)).toContain(batch[0].id);
    expect((await templates.listAll()).filter((t) => t.id === batch[0].id)).toHaveLength(1);
  });
});

describe('drafts', () => {
  it('renames and records the draft_renamed event in one transaction', async () => {
    const userSub = randomUUID();
    const draft = draftRecord(userSub, { strokes: [{ mode: 'erase', radius: 0.05, points: [[0.1, 0.2]] }] });
    await drafts.createDraft(draft);
    // The same draft again is a resent write (put-new.int.test.ts); another under its id is refused.
    await drafts.createDraft(draft);
    await expect(drafts.createDraft({ ...draft, name: 'Another' })).rejects.toThrow();
    const at = new Date().toISOString();
    const renamed = await drafts.renameDraft(userSub, draft.id, 'For Grandma', at);
    expect(renamed).toEqual({
      draft: { ...draft, name: 'For Grandma', updatedAt: at },
      oldName: 'Snowy Night',
    });
    const events = await doc.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.analytics(at, '').pk },
      }),
    );
    expect(events.Items?.map((item) => item.metadata)).toContainEqual({
      draft_id: draft.id,
      old_name: 'Snowy Night',
      new_name: 'For Grandma',
      timestamp: at,
    });
    expect(await drafts.renameDraft(randomUUID(), draft.id, 'x', at)).toBeNull();
    expect(await drafts.deleteDraft(userSub, draft.id)).toBe(true);
    expect(await drafts.deleteDraft(userSub, draft.id)).toBe(false);
    expect(await drafts.updateDraft(draft)).toBe(false);
  });
});

describe('HD keepsake records', () => {
  it('records and debits once for ten concurrent calls of one request', async () => {
    const userSub = await userWithCredits(3);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        compositions.recordHdComposition(userSub, record(userSub, requestId), { via: 'credits', amount: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(9);
    expect((await payments.getCredits(userSub)).balance).toBe(2);
    expect(await compositions.getHdComposition(userSub, requestId)).toMatchObject({ requestId });
  });

  it('never takes the balance below zero when requests race for the last credits', async () => {
    const userSub = await userWithCredits(3);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        compositions.recordHdComposition(userSub, record(userSub), { via: 'credits', amount: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 'recorded')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(3);
    expect((await payments.getCredits(userSub)).balance).toBe(0);
    const ledger = await payments.listLedger(userSub, 10);
    expect(ledger.filter((entry) => entry.reason === 'hd_keepsake')).toHaveLength(3);
  });

  it('records without a debit under the subscription', async () => {
    const userSub = await userWithCredits(1);
    const result = await compositions.recordHdComposition(userSub, record(userSub), { via: 'subscription' });
    expect(result).toEqual({ status: 'recorded', balance: null });
    expect((await payments.getCredits(userSub)).balance).toBe(1);
  });
});

describe('keepsakes under their photo', () => {
  it('records them only while the photo exists, lists them by photo and forgets them with the HD record', async () => {
    const userSub = randomUUID();
    const upload = uploadRecord(clock, userOwner(userSub));
    await uploads.createUpload(upload);
    const hd = { ...record(userSub), uploadId: upload.id };
    const free = {
      ...record(userSub),
      uploadId: upload.id,
      quality: 'free' as const,
      paidWith: 'none' as const,
    };
    expect(await compositions.recordHdComposition(userSub, hd, { via: 'subscription' })).toMatchObject({
      status: 'recorded',
    });
    expect(await compositions.recordFreeComposition(free)).toBe(true);
    const listed = await compositions.listByUpload(upload.id);
    expect(listed.map((link) => link.id).sort()).toEqual([free.id, hd.id].sort());
    expect(listed.find((link) => link.id === hd.id)).toEqual({
      id: hd.id,
      owner: hd.owner,
      requestId: hd.requestId,
      quality: 'hd',
      uploadId: upload.id,
      key: hd.key,
      createdAt: hd.createdAt,
    });
    expect((await compositions.listHdCompositions(userSub)).map((r) => r.id)).toEqual([hd.id]);

    await compositions.forget(listed);
    expect(await compositions.listByUpload(upload.id)).toEqual([]);
    expect(await compositions.getHdComposition(userSub, hd.requestId)).toBeNull();

    // Once the photo is gone, nothing more is recorded from it, and no credit is taken.
    expect(await uploads.deleteUpload(upload, [])).toBe(true);
    const payer = await userWithCredits(1);
    const late = { ...record(payer), uploadId: upload.id };
    expect(await compositions.recordHdComposition(payer, late, { via: 'credits', amount: 1 })).toEqual({
      status: 'upload_gone',
    });
    expect(await compositions.recordFreeComposition({ ...free, id: randomUUID() })).toBe(false);
    expect(await compositions.listByUpload(upload.id)).toEqual([]);
    expect(await compositions.getHdComposition(payer, late.requestId)).toBeNull();
    expect((await payments.getCredits(payer)).balance).toBe(1);
  });
});
