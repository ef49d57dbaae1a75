/**
 * /upsell?uploadId=: "Unlock Their Future in HD" (spec §2) — the Full Future Bundle (ages 2, 5 and
 * 19) and Future Starter (ages 2 and 5). Buying opens the checkout in a new tab; Cancel there
 * comes back to this page.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { PackageCard } from './components/PackageCard';
import { UpsellHero } from './components/UpsellHero';
import { UpsellLoadFailed, UpsellLoading } from './components/UpsellState';
import { useUpsellUpload } from './hooks/use-upsell-upload';
import { RENDERED_AFTER_PURCHASE } from './upsell-copy';
import { upsellPackages } from './upsell-offers';

export function UpsellPage() {
  const { uploadId, valid, query } = useUpsellUpload();
  const startCheckout = useStartCheckout();
  if (!valid) return null;
  if (query.isPending) return <UpsellLoading />;
  if (!query.data) return <UpsellLoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const resultsPath = `/result/${uploadId}`;
  const packages = upsellPackages(query.data.jobs);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <ButtonLink to={resultsPath} variant="ghost" size="sm" className="-ml-2">
        <span aria-hidden="true">←</span> Back to results
      </ButtonLink>
      <UpsellHero jobs={query.data.jobs} title="Unlock Their Future in HD">
        Meet them as a toddler, at five and at nineteen:{' '}
        <span className="whitespace-nowrap">
          {HD_SIZE_PX} × {HD_SIZE_PX} px
        </span>{' '}
        keepsakes without the watermark.
      </UpsellHero>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2" aria-label="Packages">
        {packages.map((view, i) => (
          <li key={view.productId}>
            <PackageCard
              view={view}
              highlight={i === 0}
              resultsPath={resultsPath}
              onBuy={() => startCheckout(view.productId, { uploadId })}
            />
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-8 max-w-xl text-center text-sm text-slate-600">{RENDERED_AFTER_PURCHASE}</p>
    </div>
  );
}
