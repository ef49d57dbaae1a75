/** Loading and failure states shared by the two upsell pages. */
import { messages } from '@shared/messages';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api-client';

export function UpsellLoading() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner className="size-10" label="Loading your offers" />
    </div>
  );
}

export function UpsellLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <p className="text-5xl" aria-hidden="true">
        🔍
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{errorMessage(error, messages.resultsLoadFailed)}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <ButtonLink to="/upload" variant="outline">
          Upload a new photo
        </ButtonLink>
      </div>
    </div>
  );
}
