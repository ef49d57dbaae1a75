/**
 * The composer's photo: checked and (for HEIC) converted in the browser, uploaded with the
 * composer's rules (the server checks them again), then its background removed on the server.
 */
import type { CutoutView } from '@shared/schemas/moments';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { putFile } from '../../../lib/put-file';
import { preparePhoto } from './prepare-photo';

export type PhotoStage = 'idle' | 'converting' | 'sending' | 'checking' | 'removing';

export function useComposerPhoto() {
  const [stage, setStage] = useState<PhotoStage>('idle');
  const [percent, setPercent] = useState(0);

  const upload = useMutation({
    mutationFn: async (chosen: File): Promise<string> => {
      const file = await preparePhoto(chosen, () => setStage('converting'));
      setStage('sending');
      setPercent(0);
      const created = await callApi('createUpload', {
        body: {
          contentType: file.type,
          size: file.size,
          fileName: file.name.slice(0, 255),
          purpose: 'composer',
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
