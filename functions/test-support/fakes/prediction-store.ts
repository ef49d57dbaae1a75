/** PredictionStore on the in-memory table: the links, and each prediction recorded on its job. */
import type { PredictionStore } from '../../core/render/prediction-ports';
import type { FakeTable } from './table';

export function createFakePredictionStore(table: FakeTable): PredictionStore {
  const jobOf = (uploadId: string, age: number) => table.jobs.get(uploadId)?.get(age as never);
  return {
    async start(link) {
      const job = jobOf(link.uploadId, link.age);
      if (job?.status !== 'processing' || (job.prediction && job.prediction.attempt >= link.attempt))
        return false;
      if (table.predictions.has(link.predictionId)) return false;
      const { predictionId: id, attempt, provider, model, startedAt } = link;
      job.prediction = { id, attempt, provider, model, startedAt };
      job.updatedAt = startedAt;
      table.predictions.set(id, { ...link, running: true });
      return true;
    },
    async find(predictionId) {
      const found = table.predictions.get(predictionId);
      if (!found) return null;
      const { running: _running, ...link } = found;
      return { ...link };
    },
    async listRunning(before, limit) {
      return [...table.predictions.values()]
        .filter((link) => link.running && link.startedAt < before)
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
        .slice(0, limit)
        .map(({ running: _running, ...link }) => ({ ...link }));
    },
    async end(predictionId) {
      const link = table.predictions.get(predictionId);
      if (link) link.running = false;
    },
    async recordCheck(uploadId, age, check) {
      const job = jobOf(uploadId, age);
      if (job?.status !== 'processing') return false;
      job.hostedCheck = { ...check };
      return true;
    },
  };
}
