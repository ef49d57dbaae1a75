/** What an age test is doing now: the upload's progress bar, then a spinner with the time so far. */
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { Spinner } from '../../../components/ui/Spinner';
import type { AgeTestPhase } from './use-age-test-run';
import { useElapsedSeconds } from './use-elapsed';

const WAITING: Partial<Record<AgeTestPhase, string>> = {
  queueing: 'Queueing the job…',
  processing: 'The render worker is on it…',
};

export function AgeRunStatus({
  phase,
  percent,
  startedAt,
  expected,
}: {
  phase: AgeTestPhase;
  percent: number;
  startedAt: number | null;
  /** How long it usually takes, said beside the time so far. */
  expected?: string;
}) {
  const running = phase === 'uploading' || phase === 'queueing' || phase === 'processing';
  const seconds = useElapsedSeconds(running ? startedAt : null);
  if (phase === 'uploading') return <ProgressBar value={percent} label="Uploading the test photo" />;
  const waiting = WAITING[phase];
  if (!waiting) return null;
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-violet-50 p-3 text-slate-800">
      <Spinner className="size-5" label="Test running" />
      <p>
        {waiting} <span className="tabular-nums">{seconds} s</span>
        {expected && <span className="text-slate-600"> ({expected})</span>}
      </p>
    </div>
  );
}
