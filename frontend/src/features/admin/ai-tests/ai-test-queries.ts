/**
 * Server state of the AI test pages: which provider answers each capability, and the polled
 * state of an age test (an upload's jobs) or of a queued run, until it ends.
 */
import type { AgeTestView, AiRunView } from '@shared/schemas/admin-ai';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Offline renders take a few seconds, hosted ones up to a minute: every 1.5 s shows each step soon enough. */
export const AI_TEST_POLL_MS = 1500;

export const aiProvidersQueryKey = ['admin', 'ai', 'providers'] as const;
export const ageTestQueryKey = (uploadId: string) => ['admin', 'ai', 'age-test', uploadId] as const;
export const aiRunQueryKey = (runId: string) => ['admin', 'ai', 'run', runId] as const;

export function useAiProviders() {
  return useQuery({
    queryKey: aiProvidersQueryKey,
    queryFn: ({ signal }) => callApi('getAiProviders', { signal }),
    staleTime: 60_000,
  });
}

export const ageTestJob = (view: AgeTestView | undefined, age: number) =>
  view?.jobs.find((job) => job.age === age);

/** One age of a test photo, polled while its job is processing. */
export function useAgeTest(test: { uploadId: string; age: number } | null) {
  return useQuery({
    queryKey: ageTestQueryKey(test?.uploadId ?? ''),
    queryFn: ({ signal }) => callApi('getAgeTest', { params: { testId: test!.uploadId }, signal }),
    enabled: test !== null,
    refetchInterval: (query) =>
      test && ageTestJob(query.state.data, test.age)?.status === 'processing' ? AI_TEST_POLL_MS : false,
  });
}

export const runEnded = (run: AiRunView | undefined) =>
  run?.status === 'succeeded' || run?.status === 'failed';

export const aiRunQueryOptions = (runId: string) => ({
  queryKey: aiRunQueryKey(runId),
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi('getAiRun', { params: { runId }, signal }),
  refetchInterval: (query: { state: { data: AiRunView | undefined } }) =>
    runEnded(query.state.data) ? false : AI_TEST_POLL_MS,
});
