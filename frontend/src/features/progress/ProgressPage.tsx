import { PREVIEW_AGES } from '@shared/catalog';
import { isUuid } from '@shared/rules/ids';
import {
  isUploadComplete,
  PROGRESS_POLL_MS,
  PROGRESS_REDIRECT_DELAY_MS,
  resultPath,
} from '@shared/rules/progress';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { anyJobProcessing, uploadQueryOptions } from '../../lib/upload-query';
import { useProgressBar } from './hooks/use-progress-bar';

const AGES_TEXT = `${PREVIEW_AGES.slice(0, -1).join(', ')} and ${PREVIEW_AGES.at(-1)}`;

export function ProgressPage() {
  const [params] = useSearchParams();
  const uploadId = params.get('uploadId');
  const tempUploadId = params.get('tempUploadId');
  const id = uploadId ?? tempUploadId;
  // A link without a usable id can never finish: start over on the upload screen.
  if (!id || !isUuid(id)) return <Navigate to="/upload" replace />;
  return <ProgressView key={id} id={id} visitorByLink={!uploadId} />;
}

function ProgressView({ id, visitorByLink }: { id: string; visitorByLink: boolean }) {
  const navigate = useNavigate();
  const { data } = useQuery({
    ...uploadQueryOptions(id),
    // Lookup failures stay silent: keep polling, the time-out still ends the wait.
    refetchInterval: (query) => (isUploadComplete(query.state.data?.jobs ?? []) ? false : PROGRESS_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const complete = isUploadComplete(data?.jobs ?? []);
  const { value, done } = useProgressBar(complete);
  const visitor = data ? !data.ownedByUser : visitorByLink;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(resultPath(id, visitor), { replace: true }),
      PROGRESS_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [done, id, visitor, navigate]);

  const headline = done
    ? visitor
      ? 'Preview ready!'
      : 'See their future!'
    : 'Creating your magical preview… ✨';

  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center px-4 py-12 text-center">
      <div
        className="mb-8 flex size-28 items-center justify-center rounded-full bg-gradient-to-br from-violet-200 to-rose-200 text-5xl motion-safe:animate-pulse"
        aria-hidden="true"
      >
        {done ? '🎉' : '🪄'}
      </div>
      <div role="status" aria-live="polite" className="min-h-24">
        <h1 className="text-balance text-3xl font-extrabold tracking-tight text-slate-900">{headline}</h1>
        {!done && anyJobProcessing(data) && <p className="mt-3 text-lg text-slate-700">Almost ready…</p>}
      </div>
      <ProgressBar value={value} label="Preview progress" className="mt-6" />
      <p className="mt-3 text-sm font-medium text-slate-600" aria-hidden="true">
        {value}%
      </p>
      {!done && (
        <p className="mt-6 text-slate-600">
          We are imagining your child at ages {AGES_TEXT}. Keep this page open — it only takes a moment.
        </p>
      )}
    </div>
  );
}
