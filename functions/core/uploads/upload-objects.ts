/** Every stored object of an upload, named from its items: what deleting it must remove. */
import { storageKeys } from '@shared/deployment';
import type { OwnerRef, RenderJobRecord, UploadRecord } from '../ports';
import { incomingKeyFor, originalKeyFor } from './create-upload';

export type UploadObjects = { uploads: string[]; renders: string[] };

/** The preview and HD files the jobs recorded. */
export function renderKeysOf(jobs: RenderJobRecord[]): string[] {
  return [...new Set(jobs.flatMap((job) => [job.previewKey, job.hdKey].filter((k): k is string => !!k)))];
}

export function uploadObjectKeys(upload: UploadRecord, jobs: RenderJobRecord[]): UploadObjects {
  // The original and the cut-out (Moments) of the current owner and, for a migrated upload, the
  // temp/ copies in case deleting them right after the migration failed.
  const owners: OwnerRef[] = [upload.owner];
  if (upload.migratedFrom) owners.push(`session:${upload.migratedFrom}`);
  const uploads = new Set<string>([upload.incomingKey || incomingKeyFor(upload)]);
  if (upload.fileKey) uploads.add(upload.fileKey);
  for (const owner of owners) {
    uploads.add(originalKeyFor({ id: upload.id, owner }));
    if (upload.cutout) {
      uploads.add(storageKeys.cutout(owner, upload.id));
      uploads.add(storageKeys.cutoutCopy(owner, upload.id));
      uploads.add(storageKeys.cutoutSource(owner, upload.id));
    }
  }
  return { uploads: [...uploads], renders: renderKeysOf(jobs) };
}
