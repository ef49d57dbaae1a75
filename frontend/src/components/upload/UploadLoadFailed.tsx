/** An upload that could not be loaded (results, upsell): what happened, try again, or start over. */
import { messages } from '@shared/messages';
import { errorMessage } from '../../lib/api-client';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { PageMessage } from '../ui/PageState';

export function UploadLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PageMessage emoji="🔍" title={messages.resultsLoadFailed} role="alert">
      <p className="text-slate-700">{errorMessage(error, messages.checkConnection)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <ButtonLink to="/upload" variant="outline">
          Upload a new photo
        </ButtonLink>
      </div>
    </PageMessage>
  );
}
