/** One target age on the results page: its preview, a spinner, a friendly failure, or a placeholder. */
import { messages } from '@shared/messages';
import type { RenderJobView } from '@shared/schemas/uploads';
import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { cardCaption, FREE_AGE } from '../results-page-rules';

type AgeCardProps = {
  age: number;
  job: RenderJobView | undefined;
  /** h3 inside a section that has its own h2 ("More ages"). */
  headingLevel?: 2 | 3;
  /** "Try again" on a failed card; only the photo's owner gets one. */
  retry?: { run: (age: number) => void; pendingAge: number | undefined };
};

export function AgeCard({ age, job, headingLevel = 2, retry }: AgeCardProps) {
  const hdUnlocked = job?.hdUnlocked ?? false;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <Card className="overflow-hidden">
      <div className="relative aspect-square bg-gradient-to-br from-violet-50 to-rose-50">
        <AgeCardBody age={age} job={job} retry={retry} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Heading className="whitespace-nowrap text-lg font-bold text-slate-900">Age {age}</Heading>
        <Badge
          tone={hdUnlocked ? 'emerald' : age === FREE_AGE ? 'violet' : 'slate'}
          className="whitespace-nowrap text-xs"
        >
          {hdUnlocked ? null : age !== FREE_AGE && <Lock className="size-3.5" aria-hidden="true" />}
          {cardCaption(age, hdUnlocked)}
        </Badge>
      </div>
    </Card>
  );
}

function AgeCardBody({ age, job, retry }: Pick<AgeCardProps, 'age' | 'job' | 'retry'>) {
  if (job?.status === 'done' && job.previewUrl) {
    return (
      <img
        src={job.previewUrl}
        alt={`Your child at age ${age} (watermarked preview)`}
        className="size-full object-cover"
        decoding="async"
      />
    );
  }
  if (job?.status === 'processing') {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 text-slate-700">
        <Spinner className="size-10" />
        <p className="font-semibold">Processing...</p>
      </div>
    );
  }
  if (job?.status === 'failed') {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 p-5 text-center">
        <p className="text-3xl" aria-hidden="true">
          🌧️
        </p>
        <p className="font-semibold text-slate-900">This one did not work out</p>
        <p className="text-sm text-slate-700">{job.failureReason ?? messages.renderFailed}</p>
        {retry && (
          <Button
            onClick={() => retry.run(age)}
            disabled={retry.pendingAge === age}
            aria-label={`Try again, age ${age}`}
          >
            Try again
          </Button>
        )}
        <Link
          to="/upload"
          className={
            retry
              ? 'inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-violet-800 underline underline-offset-4 hover:text-violet-950 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300'
              : 'inline-flex min-h-11 items-center rounded-full bg-violet-700 px-5 font-semibold text-white hover:bg-violet-800 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300'
          }
        >
          Try another photo
        </Link>
      </div>
    );
  }
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-600">
      <p className="text-4xl" aria-hidden="true">
        🖼️
      </p>
      <p className="font-medium">Not ready yet</p>
    </div>
  );
}
