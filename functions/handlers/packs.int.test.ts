/**
 * The pack manager through the real admin handler and the real pack worker on the emulators:
 * create, Generate (queued, answered at once, not doubled), the worker's five scenes as templates of
 * the pack with their files in S3, a redelivery that duplicates nothing, publish and unpublish (the
 * scenes listed in Moments only while the pack is published), and the scheduler's tick.
 */
import {
  GetQueueUrlCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { QUEUES, storageKeys, TEMPLATE_SQUARES } from '@shared/deployment';
import { messages } from '@shared/messages';
import type { PackView } from '@shared/schemas/admin-packs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, purgePackQueue, runPackWorker } = createTestApp();
const sqs = new SQSClient({ region: process.env.AWS_REGION });
const sub = crypto.randomUUID();
const claims = { sub, email: `${sub}@example.com`, 'cognito:groups': '[admins]' };
const asAdmin = (options: Parameters<typeof callRoute>[1] = {}) => ({ ...options, claims });

async function newPack(body: Record<string, unknown> = {}): Promise<PackView> {
  const created = await callRoute(
    'createPack',
    asAdmin({ body: { name: 'Dragon Tales', description: 'Castles', category: 'Fantasy', ...body } }),
  );
  expect(created.status).toBe(200);
  return created.json.pack;
}
const listed = async (packId: string): Promise<PackView> =>
  (await callRoute('listPacks', asAdmin())).json.packs.find((p: PackView) => p.packId === packId);
/** Which of these templates a gallery lists, sorted. */
const listedIn = async (route: 'listTemplates' | 'listComposerTemplates', ids: string[]) =>
  (await callRoute(route)).json.templates
    .map((t: { templateId: string }) => t.templateId)
    .filter((id: string) => ids.includes(id))
    .sort();
const inMoments = (ids: string[]) => listedIn('listTemplates', ids);
const inComposer = (ids: string[]) => listedIn('listComposerTemplates', ids);

beforeAll(async () => {
  // Runs other files' admin calls queued (access tests) are none of this file's business.
  await purgePackQueue();
});

describe('pack manager', () => {
  it('refuses a pack without a name or a category with its fixed message', async () => {
    for (const body of [
      { name: ' ', category: 'Fantasy' },
      { name: 'No category', category: '' },
    ]) {
      const refused = await callRoute('createPack', asAdmin({ body }));
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toBe(messages.packNameCategoryRequired);
    }
  });

  it('generates five scenes as templates of the pack, once, even when redelivered', async () => {
    const pack = await newPack();
    expect(pack).toMatchObject({ status: 'draft', templateCount: 0, generation: null });

    const started = Date.now();
    const generate = await callRoute('generatePack', asAdmin({ params: { packId: pack.packId } }));
    expect(generate.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const runId = generate.json.pack.generation.runId;
    const again = await callRoute('generatePack', asAdmin({ params: { packId: pack.packId } }));
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(messages.packGenerationRunning);
    expect((await listed(pack.packId)).generation).toMatchObject({ runId, done: 0, total: 5 });

    expect(await runPackWorker()).toEqual({ delivered: 1, failed: 0 });
    const done = await listed(pack.packId);
    expect(done).toMatchObject({ templateCount: 5, generation: null, status: 'draft', lastError: null });

    const ids = await deps.packs.listTemplateIds(pack.packId);
    expect(ids).toHaveLength(5);
    // The pack is a draft: its scenes are listed nowhere yet (the next test publishes one).
    expect(await inMoments(ids)).toEqual([]);
    expect(await deps.templates.getTemplate(ids[0])).toMatchObject({
      status: 'active',
      packId: pack.packId,
      category: 'Fantasy',
      theme: 'fantasy',
    });
    const stored = await deps.blobs.list(
      'renders',
      storageKeys.template(ids[0], 'native.jpg').replace('native.jpg', ''),
    );
    expect(stored.sort()).toEqual([
      storageKeys.templateSquare(ids[0], TEMPLATE_SQUARES.hd),
      ...['native.jpg', 'thumb.webp'].map((f) => storageKeys.template(ids[0], f as 'wm.jpg')),
      storageKeys.templateSquare(ids[0], TEMPLATE_SQUARES.free),
      storageKeys.template(ids[0], 'wm.jpg'),
    ]);

    // The same message again (SQS delivers at least once): nothing new.
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.PACK_QUEUE_URL!,
        MessageBody: JSON.stringify({ kind: 'generate', packId: pack.packId, runId }),
      }),
    );
    expect(await runPackWorker()).toEqual({ delivered: 1, failed: 0 });
    expect((await listed(pack.packId)).templateCount).toBe(5);
    expect(await deps.packs.listTemplateIds(pack.packId)).toHaveLength(5);
  });

  it("lists a pack's scenes in Moments and the composer only while the pack is published", async () => {
    const pack = await newPack({ name: 'Sunny Meadow', category: 'Seasons' });
    await callRoute('generatePack', asAdmin({ params: { packId: pack.packId } }));
    expect(await runPackWorker()).toEqual({ delivered: 1, failed: 0 });
    const ids = (await deps.packs.listTemplateIds(pack.packId)).sort();
    const setStatus = async (status: 'active' | 'draft') =>
      expect(
        (await callRoute('updatePackStatus', asAdmin({ params: { packId: pack.packId }, body: { status } })))
          .status,
      ).toBe(200);
    const open = (templateId: string) => callRoute('getTemplate', { params: { templateId } });
    // Reviewed in the editor while the pack is a draft: approved, yet still held back.
    const reviewed = await callRoute(
      'updateTemplate',
      asAdmin({
        params: { templateId: ids[0] },
        body: {
          sceneName: 'Reviewed',
          category: 'Seasons',
          orientation: '1:1',
          safeArea: { x: 0.2, y: 0.2, width: 0.5, height: 0.5, anchor: 'center' },
          nativeWidth: 2048,
          nativeHeight: 2048,
          displayOrder: 0,
        },
      }),
    );
    expect(reviewed.json.status).toBe('draft');
    expect([await inMoments(ids), await inComposer(ids), (await open(ids[1])).status]).toEqual([[], [], 404]);

    await setStatus('active');
    expect(await inMoments(ids)).toEqual(ids);
    expect(await inComposer(ids)).toEqual([ids[0]]);
    expect((await open(ids[1])).status).toBe(200);

    await setStatus('draft');
    expect([await inMoments(ids), await inComposer(ids), (await open(ids[1])).status]).toEqual([[], [], 404]);
  });

  it('publishes a draft pack and unpublishes it', async () => {
    const pack = await newPack({ name: 'Summer Beach', category: 'Seasons' });
    const publish = await callRoute(
      'updatePackStatus',
      asAdmin({ params: { packId: pack.packId }, body: { status: 'active' } }),
    );
    expect(publish.json.pack.status).toBe('active');
    const unpublish = await callRoute(
      'updatePackStatus',
      asAdmin({ params: { packId: pack.packId }, body: { status: 'draft' } }),
    );
    expect(unpublish.json.pack.status).toBe('draft');
    const missing = await callRoute(
      'updatePackStatus',
      asAdmin({ params: { packId: crypto.randomUUID() }, body: { status: 'active' } }),
    );
    expect(missing.status).toBe(404);
  });

  it('queues the packs due a scheduled run when the scheduler ticks', async () => {
    const scheduled = await newPack({
      name: 'Daily Snow',
      category: 'Seasons',
      scheduledGeneration: true,
      generationFrequency: 'daily',
    });
    await deps.packQueue.enqueue({ kind: 'scheduled' });
    // The tick (and the runs it queues for every due pack on this shared table).
    await runPackWorker({ maxBatches: 10 });
    const after = await listed(scheduled.packId);
    expect(after.templateCount).toBe(5);
    expect(after.lastGeneratedAt).not.toBeNull();
  });

  it('moves an unreadable pack message to the pack DLQ after the shared attempts', async () => {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: process.env.PACK_QUEUE_URL!, MessageBody: 'not a pack' }),
    );
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await runPackWorker({ retryNow: true, maxBatches: 1 }));
    expect(attempts.map((a) => a.failed)).toEqual([1, 1, 1, 0]);
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: QUEUES.pack.deadLetterName }));
    const dead = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    await sqs.send(new PurgeQueueCommand({ QueueUrl }));
    expect((dead.Messages ?? []).map((m) => m.Body)).toEqual(['not a pack']);
  });
});
