/**
 * The upload an upsell page sells ages for (`?uploadId=`). A missing or malformed id is a bad link:
 * "Invalid link", then home, like the results page (docs/product.md#upsell-pages).
 */
import { isUuid } from '@shared/rules/ids';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { uploadQueryOptions } from '../../../lib/upload-query';
import { useInvalidLinkRedirect } from '../../../lib/use-invalid-link-redirect';

export function useUpsellUpload() {
  const [params] = useSearchParams();
  const uploadId = params.get('uploadId') ?? '';
  const valid = isUuid(uploadId);

  useInvalidLinkRedirect(valid);

  const query = useQuery({
    ...uploadQueryOptions(uploadId),
    enabled: valid,
    // Checkout runs in another tab: coming back here shows what is owned now.
    refetchOnWindowFocus: true,
  });
  return { uploadId, valid, query };
}
