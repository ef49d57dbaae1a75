/** The upgrade panel (docs/product.md#results-page): HD Age 10 (while locked) and All 3 Ages HD, labelled BEST VALUE. */
import { formatPrice, getProduct, HD_SIZE_PX, type Product, type ProductId } from '@shared/catalog';
import { Badge } from '../../../components/ui/Badge';
import { agesText } from '../../../lib/ages';
import { cn } from '../../../lib/cn';

type UpgradePanelProps = {
  offers: readonly ProductId[];
  /** Opens the checkout; runs inside the click so the new tab is not blocked. */
  onChoose: (productId: ProductId) => void;
};

/** "Ages 10, 16 and 21 in 2000 × 2000 px, no watermark". */
const details = ({ unlocksAges }: Product) =>
  `${agesText(unlocksAges)} in ${HD_SIZE_PX} × ${HD_SIZE_PX} px, no watermark`;

export function UpgradePanel({ offers, onChoose }: UpgradePanelProps) {
  if (offers.length === 0) return null;
  return (
    <section
      aria-labelledby="upgrade-heading"
      className="mx-auto mt-10 max-w-3xl rounded-3xl border border-violet-100 bg-gradient-to-br from-violet-50 via-white to-rose-50 p-5 sm:p-8"
    >
      <h2 id="upgrade-heading" className="text-center text-2xl font-extrabold tracking-tight text-slate-900">
        Keep them forever in HD
      </h2>
      <p className="mt-1 text-center text-slate-700">Crisp, print-ready photos without the watermark.</p>
      <ul className={cn('mt-6 grid gap-4', offers.length > 1 && 'sm:grid-cols-2')}>
        {offers.map((id) => {
          const product = getProduct(id);
          const best = Boolean(product.badge);
          return (
            <li key={id}>
              <button
                type="button"
                onClick={() => onChoose(id)}
                className={cn(
                  'relative flex h-full w-full flex-col items-start gap-2 rounded-3xl border-2 bg-white p-5 text-left shadow-sm transition-colors',
                  'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300',
                  best ? 'border-violet-600 hover:bg-violet-50' : 'border-violet-200 hover:border-violet-400',
                )}
              >
                {best && (
                  <Badge tone="rose" className="text-xs tracking-wide">
                    {product.badge}
                  </Badge>
                )}
                <span className="text-lg font-bold text-slate-900">{product.name}</span>
                <span className="text-sm text-slate-700">{details(product)}</span>
                <span className="mt-auto flex w-full items-center justify-between gap-3 pt-2">
                  <span className="text-2xl font-extrabold text-slate-900">
                    {formatPrice(product.priceCents)}
                  </span>
                  <span
                    className={cn(
                      'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold',
                      best ? 'bg-violet-700 text-white' : 'bg-violet-100 text-violet-900',
                    )}
                    aria-hidden="true"
                  >
                    Get HD
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
