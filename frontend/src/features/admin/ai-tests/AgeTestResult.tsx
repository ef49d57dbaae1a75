/** A finished age test: the watermarked preview, the HD file, and the numbers the worker stored. */
import type { AgeTestView } from '@shared/schemas/admin-ai';
import { buttonClasses } from '../../../components/ui/button-styles';

type Job = AgeTestView['jobs'][number];

function numbers(job: Job): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (job.prediction) {
    rows.push(['Model', `${job.prediction.model} (${job.prediction.provider})`]);
    rows.push(['Prediction', `${job.prediction.id}, attempt ${job.prediction.attempt}`]);
  }
  if (job.identityDistance !== null) rows.push(['Identity distance', job.identityDistance.toFixed(3)]);
  if (job.estimatedAge !== null) rows.push(['Estimated age', job.estimatedAge.toFixed(1)]);
  if (job.costUsd !== null) rows.push(['Cost', `$${job.costUsd.toFixed(4)}`]);
  return rows;
}

export function AgeTestResult({ job }: { job: Job }) {
  const rows = numbers(job);
  return (
    <section aria-label={`Age ${job.age} result`} className="flex flex-col gap-4">
      {job.previewUrl && (
        <img
          src={job.previewUrl}
          alt={`Age ${job.age} result, watermarked preview`}
          className="aspect-square w-full max-w-sm rounded-2xl border border-violet-100 bg-slate-50 object-cover"
        />
      )}
      {job.hdUrl && (
        <a
          href={job.hdUrl}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('outline', 'sm', 'self-start')}
        >
          Open the full-size file
          <span className="sr-only"> (opens in a new tab; the link works for 10 minutes)</span>
        </a>
      )}
      {rows.length > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-900">{term}</dt>
              <dd className="break-words text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">
          No identity distance, estimated age or cost: those are measured on hosted results only.
        </p>
      )}
    </section>
  );
}
