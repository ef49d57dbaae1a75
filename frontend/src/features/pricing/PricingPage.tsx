/**
 * /pricing (docs/product.md#pricing-page). The free plan goes to /upload; a paid plan starts checkout for its
 * product in a new tab (signed out: via /auth and back), as docs/architecture.md#decisions records.
 */
import { formatPrice, formatSavings, PLANS, type Plan, type ProductId } from '@shared/catalog';
import { messages } from '@shared/messages';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { cn } from '../../lib/cn';

export function PricingPage() {
  const startCheckout = useStartCheckout();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <ButtonLink to="/" variant="ghost" size="sm" className="-ml-2">
        <span aria-hidden="true">←</span> Back to Home
      </ButtonLink>
      <header className="mt-4 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Pricing</h1>
        <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">
          Start with free watermarked previews. Unlock HD keepsakes whenever you are ready.
        </p>
      </header>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.key} plan={plan} onBuy={startCheckout} />
        ))}
      </ul>
      <p className="mt-10 text-center font-medium text-slate-700">
        {messages.creditsNeverExpire}; packs are one-time purchases
      </p>
      <p className="mx-auto mt-2 max-w-2xl text-center text-sm text-slate-600">{messages.creditsUse}</p>
    </div>
  );
}

function PlanCard({ plan, onBuy }: { plan: Plan; onBuy: (productId: ProductId) => void }) {
  const { productId } = plan;
  const headingId = `plan-${plan.key}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm',
        plan.highlight ? 'border-violet-400 ring-2 ring-violet-200' : 'border-violet-100',
      )}
    >
      {plan.highlight && (
        <Badge className="absolute -top-3 left-6 bg-violet-700 text-white">{plan.highlight}</Badge>
      )}
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-3 text-4xl font-extrabold text-slate-900">
        {formatPrice(plan.priceCents)}
        {plan.priceCents > 0 && <span className="ml-1 text-base font-medium text-slate-600">USD</span>}
        {plan.perMonth && <span className="ml-1 text-base font-medium text-slate-600">per month</span>}
      </p>
      <p className="mt-2 text-slate-700">{plan.description}</p>
      {plan.savesCents !== undefined && (
        <p className="mt-2">
          <Badge tone="emerald">saves {formatSavings(plan.savesCents)}</Badge>
        </p>
      )}
      <div className="mt-auto pt-6">
        {productId ? (
          <Button
            variant={plan.highlight ? 'primary' : 'outline'}
            className="w-full"
            aria-label={`Choose ${plan.name}`}
            onClick={() => onBuy(productId)}
          >
            Get Started
          </Button>
        ) : (
          <ButtonLink to="/upload" variant="outline" className="w-full" aria-label="Start free preview">
            Start Free
          </ButtonLink>
        )}
      </div>
    </li>
  );
}
