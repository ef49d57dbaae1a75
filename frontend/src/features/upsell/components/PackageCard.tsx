/** One package of an upsell page: ages, price in USD, savings, and the buy button (or "owned"). */
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { HD_UNLOCKED } from '../../../lib/ages';
import { cn } from '../../../lib/cn';
import type { PackageView } from '../upsell-offers';

type PackageCardProps = {
  view: PackageView;
  highlight?: boolean;
  resultsPath: string;
  onBuy: () => void;
};

export function PackageCard({ view, highlight = false, resultsPath, onBuy }: PackageCardProps) {
  const headingId = `package-${view.productId}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex h-full flex-col rounded-3xl border-2 bg-white p-6 shadow-sm',
        highlight ? 'border-violet-600 shadow-violet-100' : 'border-violet-100',
      )}
    >
      {view.badge && (
        <Badge tone="rose" className="absolute -top-3.5 left-6 text-xs tracking-wide">
          {view.badge}
        </Badge>
      )}
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {view.name}
      </h2>
      <p className="mt-1 font-medium text-slate-700">{view.tagline ?? view.agesText}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-extrabold text-slate-900">{view.price}</span>
        <span className="font-medium text-slate-600">USD</span>
        {view.compareAt && (
          <span className="text-lg text-slate-600">
            <span className="sr-only">instead of </span>
            <s>{view.compareAt}</s>
          </span>
        )}
      </p>
      {view.savings && (
        <p className="mt-2">
          <Badge tone="emerald">{view.savings}</Badge>
        </p>
      )}
      {view.ownedText && <p className="mt-3 text-sm font-medium text-amber-900">{view.ownedText}</p>}
      <div className="mt-auto pt-6">
        {view.owned ? (
          <div className="flex flex-col items-stretch gap-3">
            <Badge tone="emerald" className="justify-center">
              {HD_UNLOCKED}
            </Badge>
            <ButtonLink to={resultsPath} variant="outline" className="w-full">
              View my results
            </ButtonLink>
          </div>
        ) : (
          <Button variant={highlight ? 'primary' : 'outline'} className="w-full" onClick={onBuy}>
            Get {view.name}
          </Button>
        )}
      </div>
    </article>
  );
}
