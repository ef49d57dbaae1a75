import { PREVIEW_AGES } from '@shared/catalog';
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { PROGRESS_POLL_MS } from '@shared/rules/progress';
import type { UploadView } from '@shared/schemas/uploads';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AgeHdNotForSale } from '../../components/payment/AgeHdNotForSale';
import { PaymentStatus } from '../../components/payment/PaymentStatus';
import { PageLoading } from '../../components/ui/PageState';
import { UploadLoadFailed } from '../../components/upload/UploadLoadFailed';
import { useAgeHdOnSale } from '../../lib/checkout/use-age-hd-on-sale';
import { useCheckoutConfirmation } from '../../lib/checkout/use-checkout-confirmation';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { anyJobProcessing, uploadQueryKey, uploadQueryOptions } from '../../lib/upload-query';
import { useInvalidLinkRedirect } from '../../lib/use-invalid-link-redirect';
import { AgeCard } from './components/AgeCard';
import { MoreAges } from './components/MoreAges';
import { NotifyDialog } from './components/NotifyDialog';
import { SaveToCameraRoll } from './components/SaveToCameraRoll';
import { UpgradePanel } from './components/UpgradePanel';
import { GrowthClipButton } from './growth-clip/GrowthClip';
import { useNotifyPrompt } from './hooks/use-notify-prompt';
import { useRetryRender } from './hooks/use-retry-render';
import { canSaveHd, resultsHeading, upgradeSection, uploadShowsPurchase } from './results-page-rules';

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
  const query = useQuery({
    ...uploadQueryOptions(uploadId),
    refetchInterval: (q) => (anyJobProcessing(q.state.data) ? PROGRESS_POLL_MS : false),
    // Checkout runs in another tab: coming back to this one shows what was bought there.
    refetchOnWindowFocus: true,
  });
  const upload = query.data;
  // Back from a checkout: the upload is read again until the bought ages show as unlocked.
  const payment = useCheckoutConfirmation(uploadQueryKey(uploadId), (confirm) =>
    // A checkout for another photo has nothing to wait for on this page.
    confirm?.uploadId && confirm.uploadId !== uploadId
      ? true
      : uploadShowsPurchase(confirm?.productId, upload?.jobs ?? []),
  );
  const notify = useNotifyPrompt(upload, params.get('paid') === 'true');
  const startCheckout = useStartCheckout();
  const retry = useRetryRender(uploadId);
  const ageHdOnSale = useAgeHdOnSale();

  if (query.isPending) return <PageLoading label="Loading your previews" />;
  if (!upload) return <UploadLoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const heading = resultsHeading(upload.jobs);
  // Anyone with the link sees the cards; only the owner can put a failed one back on the queue.
  const ownerRetry = upload.viewerIsOwner ? retry : undefined;
  const upgrade = upgradeSection(upload.jobs, ageHdOnSale);
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
            <AgeCard age={age} job={upload.jobs.find((job) => job.age === age)} retry={ownerRetry} />
          </li>
        ))}
      </ul>

      {/* The simulation notice below says it more prominently. */}
      {upload.engine === 'offline' && upgrade?.kind !== 'simulation' && (
        <p className="mx-auto mt-4 max-w-2xl text-center text-sm text-slate-600">
          {messages.offlineEngineNotice}
        </p>
      )}

      <div className="mx-auto mt-8 flex max-w-sm flex-col items-stretch gap-3 sm:max-w-none sm:flex-row sm:justify-center">
        {canSaveHd(upload.jobs) && <SaveToCameraRoll uploadId={uploadId} />}
        {renderShare?.(upload)}
      </div>

      <GrowthClipButton upload={upload} />

      {upgrade?.kind === 'offers' && (
        <UpgradePanel
          offers={upgrade.offers}
          onChoose={(productId) => startCheckout(productId, { uploadId })}
        />
      )}
      {upgrade?.kind === 'simulation' && <AgeHdNotForSale className="mt-10" />}

      <MoreAges uploadId={uploadId} jobs={upload.jobs} retry={ownerRetry} offersMore={ageHdOnSale === true} />

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
