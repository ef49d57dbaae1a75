/**
 * "Try again" on a failed card: the server puts that age back on the queue and answers the upload
 * as the page polls it, so the card shows "Processing..." at once and the page polls again.
 */
import { messages } from '@shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, errorMessage } from '../../../lib/api-client';
import { uploadQueryKey } from '../../../lib/upload-query';

export function useRetryRender(uploadId: string) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (age: number) => callApi('retryRender', { params: { uploadId, age: String(age) } }),
    onSuccess: (upload) => queryClient.setQueryData(uploadQueryKey(uploadId), upload),
    onError: (error) => toast.error(errorMessage(error, messages.retryFailed)),
  });
  return {
    run: (age: number) => retry.mutate(age),
    /** The age being retried, so only its button waits. */
    pendingAge: retry.isPending ? retry.variables : undefined,
  };
}
