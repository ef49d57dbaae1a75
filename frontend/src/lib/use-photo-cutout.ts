/**
 * The child's photo of a keepsake editor (Moments, the composer): checked in the browser by the
 * editor's own rules, uploaded (the server checks it again), then its background removed on the server.
 */
import { messages } from '@shared/messages';
import type { UploadPurpose } from '@shared/rules/upload-file';
import type { CutoutView } from '@shared/schemas/moments';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { callApi, errorMessage } from './api-client';
import { uploadPhoto } from './upload-photo';

export type PhotoStage = 'idle' | 'converting' | 'sending' | 'checking' | 'removing';
export type PhotoProgress = { stage: PhotoStage; percent: number };

/** Refuses a photo before it is sent; its message is what the parent reads. */
export class PhotoCheckError extends Error {
  name = 'PhotoCheckError';
}

type Options = {
  purpose: UploadPurpose;
  /** The editor's checks: answers the file to send (e.g. a HEIC as a JPEG) or throws a PhotoCheckError. */
  prepare(chosen: File, onConverting: () => void): File | Promise<File>;
};

export function usePhotoCutout({ purpose, prepare }: Options) {
  const [stage, setStage] = useState<PhotoStage>('idle');
  const [percent, setPercent] = useState(0);

  const upload = useMutation({
    mutationFn: async (chosen: File): Promise<string> => {
      const file = await prepare(chosen, () => setStage('converting'));
      setStage('sending');
      setPercent(0);
      return uploadPhoto(file, purpose, { onPercent: setPercent, onSent: () => setStage('checking') });
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

  /** Uploads the chosen photo; answers its upload id, or null once a toast has said why not. */
  const send = async (file: File): Promise<string | null> => {
    try {
      return await upload.mutateAsync(file);
    } catch (error) {
      toast.error(
        error instanceof PhotoCheckError ? error.message : errorMessage(error, messages.uploadFailed),
      );
      return null;
    }
  };

  // One object while nothing moves, for the memoised picker.
  const progress: PhotoProgress = useMemo(() => ({ stage, percent }), [stage, percent]);
  return { send, cutout, progress };
}
