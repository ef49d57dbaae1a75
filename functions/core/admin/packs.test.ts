import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { createPack, generatePack, listPacks, STALE_GENERATION_MS, updatePackStatus } from './packs';

const request = (over: Record<string, unknown> = {}) => ({
  name: 'Space Adventures',
  description: 'Rockets and planets',
  category: 'Adventure' as const,
  generationFrequency: 'weekly' as const,
  scheduledGeneration: false,
  ...over,
});

describe('createPack', () => {
  it('creates a draft pack with no templates', async () => {
    const deps = fakeDeps();
    const { pack } = await createPack(deps, request());
    expect(pack).toMatchObject({
      name: 'Space Adventures',
      category: 'Adventure',
      status: 'draft',
      templateCount: 0,
      generation: null,
      createdAt: deps.clock.now().toISOString(),
    });
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['no category', { category: '' }],
  ])('refuses %s: "Name and category are required"', async (_, over) => {
    const deps = fakeDeps();
    const refused = createPack(deps, request(over) as never);
    await expect(refused).rejects.toMatchObject({
      kind: 'invalid',
      message: messages.packNameCategoryRequired,
    });
    expect(deps.table.packs.size).toBe(0);
  });
});

describe('listPacks', () => {
  it('lists packs newest first with their template counts', async () => {
    const deps = fakeDeps();
    await createPack(deps, request({ name: 'Older' }));
    deps.clock.advance(1000);
    await createPack(deps, request({ name: 'Newer' }));
    const { packs } = await listPacks(deps);
    expect(packs.map((p) => [p.name, p.templateCount])).toEqual([
      ['Newer', 0],
      ['Older', 0],
    ]);
  });
});

describe('updatePackStatus', () => {
  it('publishes a draft and unpublishes it again', async () => {
    const deps = fakeDeps();
    const { pack } = await createPack(deps, request());
    expect((await updatePackStatus(deps, pack.packId, 'active')).pack.status).toBe('active');
    expect((await updatePackStatus(deps, pack.packId, 'draft')).pack.status).toBe('draft');
  });

  it('answers not found for a pack that does not exist', async () => {
    await expect(updatePackStatus(fakeDeps(), crypto.randomUUID(), 'active')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('generatePack', () => {
  it('records the run on the pack and queues it, without changing the status', async () => {
    const deps = fakeDeps();
    const { pack } = await createPack(deps, request());
    const started = await generatePack(deps, pack.packId);
    expect(started.pack.status).toBe('draft');
    expect(started.pack.generation).toMatchObject({ done: 0, total: 5 });
    expect(deps.packQueue.sent).toEqual([
      { kind: 'generate', packId: pack.packId, runId: started.pack.generation!.runId },
    ]);
  });

  it('does not double the work when Generate is pressed again while a run is in progress', async () => {
    const deps = fakeDeps();
    const { pack } = await createPack(deps, request());
    await generatePack(deps, pack.packId);
    await expect(generatePack(deps, pack.packId)).rejects.toMatchObject({
      kind: 'conflict',
      messageKey: 'packGenerationRunning',
    });
    expect(deps.packQueue.sent).toHaveLength(1);
  });

  it('starts again once a recorded run is stale (its worker died)', async () => {
    const deps = fakeDeps();
    const { pack } = await createPack(deps, request());
    await generatePack(deps, pack.packId);
    deps.clock.advance(STALE_GENERATION_MS + 1);
    await generatePack(deps, pack.packId);
    expect(new Set(deps.packQueue.sent.map((m) => (m.kind === 'generate' ? m.runId : '')))).toHaveProperty(
      'size',
      2,
    );
  });

  it('frees the pack when the queue refuses the run, so Generate can be tried again', async () => {
    const deps = fakeDeps();
    const { pack } = await createPack(deps, request());
    deps.packQueue.failWith = new Error('SQS down');
    await expect(generatePack(deps, pack.packId)).rejects.toThrow('SQS down');
    expect((await deps.packs.getPack(pack.packId))?.generation).toBeUndefined();
    deps.packQueue.failWith = null;
    await expect(generatePack(deps, pack.packId)).resolves.toBeDefined();
  });

  it('answers not found for a pack that does not exist', async () => {
    await expect(generatePack(fakeDeps(), crypto.randomUUID())).rejects.toMatchObject({ kind: 'not_found' });
  });
});
