/** The outcome of each scene prompt, and the JSON summary the hf-test page offers for download. */
import type { AiRunView } from '@shared/schemas/admin-ai';

export type PromptOutcome =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'success'; run: AiRunView }
  | { state: 'error'; error: string; details: string | null; run: AiRunView | null };

/** What a prompt's row knows: its run once queued, or why it never got one (or never ended). */
export type PromptRun = { runId: string | null; startError: string | null; timedOut: boolean };

export const NOT_RUN: PromptRun = { runId: null, startError: null, timedOut: false };

export function promptOutcome(
  row: PromptRun,
  run: AiRunView | undefined,
  patienceText: string,
): PromptOutcome {
  if (row.startError) return { state: 'error', error: row.startError, details: null, run: null };
  if (!row.runId) return { state: 'idle' };
  if (run?.status === 'succeeded') return { state: 'success', run };
  if (run?.status === 'failed') {
    return { state: 'error', error: run.error ?? 'The run failed.', details: run.details, run };
  }
  if (row.timedOut) return { state: 'error', error: patienceText, details: null, run: run ?? null };
  return { state: 'pending' };
}

export const outcomeEnded = (outcome: PromptOutcome) =>
  outcome.state === 'success' || outcome.state === 'error';

export type SummaryEntry = {
  prompt: string;
  success: boolean;
  /** Milliseconds, as the server measured the generation; null when it never ran. */
  generationTime: number | null;
  error: string | null;
  provider: string | null;
  model: string | null;
};

export function sceneSummary(prompts: readonly string[], outcomes: readonly PromptOutcome[]): SummaryEntry[] {
  return prompts.map((prompt, index) => {
    const outcome = outcomes[index] ?? { state: 'idle' };
    const run = outcome.state === 'success' || outcome.state === 'error' ? outcome.run : null;
    return {
      prompt,
      success: outcome.state === 'success',
      generationTime: run?.generationTime ?? null,
      error:
        outcome.state === 'error'
          ? outcome.details
            ? `${outcome.error} (${outcome.details})`
            : outcome.error
          : outcome.state === 'success'
            ? null
            : 'Not run',
      provider: run?.provider ?? null,
      model: run?.model ?? null,
    };
  });
}

/** "scene-prompt-test-2026-11-25T10-36-54.json" (no colons: they are not allowed in file names everywhere). */
export const summaryFileName = (at: Date) =>
  `scene-prompt-test-${at.toISOString().slice(0, 19).replaceAll(':', '-')}.json`;
