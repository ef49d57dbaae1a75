import { formatPrice, getProduct } from '@shared/catalog';
import { Badge } from '../../../components/ui/Badge';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { cn } from '../../../lib/cn';

const single = getProduct('credits_1');
const pack = getProduct('credits_20');
const monthly = getProduct('subscription_monthly');

const TEASERS = [
  {
    key: single.id,
    price: formatPrice(single.priceCents),
    unit: '',
    label: 'Single HD image',
    badge: undefined,
  },
  {
    key: pack.id,
    price: formatPrice(pack.priceCents),
    unit: '',
    label: `${pack.credits} HD images`,
    badge: pack.badge,
  },
  {
    key: monthly.id,
    price: formatPrice(monthly.priceCents),
    unit: 'per month',
    label: 'Unlimited HD images',
    badge: undefined,
  },
];

export function PricingTeaser() {
  return (
    <section aria-labelledby="pricing-teaser-heading" className="mx-auto max-w-6xl px-4 py-14">
      <h2
        id="pricing-teaser-heading"
        className="text-center text-3xl font-extrabold tracking-tight text-slate-900"
      >
        Simple pricing
      </h2>
      <p className="mt-2 text-center text-slate-700">Start free. Pay only for the HD keepsakes you love.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {TEASERS.map((t) => (
          <li
            key={t.key}
            className={cn(
              'relative rounded-3xl border bg-white p-6 text-center shadow-sm',
              t.badge ? 'border-violet-400 ring-2 ring-violet-200' : 'border-violet-100',
            )}
          >
            {t.badge && (
              <Badge
                tone="violet"
                className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap bg-violet-700 text-white"
              >
                {t.badge}
              </Badge>
            )}
            <p className="text-4xl font-extrabold text-slate-900">
              {t.price}
              {t.unit && <span className="ml-1 text-base font-medium text-slate-600">{t.unit}</span>}
            </p>
            <p className="mt-2 text-slate-700">{t.label}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex justify-center">
        <ButtonLink to="/pricing" variant="outline" size="lg">
          View All Plans
        </ButtonLink>
      </div>
    </section>
  );
}
