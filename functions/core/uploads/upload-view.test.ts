import { messages } from '@shared/messages';
import { RENDER_STUCK_AFTER_MS } from '@shared/rules/stuck-jobs';
import { describe, expect, it } from 'vitest';
import type { RenderJobRecord, UploadRecord } from '../ports';
import { toUploadView } from './upload-view';

const now = new Date('2026-11-22T12:00:00Z');
const deps = {
  previewsBaseUrl: '',
  imageAI: { routes: { ageProgress: 'offline' as const } },
  clock: { now: () => now },
};
const upload: UploadRecord = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
  owner: 'session:0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69',
  status: 'ready',
  incomingKey: 'incoming/x',
  declaredType: 'image/jpeg',
  declaredSize: 1,
  email: 'a@b.c',
  migrated: false,
  purpose: 'previews',
  createdAt: now.toISOString(),
};
const job = (age: 10 | 16 | 21, status: RenderJobRecord['status'], updatedAgoMs = 0): RenderJobRecord => ({
  uploadId: upload.id,
  age,
  status,
  hdUnlocked: false,
  previewKey: status === 'done' ? `previews/${upload.id}/${age}-abc.jpg` : undefined,
  updatedAt: new Date(now.getTime() - updatedAgoMs).toISOString(),
});

describe('toUploadView', () => {
  it('sorts jobs by age and links done previews on the site origin', () => {
    const view = toUploadView(deps, { kind: 'anonymous' }, upload, [job(21, 'processing'), job(10, 'done')]);
    expect(view.jobs.map((j) => [j.age, j.status, j.previewUrl])).toEqual([
      [10, 'done', `/previews/${upload.id}/10-abc.jpg`],
      [21, 'processing', null],
    ]);
  });

  it('tells only the owner whether an email is saved', () => {
    const owner = { kind: 'visitor' as const, sessionId: '0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69' };
    expect(toUploadView(deps, owner, upload, []).hasEmail).toBe(true);
    expect(toUploadView(deps, { kind: 'anonymous' }, upload, []).hasEmail).toBeNull();
  });

  it('gives up on a job stuck in processing after a crashed worker', () => {
    const view = toUploadView(deps, { kind: 'anonymous' }, upload, [
      job(10, 'processing', RENDER_STUCK_AFTER_MS + 1),
      job(16, 'processing', RENDER_STUCK_AFTER_MS - 1000),
    ]);
    expect(view.jobs.map((j) => [j.status, j.failureReason])).toEqual([
      ['failed', messages.renderTimedOut],
      ['processing', null],
    ]);
  });
});
