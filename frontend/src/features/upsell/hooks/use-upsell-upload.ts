/**
 * The upload an upsell page sells ages for (`?uploadId=`). A missing or malformed id is a bad link:
 * "Invalid link", then home, like the results page (spec §2, §8).
 */
import { messages } from '@shared/messages';
import { isUuid } from '@shared/rules/ids';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { uploadQueryOptions } from '../../../lib/upload-query';

export function useUpsellUpload() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uploadId = params.get('uploadId') ?? '';
  const valid = isUuid(uploadId);

  useEffect(() => {
    if (valid) return;
    // The id dedupes the toast when React runs this effect twice in development.
    toast.error(messages.invalidLink, { id: 'invalid-link' });
    navigate('/', { replace: true });
  }, [valid, navigate]);

  const query = useQuery({
    ...uploadQueryOptions(uploadId),
    enabled: valid,
    // Checkout runs in another tab: coming back here shows what is owned now.
    refetchOnWindowFocus: true,
  });
  return { uploadId, valid, query };
}
