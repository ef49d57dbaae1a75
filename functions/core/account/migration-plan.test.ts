import { describe, expect, it } from 'vitest';
import type { MigrationPlan, RenderJobRecord, UploadRecord } from '../ports';
import { chunkMigrations, isMigratable, itemsOf, oldestFirst, planMigration } from './migration-plan';

const sid = '0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69';
const from = `session:${sid}` as const;
const to = 'user:sub-1' as const;

function upload(n: number, over: Partial<UploadRecord> = {}): UploadRecord {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    owner: from,
    status: 'ready',
    incomingKey: `incoming/${id}`,
    fileKey: `temp/${id}/original.jpg`,
    declaredType: 'image/jpeg',
    declaredSize: 1,
    migrated: false,
    purpose: 'previews',
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
    ...over,
  };
}
const jobs = (u: UploadRecord, ages: (10 | 16 | 21)[] = [10, 16, 21]): RenderJobRecord[] =>
  ages.map((age) => ({ uploadId: u.id, age, status: 'done', hdUnlocked: false, updatedAt: u.createdAt }));
const plan = (n: number, jobCount = 3): MigrationPlan =>
  planMigration(upload(n), jobs(upload(n), ([10, 16, 21] as const).slice(0, jobCount)), from, to);

describe('isMigratable', () => {
  it('moves only a complete, unmigrated upload of that very session', () => {
    expect(isMigratable(upload(1), from)).toBe(true);
    expect(isMigratable(upload(1, { migrated: true }), from)).toBe(false);
    expect(isMigratable(upload(1, { owner: 'user:someone' }), from)).toBe(false);
    expect(isMigratable(upload(1), 'session:another')).toBe(false);
    expect(isMigratable(upload(1, { status: 'awaiting_file', fileKey: undefined }), from)).toBe(false);
  });
});

describe('planMigration', () => {
  it("puts the original in the user's folder and lists the job ages", () => {
    const p = plan(7);
    expect(p.fileKey).toBe(`users/sub-1/${p.upload.id}/original.jpg`);
    expect(p.jobs.map((j) => j.age)).toEqual([10, 16, 21]);
    expect(itemsOf(p)).toBe(4);
  });
});

describe('chunkMigrations', () => {
  it('keeps 20 uploads with 3 jobs each (80 items) in one transaction', () => {
    const plans = Array.from({ length: 20 }, (_, i) => plan(i));
    expect(chunkMigrations(plans)).toEqual([plans]);
  });

  it('cuts at 100 items without splitting an upload, in order', () => {
    const plans = Array.from({ length: 30 }, (_, i) => plan(i));
    const chunks = chunkMigrations(plans);
    expect(chunks.map((c) => c.length)).toEqual([25, 5]);
    expect(chunks.flat()).toEqual(plans);
    for (const chunk of chunks) expect(chunk.reduce((n, p) => n + itemsOf(p), 0)).toBeLessThanOrEqual(100);
  });

  it('fills a transaction as far as whole uploads fit', () => {
    const plans = [plan(1, 3), plan(2, 3), plan(3, 0)];
    expect(chunkMigrations(plans, 5).map((c) => c.map(itemsOf))).toEqual([[4], [4, 1]]);
    expect(chunkMigrations([])).toEqual([]);
  });
});

describe('oldestFirst', () => {
  it('sorts by creation time, then id', () => {
    const plans = [plan(3), plan(1), plan(2)];
    expect(oldestFirst(plans).map((p) => p.upload.createdAt)).toEqual(
      [plan(1), plan(2), plan(3)].map((p) => p.upload.createdAt),
    );
  });
});
