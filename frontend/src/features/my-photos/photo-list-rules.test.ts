import type { MyUpload } from '@shared/schemas/account';
import { describe, expect, it } from 'vitest';
import {
  anyPhotoProcessing,
  formatPhotoDate,
  newestFirst,
  photoState,
  photoStatusText,
} from './photo-list-rules';

const upload = (createdAt: string, statuses: MyUpload['jobs'][number]['status'][]): MyUpload => ({
  uploadId: '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c',
  createdAt,
  status: 'ready',
  thumbnailUrl: null,
  jobs: statuses.map((status, i) => ({ age: [10, 16, 21][i], status })),
});

describe('newestFirst', () => {
  it('puts the latest upload first without touching the input', () => {
    const list = [
      upload('2026-11-01T10:00:00Z', ['done']),
      upload('2026-11-20T10:00:00Z', ['done']),
      upload('2026-11-10T10:00:00Z', ['done']),
    ];
    expect(newestFirst(list).map((u) => u.createdAt.slice(0, 10))).toEqual([
      '2026-11-20',
      '2026-11-10',
      '2026-11-01',
    ]);
    expect(list[0].createdAt.startsWith('2026-11-01')).toBe(true);
  });
});

describe('photo status', () => {
  it('is processing while any job is', () => {
    const u = upload('2026-11-01T10:00:00Z', ['done', 'processing', 'done']);
    expect(photoState(u)).toBe('processing');
    expect(photoStatusText(u)).toBe('Creating previews…');
    expect(anyPhotoProcessing([u])).toBe(true);
  });

  it('counts the finished previews', () => {
    expect(photoStatusText(upload('2026-11-01T10:00:00Z', ['done', 'done', 'done']))).toBe(
      '3 previews ready',
    );
    expect(photoStatusText(upload('2026-11-01T10:00:00Z', ['done', 'failed', 'failed']))).toBe(
      '1 preview ready',
    );
  });

  it('says so when nothing could be made, or the file never arrived', () => {
    expect(photoStatusText(upload('2026-11-01T10:00:00Z', ['failed', 'failed']))).toBe(
      'No previews could be made',
    );
    expect(photoState({ status: 'awaiting_file', jobs: [] })).toBe('waiting');
    expect(anyPhotoProcessing(undefined)).toBe(false);
  });
});

describe('formatPhotoDate', () => {
  it('shows a readable date and survives a bad one', () => {
    expect(formatPhotoDate('2026-11-22T15:30:00Z', 'en-US')).toMatch(/^Nov 22, 2026/);
    expect(formatPhotoDate('nope')).toBe('Unknown date');
  });
});
