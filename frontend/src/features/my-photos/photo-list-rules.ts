/** Order and wording of the My photos list: newest first, a date, and how far the previews are. */
import type { MyUpload } from '@shared/schemas/account';

export function newestFirst(uploads: readonly MyUpload[]): MyUpload[] {
  return [...uploads].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function formatPhotoDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export type PhotoState = 'processing' | 'ready' | 'failed' | 'waiting';

export function photoState(upload: Pick<MyUpload, 'status' | 'jobs'>): PhotoState {
  if (upload.status === 'awaiting_file') return 'waiting';
  if (upload.jobs.some((job) => job.status === 'processing')) return 'processing';
  if (upload.jobs.length > 0 && upload.jobs.every((job) => job.status === 'failed')) return 'failed';
  return 'ready';
}

export function photoStatusText(upload: Pick<MyUpload, 'status' | 'jobs'>): string {
  const done = upload.jobs.filter((job) => job.status === 'done').length;
  switch (photoState(upload)) {
    case 'waiting':
      return 'Upload not finished';
    case 'processing':
      return 'Creating previews…';
    case 'failed':
      return 'No previews could be made';
    default:
      return done === 1 ? '1 preview ready' : `${done} previews ready`;
  }
}

export function anyPhotoProcessing(uploads: readonly MyUpload[] | undefined): boolean {
  return uploads?.some((upload) => photoState(upload) === 'processing') ?? false;
}
