/**
 * What every PredictionStore must do, on the fake and on DynamoDB: a prediction starts only on a
 * processing job and only once per attempt (a later attempt replaces it), is found by its id, is
 * listed as running, oldest first, until it ends; checks are stored only on a processing job.
 */
import type { TargetAge } from '@shared/catalog';
import { describe, expect, it } from 'vitest';
import type { Clock, UploadStore } from '../../core/ports';
import type { PredictionLink, PredictionStore } from '../../core/render/prediction-ports';
import { readyUpload, sessionOwner } from '../records';

type Subject = { uploads: UploadStore; predictions: PredictionStore; clock: Clock };

/**
 * Each test's predictions start on a day of their own, earlier than the previous test's: on a
 * shared table, listing those started before the end of that day finds no other test's.
 */
let day = Date.UTC(1990, 0, 1);
const newDay = () => {
  day -= 86_400_000;
  const start = day;
  return {
    at: (minute: number) => new Date(start + minute * 60_000).toISOString(),
    end: new Date(start + 86_400_000).toISOString(),
  };
};

const link = (
  uploadId: string,
  age: TargetAge,
  startedAt: string,
  over: Partial<PredictionLink> = {},
): PredictionLink => ({
  predictionId: crypto.randomUUID(),
  uploadId,
  age,
  attempt: 1,
  provider: 'replicate',
  model: 'test/model',
  startedAt,
  ...over,
});

export function describePredictionStoreContract(name: string, subject: () => Subject) {
  describe(`PredictionStore contract: ${name}`, () => {
    it('starts a prediction on a processing job once per attempt, and records it on the job', async () => {
      const { uploads, predictions, clock } = subject();
      const { at } = newDay();
      const { upload } = await readyUpload(uploads, clock, sessionOwner(), { statuses: { 16: 'done' } });
      const first = link(upload.id, 10, at(0));
      expect(await predictions.start(first)).toBe(true);
      expect(await predictions.find(first.predictionId)).toEqual(first);
      // A redelivered start of the same attempt loses; the identity guard's retry replaces it.
      expect(await predictions.start(link(upload.id, 10, at(1)))).toBe(false);
      const retry = link(upload.id, 10, at(2), { attempt: 2 });
      expect(await predictions.start(retry)).toBe(true);
      expect(await predictions.start(link(upload.id, 10, at(3)))).toBe(false);
      const job = (await uploads.getUploadWithJobs(upload.id))!.jobs.find((j) => j.age === 10);
      expect(job?.prediction).toEqual({
        id: retry.predictionId,
        attempt: 2,
        provider: 'replicate',
        model: 'test/model',
        startedAt: retry.startedAt,
      });
      // Not on a finished job, nor on one that does not exist; nothing is written then.
      const onDone = link(upload.id, 16, at(4));
      expect(await predictions.start(onDone)).toBe(false);
      expect(await predictions.start(link(crypto.randomUUID(), 10, at(5)))).toBe(false);
      expect(await predictions.find(onDone.predictionId)).toBeNull();
      expect(await predictions.find(crypto.randomUUID())).toBeNull();
    });

    it('lists running predictions started before a time, oldest first, at most the limit, until they end', async () => {
      const { uploads, predictions, clock } = subject();
      const { at, end } = newDay();
      const { upload } = await readyUpload(uploads, clock, sessionOwner());
      const [a, b, c] = [
        link(upload.id, 21, at(30)),
        link(upload.id, 10, at(10)),
        link(upload.id, 16, at(20)),
      ];
      for (const started of [a, b, c]) expect(await predictions.start(started)).toBe(true);
      expect((await predictions.listRunning(end, 10)).map((l) => l.predictionId)).toEqual([
        b.predictionId,
        c.predictionId,
        a.predictionId,
      ]);
      expect(await predictions.listRunning(end, 2)).toEqual([b, c]);
      expect((await predictions.listRunning(at(20), 10)).map((l) => l.predictionId)).toEqual([
        b.predictionId,
      ]);

      await predictions.end(b.predictionId);
      await predictions.end(b.predictionId); // ending twice, or one never started, is harmless
      await predictions.end(crypto.randomUUID());
      expect((await predictions.listRunning(end, 10)).map((l) => l.predictionId)).toEqual([
        c.predictionId,
        a.predictionId,
      ]);
      // An ended prediction is still found: a late webhook names it.
      expect(await predictions.find(b.predictionId)).toEqual(b);
    });

    it('stores a check only on a processing job', async () => {
      const { uploads, predictions, clock } = subject();
      const { upload } = await readyUpload(uploads, clock, sessionOwner(), { statuses: { 16: 'done' } });
      const check = { identityDistance: 0.31, estimatedAge: 11, costUsd: 0.02 };
      expect(await predictions.recordCheck(upload.id, 10, check)).toBe(true);
      expect(await predictions.recordCheck(upload.id, 16, check)).toBe(false);
      expect(await predictions.recordCheck(crypto.randomUUID(), 10, check)).toBe(false);
      const { jobs } = (await uploads.getUploadWithJobs(upload.id))!;
      expect(jobs.find((j) => j.age === 10)?.hostedCheck).toEqual(check);
      expect(jobs.find((j) => j.age === 16)?.hostedCheck).toBeUndefined();
    });
  });
}
