/** One predefined prompt of the hf-test page: its state, generation time, image or error. */
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import type { PromptOutcome } from './scene-summary';

const BADGES = {
  idle: { tone: 'slate', label: 'Not run' },
  pending: { tone: 'violet', label: 'Pending' },
  success: { tone: 'emerald', label: 'Success' },
  error: { tone: 'rose', label: 'Error' },
} as const;

export function PromptRow({
  index,
  prompt,
  outcome,
}: {
  index: number;
  prompt: string;
  outcome: PromptOutcome;
}) {
  const badge = BADGES[outcome.state];
  const run = outcome.state === 'success' || outcome.state === 'error' ? outcome.run : null;
  const name = `Prompt ${index + 1}`;
  return (
    <Card
      role="article"
      aria-label={name}
      aria-busy={outcome.state === 'pending'}
      className="flex items-start gap-3 p-3 sm:gap-4 sm:p-4"
    >
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-slate-100 sm:size-28">
        {outcome.state === 'success' && outcome.run.imageUrl ? (
          <img
            src={outcome.run.imageUrl}
            alt={`Scene generated for prompt ${index + 1}`}
            className="size-full object-cover"
          />
        ) : outcome.state === 'pending' ? (
          <Spinner className="size-8" />
        ) : (
          <span aria-hidden="true" className="text-2xl font-bold text-slate-400">
            {index + 1}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold text-slate-900">{name}</h3>
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {run?.generationTime !== null && run?.generationTime !== undefined && (
            <span className="text-sm tabular-nums text-slate-700">{run.generationTime} ms</span>
          )}
        </div>
        <p className="text-sm text-slate-800">{prompt}</p>
        {run && (
          <p className="break-words text-xs text-slate-600">
            {run.provider} · {run.model}
          </p>
        )}
        {outcome.state === 'error' && (
          <p className="break-words rounded-xl bg-rose-50 p-2 text-sm text-rose-900">
            {outcome.error}
            {outcome.details && (
              <span className="block text-xs text-rose-800">Details: {outcome.details}</span>
            )}
          </p>
        )}
      </div>
    </Card>
  );
}
