/**
 * Whether HD of the age previews is on sale (GET /api/config; the rule is shared/rules/age-sales.ts).
 * Undefined while the answer is on its way, so a page shows neither offers nor the notice yet. When
 * the config cannot be read the offers show: checkout has the final word.
 */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

export function useAgeHdOnSale(): boolean | undefined {
  const config = useQuery({
    queryKey: ['client-config'],
    queryFn: () => callApi('getClientConfig'),
    // Fixed for the life of the deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (config.isError) return true;
  return config.data?.ageHdOnSale;
}
