/** A link whose upload id is not a UUID is a bad link: "Invalid link", then home. */
import { messages } from '@shared/messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';

export function useInvalidLinkRedirect(valid: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (valid) return;
    // The id dedupes the toast when React runs this effect twice in development.
    toast.error(messages.invalidLink, { id: 'invalid-link' });
    navigate('/', { replace: true });
  }, [valid, navigate]);
}
