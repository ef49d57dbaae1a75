/**
 * The Moments items on DynamoDB Local: the sparse template indexes and the rename's analytics
 * event. Drafts, keepsake records and their charges keep the store contracts
 * (store-contract.int.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { TemplateRecord } from '../../core/moments/moments-ports';
import { loadLocalEnv } from '../../test-support/local-env';
import { draftRecord } from '../../test-support/moments';
import { createDynamoDraftStore, createDynamoTemplateStore } from './moments-store';
import { keys } from './table-design';

const env = loadLocalEnv();
const client = new DynamoDBClient({ region: env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
afterAll(() => client.destroy());

const templates = createDynamoTemplateStore(doc, env.TABLE_NAME);
const drafts = createDynamoDraftStore(doc, env.TABLE_NAME);

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
  imageSource: 'test:fixture',
  createdAt: new Date().toISOString(),
  ...over,
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
