/**
 * What every PackStore must do, run against the in-memory fake (unit project) and the DynamoDB
 * adapter (int project): newest first, one run at a time unless stale, each membership counted
 * once, progress that only rises, a run cleared only by itself.
 */
import { describe, expect, it } from 'vitest';
import type { PackRecord, PackStore } from '../../core/admin/packs-ports';

type Subject = { packs: PackStore };

let sequence = 0;
function newPack(over: Partial<PackRecord> = {}): PackRecord {
  // Distinct, increasing creation times even on a shared table.
  const createdAt = new Date(Date.UTC(2031, 0, 1) + sequence++ * 1000).toISOString();
  return {
    id: crypto.randomUUID(),
    name: 'Contract pack',
    description: '',
    category: 'Seasons',
    generationFrequency: 'weekly',
    scheduledGeneration: false,
    status: 'draft',
    createdAt,
    templateCount: 0,
    ...over,
  };
}
const run = (startedAt: string, runId = crypto.randomUUID()) => ({ runId, startedAt, done: 0, total: 5 });

export function describePackStoreContract(name: string, subject: () => Subject) {
  describe(`PackStore contract: ${name}`, () => {
    it('creates packs and lists them newest first', async () => {
      const { packs } = subject();
      const older = newPack();
      const newer = newPack();
      await packs.createPack(older);
      await packs.createPack(newer);
      const ids = (await packs.listPacks())
        .map((p) => p.id)
        .filter((id) => [older.id, newer.id].includes(id));
      expect(ids).toEqual([newer.id, older.id]);
      expect(await packs.getPack(older.id)).toEqual(older);
      expect(await packs.getPack(crypto.randomUUID())).toBeNull();
    });

    it('changes the status of an existing pack only', async () => {
      const { packs } = subject();
      const pack = newPack();
      await packs.createPack(pack);
      expect((await packs.setStatus(pack.id, 'active'))?.status).toBe('active');
      expect(await packs.setStatus(crypto.randomUUID(), 'active')).toBeNull();
    });

    it('records one run at a time, and lets a stale one be replaced', async () => {
      const { packs } = subject();
      const pack = newPack();
      await packs.createPack(pack);
      const first = run('2031-02-01T10:00:00.000Z');
      expect(await packs.startGeneration(pack.id, first, '2031-02-01T09:00:00.000Z')).toBe('started');
      expect(
        await packs.startGeneration(pack.id, run('2031-02-01T10:01:00.000Z'), '2031-02-01T09:01:00.000Z'),
      ).toBe('running');
      expect((await packs.getPack(pack.id))?.generation).toEqual(first);
      expect((await packs.getPack(pack.id))?.lastGeneratedAt).toBe(first.startedAt);
      const second = run('2031-02-01T11:00:00.000Z');
      expect(await packs.startGeneration(pack.id, second, '2031-02-01T10:30:00.000Z')).toBe('started');
      expect((await packs.getPack(pack.id))?.generation?.runId).toBe(second.runId);
      expect(await packs.startGeneration(crypto.randomUUID(), run('2031-02-01T11:00:00.000Z'), '2031')).toBe(
        'missing',
      );
    });

    it('adds a template once and counts it once', async () => {
      const { packs } = subject();
      const pack = newPack();
      await packs.createPack(pack);
      const templateId = crypto.randomUUID();
      expect(await packs.addTemplate(pack.id, templateId, pack.createdAt)).toBe(true);
      expect(await packs.addTemplate(pack.id, templateId, pack.createdAt)).toBe(false);
      expect(await packs.addTemplate(pack.id, crypto.randomUUID(), pack.createdAt)).toBe(true);
      expect((await packs.getPack(pack.id))?.templateCount).toBe(2);
      expect(await packs.listTemplateIds(pack.id)).toContain(templateId);
      expect(await packs.listTemplateIds(pack.id)).toHaveLength(2);
    });

    it('raises progress of the current run only, and lets only that run clear itself', async () => {
      const { packs } = subject();
      const pack = newPack();
      await packs.createPack(pack);
      const current = run('2031-03-01T10:00:00.000Z');
      await packs.startGeneration(pack.id, current, '2031-03-01T09:00:00.000Z');
      await packs.recordProgress(pack.id, current.runId, 3);
      await packs.recordProgress(pack.id, current.runId, 2);
      await packs.recordProgress(pack.id, crypto.randomUUID(), 4);
      expect((await packs.getPack(pack.id))?.generation?.done).toBe(3);
      await packs.finishGeneration(pack.id, crypto.randomUUID(), 'not mine');
      expect((await packs.getPack(pack.id))?.generation).toBeDefined();
      await packs.finishGeneration(pack.id, current.runId, 'failed');
      expect(await packs.getPack(pack.id)).toMatchObject({ lastError: 'failed' });
      expect((await packs.getPack(pack.id))?.generation).toBeUndefined();
      const next = run('2031-03-01T11:00:00.000Z');
      await packs.startGeneration(pack.id, next, '2031-03-01T10:00:00.000Z');
      expect((await packs.getPack(pack.id))?.lastError).toBeUndefined();
      await packs.finishGeneration(pack.id, next.runId);
      expect((await packs.getPack(pack.id))?.lastError).toBeUndefined();
    });
  });
}
