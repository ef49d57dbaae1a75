/**
 * The hf-test run: the five prompts one after another, each a queued run (POST /api/admin/ai/runs)
 * polled until it ends; a failure, or a run that never ends, does not stop the next one.
 */
import { generatedImagesMessage, messages } from '@shared/messages';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { callApi, errorMessage } from '../../../lib/api-client';
import { aiRunQueryKey, aiRunQueryOptions } from './ai-test-queries';
import { SCENE_PROMPTS } from './scene-prompts';
import { NOT_RUN, outcomeEnded, type PromptRun, promptOutcome, sceneSummary } from './scene-summary';

/** A run the worker has not ended by then counts as failed, so the next prompt still runs. */
const PATIENCE_MS = 3 * 60_000;
export const PATIENCE_TEXT = 'No answer from the render worker after 3 minutes. Is the worker running?';

export function useScenePromptTest() {
  const client = useQueryClient();
  const [rows, setRows] = useState<PromptRun[]>(() => SCENE_PROMPTS.map(() => NOT_RUN));
  const [current, setCurrent] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  // Each prompt is queued once per run of the page, whatever re-renders happen meanwhile.
  const queued = useRef(new Set<number>());

  const runs = useQueries({
    queries: rows.map((row, index) => ({
      ...aiRunQueryOptions(row.runId ?? `not-queued-${index}`),
      enabled: row.runId !== null,
    })),
  });
  const outcomes = rows.map((row, index) => promptOutcome(row, runs[index]?.data, PATIENCE_TEXT));
  const succeeded = outcomes.filter((outcome) => outcome.state === 'success').length;
  const ended = outcomes.filter(outcomeEnded).length;

  const patch = useCallback(
    (index: number, change: Partial<PromptRun>) =>
      setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row))),
    [],
  );

  const queue = useCallback(
    async (index: number) => {
      if (queued.current.has(index)) return;
      queued.current.add(index);
      try {
        const view = await callApi('createAiRun', { body: { kind: 'scene', prompt: SCENE_PROMPTS[index] } });
        client.setQueryData(aiRunQueryKey(view.runId), view);
        patch(index, { runId: view.runId });
      } catch (error) {
        patch(index, { startError: errorMessage(error, messages.aiTestFailed) });
      }
    },
    [client, patch],
  );

  useEffect(() => {
    if (current === null) return;
    const timer = window.setTimeout(() => patch(current, { timedOut: true }), PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, [current, patch]);

  const currentEnded = current !== null && outcomeEnded(outcomes[current]);
  useEffect(() => {
    if (current === null || !currentEnded) return;
    const next = current + 1;
    if (next < SCENE_PROMPTS.length) {
      setCurrent(next);
      void queue(next);
      return;
    }
    setCurrent(null);
    setFinished(true);
  }, [current, currentEnded, queue]);

  // The fixed success message, once per run, with the count as it stands when the last prompt ends.
  const announced = useRef(false);
  useEffect(() => {
    if (!finished || announced.current) return;
    announced.current = true;
    const text = generatedImagesMessage(succeeded, SCENE_PROMPTS.length);
    if (succeeded > 0) toast.success(text);
    else toast.error(text);
  }, [finished, succeeded]);

  const start = () => {
    queued.current = new Set();
    announced.current = false;
    setRows(SCENE_PROMPTS.map(() => NOT_RUN));
    setFinished(false);
    setCurrent(0);
    void queue(0);
  };

  return {
    start,
    running: current !== null,
    current,
    finished,
    outcomes,
    succeeded,
    ended,
    summary: () => sceneSummary(SCENE_PROMPTS, outcomes),
  };
}
