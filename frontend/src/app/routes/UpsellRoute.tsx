import { UpsellPage } from '../../features/upsell/UpsellPage';
import { QueryProvider } from '../query-provider';

export function UpsellRoute() {
  return (
    <QueryProvider>
      <UpsellPage />
    </QueryProvider>
  );
}
