/**
 * /upsell/age-19?uploadId=: age 19 for a parent who has (or may add) ages 2 and 5 — the bundle at
 * $9.95 or age 19 only at $6.95 (spec §2), with "Maybe later — View my results".
 */
import { Badge } from '../../components/ui/Badge';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { PackageCard } from './components/PackageCard';
import { UpsellHero } from './components/UpsellHero';
import { UpsellLoadFailed, UpsellLoading } from './components/UpsellState';
import { useUpsellUpload } from './hooks/use-upsell-upload';
import { RENDERED_AFTER_PURCHASE } from './upsell-copy';
import { AGE_19, age19Packages } from './upsell-offers';

export function Age19UpsellPage() {
  const { uploadId, valid, query } = useUpsellUpload();
  const startCheckout = useStartCheckout();
  if (!valid) return null;
  if (query.isPending) return <UpsellLoading />;
  if (!query.data) return <UpsellLoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const resultsPath = `/result/${uploadId}`;
  const packages = age19Packages(query.data.jobs);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <UpsellHero jobs={query.data.jobs} title={`See Them at ${AGE_19} in HD`}>
        All grown up: one more keepsake to treasure, without the watermark.
      </UpsellHero>
      {packages.length === 0 ? (
        <p className="mt-10 text-center">
          <Badge tone="emerald">Age {AGE_19} HD Unlocked ✓</Badge>
        </p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2" aria-label="Packages">
          {packages.map((view, i) => (
            <li key={view.productId}>
              <PackageCard
                view={view}
                tagline={view.productId === 'age_19_hd' ? `Age ${AGE_19} only` : undefined}
                highlight={i === 0}
                resultsPath={resultsPath}
                onBuy={() => startCheckout(view.productId, { uploadId })}
              />
            </li>
          ))}
        </ul>
      )}
      {packages.length > 0 && (
        <p className="mx-auto mt-8 max-w-xl text-center text-sm text-slate-600">{RENDERED_AFTER_PURCHASE}</p>
      )}
      <p className="mt-8 text-center">
        <ButtonLink to={resultsPath} variant="ghost">
          Maybe later — View my results
        </ButtonLink>
      </p>
    </div>
  );
}
