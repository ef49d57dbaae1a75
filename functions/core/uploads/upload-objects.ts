/** Every stored object of an upload, named from its items: what deleting it must remove. */
import type { RenderJobRecord, UploadRecord } from '../ports';
import { incomingKeyFor, originalKeyFor } from './create-upload';

export type UploadObjects = { uploads: string[]; renders: string[] };

/** The preview and HD files the jobs recorded. */
export function renderKeysOf(jobs: RenderJobRecord[]): string[] {
  return [...new Set(jobs.flatMap((job) => [job.previewKey, job.hdKey].filter((k): k is string => !!k)))];
}

export function uploadObjectKeys(upload: UploadRecord, jobs: RenderJobRecord[]): UploadObjects {
  const uploads = new Set<string>([upload.incomingKey || incomingKeyFor(upload), originalKeyFor(upload)]);
  if (upload.fileKey) uploads.add(upload.fileKey);
  // The temp/ copy of a migrated upload, in case deleting it right after the migration failed.
  if (upload.migratedFrom) {
    uploads.add(originalKeyFor({ id: upload.id, owner: `session:${upload.migratedFrom}` }));
  }
  return { uploads: [...uploads], renders: renderKeysOf(jobs) };
}
