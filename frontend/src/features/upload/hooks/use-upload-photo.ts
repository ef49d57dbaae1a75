/** Upload flow: declare the file, send it to storage, confirm it; reports one overall progress. */
import type { UploadView } from '@shared/schemas/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { putFile } from '../../../lib/put-file';
import { setLastTempUploadId } from '../../../lib/session';
import { uploadQueryKey } from '../../../lib/upload-query';

export type UploadStage = 'idle' | 'preparing' | 'sending' | 'checking';

// Share of the bar for each step: the transfer dominates on a phone connection.
const SEND_FROM = 5;
const SEND_TO = 85;

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<UploadStage>('idle');
  const [percent, setPercent] = useState(0);

  const mutation = useMutation({
    mutationFn: async (file: File): Promise<UploadView> => {
      setStage('preparing');
      setPercent(0);
      const created = await callApi('createUpload', {
        body: { contentType: file.type, size: file.size, fileName: file.name.slice(0, 255) },
      });
      setStage('sending');
      setPercent(SEND_FROM);
      await putFile(created.uploadUrl, file, created.headers, (f) =>
        setPercent(Math.round(SEND_FROM + f * (SEND_TO - SEND_FROM))),
      );
      setStage('checking');
      const view = await callApi('completeUpload', { params: { uploadId: created.uploadId } });
      setPercent(100);
      return view;
    },
    onSuccess: (view) => {
      // Only a visitor's upload can be "already processing" for this browser session (docs/product.md#upload).
      if (!view.ownedByUser) setLastTempUploadId(view.uploadId);
      // The progress page starts from what we already know instead of an empty bar.
      queryClient.setQueryData(uploadQueryKey(view.uploadId), view);
    },
    onError: () => {
      setStage('idle');
      setPercent(0);
    },
  });

  return { upload: mutation.mutateAsync, isUploading: mutation.isPending, stage, percent };
}
