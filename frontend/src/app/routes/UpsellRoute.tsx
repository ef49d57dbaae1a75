/** Both upsell pages (/upsell and /upsell/age-19): one page, configured by which offer it shows. */
import { type UpsellOffer, UpsellPage } from '../../features/upsell/UpsellPage';
import { QueryProvider } from '../query-provider';

export function UpsellRoute({ offer }: { offer: UpsellOffer }) {
  return (
    <QueryProvider>
      <UpsellPage offer={offer} />
    </QueryProvider>
  );
}
