/**
 * The face swap test: both images are uploaded through the upload routes, then one queued run
 * (POST /api/admin/ai/runs, kind faceSwap) is polled until the worker ends it.
 */
import { messages } from '@shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { callApi, errorMessage } from '../../../lib/api-client';
import { aiRunQueryKey, aiRunQueryOptions, runEnded } from './ai-test-queries';
import { UploadStepError, uploadTestImage } from './test-image';

export type FaceSwapStep = 'background' | 'face' | 'queueing' | null;

export function useFaceSwapTest() {
  const client = useQueryClient();
  const [step, setStep] = useState<FaceSwapStep>(null);
  const [percent, setPercent] = useState(0);
  const [runId, setRunId] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  const start = useMutation({
    mutationFn: async ({ background, face }: { background: File; face: File }) => {
      setRunId(null);
      setStartedAt(Date.now());
      setPercent(0);
      setStep('background');
      const backgroundUploadId = await uploadTestImage(background, setPercent);
      setPercent(0);
      setStep('face');
      const faceUploadId = await uploadTestImage(face, setPercent);
      setStep('queueing');
      return callApi('createAiRun', { body: { kind: 'faceSwap', backgroundUploadId, faceUploadId } });
    },
    onSuccess: (view) => {
      client.setQueryData(aiRunQueryKey(view.runId), view);
      setRunId(view.runId);
    },
    onError: (error) => {
      if (error instanceof UploadStepError) toast.error(error.message);
    },
    onSettled: () => setStep(null),
  });

  const run = useQuery({ ...aiRunQueryOptions(runId ?? 'none'), enabled: runId !== null });
  const view = runId ? run.data : undefined;

  return {
    start: (background: File, face: File) => start.mutate({ background, face }),
    step,
    percent,
    startedAt,
    busy: step !== null || (view !== undefined && !runEnded(view)),
    run: view ?? null,
    /** Why the run could not even be queued (an upload refused, a route error). */
    startError: start.isError
      ? start.error instanceof UploadStepError
        ? start.error.message
        : errorMessage(start.error, messages.aiTestFailed)
      : null,
  };
}
