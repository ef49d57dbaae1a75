/** The one query of an upload and its jobs, shared by the upload, progress and results pages. */
import type { UploadView } from '@shared/schemas/uploads';
import { callApi } from './api-client';

export const uploadQueryKey = (uploadId: string) => ['upload', uploadId] as const;

export function uploadQueryOptions(uploadId: string) {
  return {
    queryKey: uploadQueryKey(uploadId),
    queryFn: ({ signal }: { signal: AbortSignal }) => callApi('getUpload', { params: { uploadId }, signal }),
  };
}

export function anyJobProcessing(upload: UploadView | undefined): boolean {
  return upload?.jobs.some((job) => job.status === 'processing') ?? false;
}
