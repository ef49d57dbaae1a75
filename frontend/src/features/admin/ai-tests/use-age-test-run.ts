/**
 * One age test through the real pipeline, as a log: the operator's photo is uploaded and checked,
 * one render job is queued (POST /api/admin/ai/age-tests), and the page polls the job while the
 * render worker (and, when hosted, the provider's webhook) does the work, logging each step it sees.
 */
import { messages } from '@shared/messages';
import type { AGE_TEST_AGES, AgeTestView } from '@shared/schemas/admin-ai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api-client';
import { ageTestJob, ageTestQueryKey, useAgeTest } from './ai-test-queries';
import type { LogEntry } from './RunLog';
import { describeFile, UploadStepError, uploadTestImage } from './test-image';
import type { TestImage } from './use-test-image';

export type AgeTestAge = (typeof AGE_TEST_AGES)[number];
export type AgeTestPhase = 'idle' | 'uploading' | 'queueing' | 'processing' | 'done' | 'failed';

export const WORKER_NOTE = 'the AI calls happen in the background render worker, not in this page';

export function useAgeTestRun() {
  const client = useQueryClient();
  const [log, setLog] = useState<LogEntry[]>([]);
  const [percent, setPercent] = useState(0);
  const [step, setStep] = useState<'uploading' | 'queueing' | null>(null);
  const [test, setTest] = useState<{ uploadId: string; age: AgeTestAge } | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const seen = useRef({ predictions: new Set<string>(), ended: false, pollErrorAt: 0 });

  const add = useCallback(
    (text: string, tone: LogEntry['tone'] = 'info') =>
      setLog((entries) => [...entries, { at: new Date(), text, tone }]),
    [],
  );

  const start = useMutation({
    mutationFn: async ({ file, age }: { file: File | 'demo'; age: AgeTestAge }) => {
      setTest(null);
      setStartError(null);
      setLog([]);
      seen.current = { predictions: new Set(), ended: false, pollErrorAt: 0 };
      setStartedAt(Date.now());
      setPercent(0);
      let view: AgeTestView;
      if (file === 'demo') {
        // The server reads the demo image, checks and stores it, and queues the age in one call.
        setStep('queueing');
        add('Reading the demo image on the server');
        view = await callApi('startDemoAgeTest', { body: { targetAge: age } });
        add(`Stored: the demo image is checked and ready as upload ${view.uploadId}`);
      } else {
        setStep('uploading');
        add(`Uploading ${describeFile(file)}`);
        const uploadId = await uploadTestImage(file, setPercent);
        add(`Stored: upload ${uploadId} is checked and ready`);
        setStep('queueing');
        view = await callApi('startAgeTest', { body: { uploadId, targetAge: age } });
      }
      const uploadId = view.uploadId;
      add(`Job queued for age ${age}`);
      add(`Worker processing: ${WORKER_NOTE}`);
      return { view, uploadId, age };
    },
    onSuccess: ({ view, uploadId, age }) => {
      client.setQueryData(ageTestQueryKey(uploadId), view);
      setTest({ uploadId, age });
    },
    onError: (error) => {
      const text =
        error instanceof UploadStepError ? error.message : errorMessage(error, messages.aiTestFailed);
      setStartError(text);
      add(`Failed: ${text}`, 'error');
    },
    onSettled: () => setStep(null),
  });

  const query = useAgeTest(test);
  const job = test ? ageTestJob(query.data, test.age) : undefined;

  useEffect(() => {
    if (!job) return;
    const prediction = job.prediction;
    if (prediction) {
      const key = `${prediction.id}#${prediction.attempt}`;
      if (!seen.current.predictions.has(key)) {
        seen.current.predictions.add(key);
        const retry =
          prediction.attempt > 1 ? ' (a retry: the first result did not pass the identity check)' : '';
        add(
          `Prediction started: ${prediction.id} on ${prediction.model} (${prediction.provider}), attempt ${prediction.attempt}${retry}`,
        );
      }
    }
    if (job.status === 'processing' || seen.current.ended) return;
    seen.current.ended = true;
    if (job.status === 'done') add(`Done: the age ${job.age} result is ready`, 'success');
    else add(`Failed: ${job.failureReason ?? 'the worker gave no reason'}`, 'error');
  }, [job, add]);

  useEffect(() => {
    if (!query.isError || query.errorUpdatedAt === seen.current.pollErrorAt) return;
    seen.current.pollErrorAt = query.errorUpdatedAt;
    add(`Could not read the job: ${errorMessage(query.error, 'the request failed')}`, 'error');
  }, [query.isError, query.error, query.errorUpdatedAt, add]);

  let phase: AgeTestPhase = 'idle';
  if (step) phase = step;
  else if (startError) phase = 'failed';
  else if (job) phase = job.status;
  else if (test) phase = 'processing';

  return {
    run(image: TestImage, age: AgeTestAge) {
      const file = image.required();
      if (file) start.mutate({ file, age });
    },
    /** The same test on the deployment's demo image (AGE_TEST_DEMO_IMAGE). */
    runDemo(age: AgeTestAge) {
      start.mutate({ file: 'demo', age });
    },
    phase,
    busy: phase === 'uploading' || phase === 'queueing' || phase === 'processing',
    percent,
    log,
    job: job ?? null,
    /** The failure to show inline: the job's reason, or the step that failed before it was queued. */
    error:
      startError ?? (job?.status === 'failed' ? (job.failureReason ?? 'The worker gave no reason.') : null),
    startedAt,
  };
}
