import { Age19UpsellPage } from '../../features/upsell/Age19UpsellPage';
import { QueryProvider } from '../query-provider';

export function Age19UpsellRoute() {
  return (
    <QueryProvider>
      <Age19UpsellPage />
    </QueryProvider>
  );
}
