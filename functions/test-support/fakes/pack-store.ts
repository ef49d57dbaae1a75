/**
 * Packs in memory with the conditions of adapters/dynamo/pack-store.ts: one run at a time (unless
 * the recorded one is stale), membership added once with its count, progress that only rises.
 */
import type { PackRecord, PackStore } from '../../core/admin/packs-ports';
import { ConditionalCheckFailed, copy, type FakeTable } from './table';

export function createFakePackStore(table: FakeTable): PackStore {
  const members = (packId: string) => {
    const set = table.packTemplates.get(packId) ?? new Set<string>();
    table.packTemplates.set(packId, set);
    return set;
  };
  const update = (id: string, change: (pack: PackRecord) => PackRecord) => {
    const pack = table.packs.get(id);
    if (pack) table.packs.set(id, change(pack));
  };
  return {
    async createPack(pack) {
      if (table.packs.has(pack.id)) throw new ConditionalCheckFailed(`pack ${pack.id} exists`);
      table.packs.set(pack.id, copy(pack));
    },
    getPack: async (id) => copy(table.packs.get(id) ?? null),
    listPacks: async () =>
      [...table.packs.values()]
        .sort((a, b) => `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`))
        .map(copy),
    async setStatus(id, status) {
      update(id, (pack) => ({ ...pack, status }));
      return copy(table.packs.get(id) ?? null);
    },
    async startGeneration(id, generation, staleBefore) {
      const pack = table.packs.get(id);
      if (!pack) return 'missing';
      if (pack.generation && pack.generation.startedAt >= staleBefore) return 'running';
      const { lastError: _cleared, ...rest } = pack;
      table.packs.set(id, { ...rest, generation: copy(generation), lastGeneratedAt: generation.startedAt });
      return 'started';
    },
    listTemplateIds: async (packId) => [...members(packId)],
    async addTemplate(packId, templateId) {
      if (!table.packs.has(packId)) throw new ConditionalCheckFailed(`pack ${packId} is gone`);
      if (members(packId).has(templateId)) return false;
      members(packId).add(templateId);
      update(packId, (pack) => ({ ...pack, templateCount: pack.templateCount + 1 }));
      return true;
    },
    async recordProgress(packId, runId, done) {
      update(packId, (pack) =>
        pack.generation?.runId === runId && pack.generation.done < done
          ? { ...pack, generation: { ...pack.generation, done } }
          : pack,
      );
    },
    async finishGeneration(packId, runId, error) {
      update(packId, (pack) => {
        if (pack.generation?.runId !== runId) return pack;
        const { generation: _run, lastError: _old, ...rest } = pack;
        return error ? { ...rest, lastError: error } : rest;
      });
    },
  };
}
