/**
 * New items whose first write reached DynamoDB Local but whose answer was lost: the SDK sends the
 * put again, its condition fails on our own item, and the store must still answer as written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { faultyDocumentClient } from '../../test-support/faults';
import { loadLocalEnv } from '../../test-support/local-env';
import { draftRecord } from '../../test-support/moments';
import { createDynamoAiRunStore } from './ai-run-store';
import { createDynamoDraftStore } from './moments-store';
import { createDynamoPackStore } from './pack-store';
import { putNew } from './put-new';

const env = loadLocalEnv();
const clients: { destroy(): void }[] = [];
afterAll(() => {
  for (const client of clients) client.destroy();
});

/** A client whose first PutItem is written, then its answer lost, so the SDK resends it. */
function lossyPut() {
  const faulty = faultyDocumentClient({ command: 'PutItemCommand', attempts: 1, fault: 'response-lost' });
  clients.push(faulty.client);
  return faulty;
}

describe('creating items when the answer to the first write was lost', () => {
  it('creates a draft once and says so', async () => {
    const { doc, injected } = lossyPut();
    const drafts = createDynamoDraftStore(doc, env.TABLE_NAME);
    const draft = draftRecord(randomUUID());
    await drafts.createDraft(draft);
    expect(injected.failures).toBe(1);
    expect(await drafts.getDraft(draft.userSub, draft.id)).toEqual(draft);
    expect(await drafts.listDrafts(draft.userSub)).toHaveLength(1);
  });

  it('creates a pack and an AI run', async () => {
    const packs = lossyPut();
    const pack = {
      id: randomUUID(),
      name: 'Lost answer',
      description: '',
      category: 'Fantasy' as const,
      generationFrequency: 'weekly' as const,
      scheduledGeneration: false,
      status: 'draft' as const,
      createdAt: new Date().toISOString(),
      templateCount: 0,
    };
    await createDynamoPackStore(packs.doc, env.TABLE_NAME).createPack(pack);
    expect(packs.injected.failures).toBe(1);

    const runs = lossyPut();
    const store = createDynamoAiRunStore(runs.doc, env.TABLE_NAME);
    const run = {
      id: randomUUID(),
      input: { kind: 'scene' as const, prompt: 'a castle' },
      status: 'queued' as const,
      provider: 'offline' as const,
      model: 'scenes',
      createdBy: randomUUID(),
      createdAt: new Date().toISOString(),
    };
    await store.create(run);
    expect(runs.injected.failures).toBe(1);
    expect(await store.get(run.id)).toMatchObject({ id: run.id, status: 'queued' });
  });

  // The first-admin claim (one item per table, so not claimed here) answers from the same helper.
  it('says "written" for its own item again, "taken" when another item holds the key', async () => {
    const { doc } = lossyPut();
    const key = { pk: `TEST#${randomUUID()}`, sk: 'META' };
    expect(await putNew(doc, env.TABLE_NAME, { ...key, value: 1, absent: undefined })).toBe('written');
    expect(await putNew(doc, env.TABLE_NAME, { ...key, value: 1 })).toBe('written');
    expect(await putNew(doc, env.TABLE_NAME, { ...key, value: 2 })).toBe('taken');
  });
});
