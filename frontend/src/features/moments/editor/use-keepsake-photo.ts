/**
 * The editor's photo: uploaded like an age-preview photo (same checks on the server) but as a
 * keepsake photo (no previews made), then its background removed on the server.
 */
import { messages } from '@shared/messages';
import type { CutoutView } from '@shared/schemas/moments';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { putFile } from '../../../lib/put-file';

export type PhotoStage = 'idle' | 'sending' | 'checking' | 'removing';

export class NotAnImageError extends Error {
  constructor() {
    super(messages.uploadAnImage);
    this.name = 'NotAnImageError';
  }
}

export function useKeepsakePhoto() {
  const [stage, setStage] = useState<PhotoStage>('idle');
  const [percent, setPercent] = useState(0);

  const upload = useMutation({
    mutationFn: async (file: File): Promise<string> => {
      if (!file.type.startsWith('image/')) throw new NotAnImageError();
      setStage('sending');
      setPercent(0);
      const created = await callApi('createUpload', {
        body: {
          contentType: file.type,
          size: file.size,
          fileName: file.name.slice(0, 255),
          purpose: 'keepsake',
        },
      });
      await putFile(created.uploadUrl, file, created.headers, (f) => setPercent(Math.round(f * 100)));
      setStage('checking');
      await callApi('completeUpload', { params: { uploadId: created.uploadId } });
      return created.uploadId;
    },
    onSettled: () => setStage('idle'),
  });

  const cutout = useMutation({
    mutationFn: (uploadId: string): Promise<CutoutView> => {
      setStage('removing');
      return callApi('createCutout', { params: { uploadId } });
    },
    onSettled: () => setStage('idle'),
  });

  return { upload, cutout, stage, percent };
}
