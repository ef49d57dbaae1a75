/**
 * The two upsell pages (docs/product.md#upsell-pages), one page with two offers:
 * - `future`, /upsell?uploadId=: "Unlock Their Future in HD" — the Full Future Bundle (ages 2, 5
 *   and 19) and Future Starter (ages 2 and 5), with a way back to the results above;
 * - `age-19`, /upsell/age-19?uploadId=: for a parent who has (or may add) ages 2 and 5 — the bundle
 *   or age 19 only, with "Maybe later — View my results" below.
 * Buying opens the checkout in a new tab; Cancel there comes back to this page. A package already
 * owned shows as unlocked, with the way to the results. Where age HD is not on sale (the offline
 * simulation with live payments) the page says so and offers Moments instead of the packages.
 */
import { HD_SIZE_PX } from '@shared/catalog';
import type { ReactNode } from 'react';
import { AgeHdNotForSale } from '../../components/payment/AgeHdNotForSale';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PageLoading } from '../../components/ui/PageState';
import { UploadLoadFailed } from '../../components/upload/UploadLoadFailed';
import { AGE_19, type JobLike } from '../../lib/ages';
import { useAgeHdOnSale } from '../../lib/checkout/use-age-hd-on-sale';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { cn } from '../../lib/cn';
import { PackageCard } from './components/PackageCard';
import { UpsellHero } from './components/UpsellHero';
import { useUpsellUpload } from './hooks/use-upsell-upload';
import { age19Packages, type PackageView, packageView, upsellPackages } from './upsell-offers';

/** Product wording, free to improve. */
const RENDERED_AFTER_PURCHASE =
  'New ages are created right after you buy and appear on your results page within a few minutes.';

export type UpsellOffer = 'future' | 'age-19';

type OfferPage = {
  title: string;
  intro: ReactNode;
  packages: (jobs: readonly JobLike[]) => PackageView[];
  /** "← Back to results" above the offer, or "Maybe later — View my results" under it. */
  back: 'above' | 'below';
};

const PAGES: Record<UpsellOffer, OfferPage> = {
  future: {
    title: 'Unlock Their Future in HD',
    intro: (
      <>
        Meet them as a toddler, at five and at nineteen:{' '}
        <span className="whitespace-nowrap">
          {HD_SIZE_PX} × {HD_SIZE_PX} px
        </span>{' '}
        keepsakes without the watermark.
      </>
    ),
    packages: upsellPackages,
    back: 'above',
  },
  'age-19': {
    title: `See Them at ${AGE_19} in HD`,
    intro: 'All grown up: one more keepsake to treasure, without the watermark.',
    // Once age 19 is unlocked nothing is for sale: its package shows as owned, like any other.
    packages: (jobs) => {
      const offers = age19Packages(jobs);
      return offers.length > 0 ? offers : [packageView('age_19_hd', jobs)];
    },
    back: 'below',
  },
};

export function UpsellPage({ offer }: { offer: UpsellOffer }) {
  const { uploadId, valid, query } = useUpsellUpload();
  const startCheckout = useStartCheckout();
  const ageHdOnSale = useAgeHdOnSale();
  if (!valid) return null;
  if (query.isPending || ageHdOnSale === undefined) return <PageLoading label="Loading your offers" />;
  if (!query.data) return <UploadLoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const page = PAGES[offer];
  const resultsPath = `/result/${uploadId}`;
  const packages = ageHdOnSale ? page.packages(query.data.jobs) : [];
  const forSale = packages.some((view) => !view.owned);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      {page.back === 'above' && (
        <ButtonLink to={resultsPath} variant="ghost" size="sm" className="-ml-2">
          <span aria-hidden="true">←</span> Back to results
        </ButtonLink>
      )}
      {ageHdOnSale && (
        <UpsellHero jobs={query.data.jobs} title={page.title}>
          {page.intro}
        </UpsellHero>
      )}
      {ageHdOnSale ? (
        <ul
          className={cn('mt-10 grid gap-6', packages.length > 1 ? 'sm:grid-cols-2' : 'mx-auto max-w-sm')}
          aria-label="Packages"
        >
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
      ) : (
        <AgeHdNotForSale heading="h1" className="mt-6" />
      )}
      {forSale && (
        <p className="mx-auto mt-8 max-w-xl text-center text-sm text-slate-600">{RENDERED_AFTER_PURCHASE}</p>
      )}
      {page.back === 'below' && (forSale || !ageHdOnSale) && (
        <p className="mt-8 text-center">
          <ButtonLink to={resultsPath} variant="ghost">
            {ageHdOnSale ? 'Maybe later — View my results' : 'View my results'}
          </ButtonLink>
        </p>
      )}
    </div>
  );
}
