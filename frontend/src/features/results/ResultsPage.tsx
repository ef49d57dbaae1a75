import { PREVIEW_AGES } from '@shared/catalog';
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { PROGRESS_POLL_MS } from '@shared/rules/progress';
import type { UploadView } from '@shared/schemas/uploads';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PaymentStatus } from '../../components/payment/PaymentStatus';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api-client';
import { returnedSessionId } from '../../lib/checkout/payment-phase';
import { useCheckoutConfirmation } from '../../lib/checkout/use-checkout-confirmation';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { anyJobProcessing, uploadQueryOptions } from '../../lib/upload-query';
import { useInvalidLinkRedirect } from '../../lib/use-invalid-link-redirect';
import { AgeCard } from './components/AgeCard';
import { MoreAges } from './components/MoreAges';
import { NotifyDialog } from './components/NotifyDialog';
import { SaveToCameraRoll } from './components/SaveToCameraRoll';
import { UpgradePanel } from './components/UpgradePanel';
import { useNotifyPrompt } from './hooks/use-notify-prompt';
import { canSaveHd, resultsHeading, upgradeOffers, uploadShowsPurchase } from './results-copy';

type ResultsPageProps = {
  /** Slot for the share action (the share feature is composed in by the app). */
  renderShare?: (upload: UploadView) => ReactNode;
};

export function ResultsPage({ renderShare }: ResultsPageProps) {
  const { uploadId = '' } = useParams();
  const valid = isUuid(uploadId);

  useInvalidLinkRedirect(valid);

  if (!valid) return null;
  return <ResultsView key={uploadId} uploadId={uploadId} renderShare={renderShare} />;
}

function ResultsView({ uploadId, renderShare }: { uploadId: string } & ResultsPageProps) {
  const [params] = useSearchParams();
  // Back from a checkout: poll until the bought ages show as unlocked (read by the refetch timer).
  const awaitingPayment = useRef(returnedSessionId(params) !== null);
  const query = useQuery({
    ...uploadQueryOptions(uploadId),
    refetchInterval: (q) =>
      anyJobProcessing(q.state.data) || awaitingPayment.current ? PROGRESS_POLL_MS : false,
    // Checkout runs in another tab: coming back to this one shows what was bought there.
    refetchOnWindowFocus: true,
  });
  const upload = query.data;
  const payment = useCheckoutConfirmation((confirm) =>
    // A checkout for another photo has nothing to wait for on this page.
    confirm?.uploadId && confirm.uploadId !== uploadId
      ? true
      : uploadShowsPurchase(confirm?.productId, upload?.jobs ?? []),
  );
  awaitingPayment.current = payment.phase === 'confirming';
  const notify = useNotifyPrompt(upload, params.get('paid') === 'true');
  const startCheckout = useStartCheckout();

  if (query.isPending) {
    return (
      <div className="flex min-h-[60dvh] items-center justify-center">
        <Spinner className="size-10" label="Loading your previews" />
      </div>
    );
  }

  if (!upload) {
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
      >
        <p className="text-5xl" aria-hidden="true">
          🔍
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{messages.resultsLoadFailed}</h1>
        <p className="text-slate-700">
          {errorMessage(query.error, 'Please check your connection and try again.')}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => void query.refetch()}>Try again</Button>
          <Link
            to="/upload"
            className="inline-flex min-h-12 items-center rounded-full px-6 font-semibold text-violet-800 underline-offset-4 hover:underline"
          >
            Upload a new photo
          </Link>
        </div>
      </div>
    );
  }

  const heading = resultsHeading(upload.jobs);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PaymentStatus phase={payment.phase} error={payment.error} className="mx-auto mb-8 max-w-2xl" />
      <header className="text-center">
        <h1 className="text-balance text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {heading.title}
        </h1>
        {heading.subtitle && <p className="mt-3 text-lg text-slate-700">{heading.subtitle}</p>}
      </header>

      <ul className="mt-8 grid gap-5 sm:grid-cols-3" aria-label="Age previews">
        {PREVIEW_AGES.map((age) => (
          <li key={age}>
            <AgeCard age={age} job={upload.jobs.find((job) => job.age === age)} />
          </li>
        ))}
      </ul>

      {upload.engine === 'offline' && (
        <p className="mx-auto mt-4 max-w-2xl text-center text-sm text-slate-600">
          {messages.offlineEngineNotice}
        </p>
      )}

      <div className="mx-auto mt-8 flex max-w-sm flex-col items-stretch gap-3 sm:max-w-none sm:flex-row sm:justify-center">
        {canSaveHd(upload.jobs) && <SaveToCameraRoll uploadId={uploadId} />}
        {renderShare?.(upload)}
      </div>

      <UpgradePanel
        offers={upgradeOffers(upload.jobs)}
        onChoose={(productId) => startCheckout(productId, { uploadId })}
      />

      <MoreAges uploadId={uploadId} jobs={upload.jobs} />

      <p className="mt-8 text-center">
        <Link
          to="/upload"
          className="rounded font-semibold text-violet-800 underline underline-offset-4 hover:text-violet-950 focus-visible:outline-2 focus-visible:outline-violet-500"
        >
          Try another photo
        </Link>
      </p>

      <NotifyDialog uploadId={uploadId} open={notify.open} onOpenChange={notify.setOpen} />
    </div>
  );
}
