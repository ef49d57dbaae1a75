/** AiRunStore in memory, with the adapter's conditions. */
import type { AiRunRecord, AiRunStore } from '../../core/admin/ai-test-ports';

export function createFakeAiRunStore(runs = new Map<string, AiRunRecord>()): AiRunStore {
  return {
    async create(run) {
      if (runs.has(run.id)) throw new Error(`ConditionalCheckFailedException: run ${run.id} exists`);
      runs.set(run.id, structuredClone(run));
    },
    async get(id) {
      const run = runs.get(id);
      return run ? structuredClone(run) : null;
    },
    async markRunning(id) {
      const run = runs.get(id);
      if (run?.status !== 'queued') return false;
      run.status = 'running';
      return true;
    },
    async finish(id, result) {
      const run = runs.get(id);
      if (!run) throw new Error(`ConditionalCheckFailedException: no run ${id}`);
      Object.assign(run, structuredClone(result));
    },
  };
}
