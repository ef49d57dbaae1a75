/**
 * The guard of every operator page (docs/product.md#admin-guard-on-every-page, docs/architecture.md#decisions): a spinner while it checks; no
 * session → /auth (and back here after signing in); not an admin, or the check failed → /.
 * The server decides: the page asks an admin-only route, whatever the token in the browser says.
 */
import { messages } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/ui/PageState';
import { callApi } from '../../../lib/api-client';
import { useRequireSignIn } from '../../../lib/auth/use-require-sign-in';

export const adminSessionKey = (sub: string | undefined) => ['admin-session', sub] as const;

export function AdminGuard({ children }: { children: ReactNode }) {
  const auth = useRequireSignIn();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: adminSessionKey(auth.user?.sub),
    queryFn: () => callApi('getAdminSession'),
    enabled: auth.status === 'signedIn',
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!check.isError) return;
    toast.error(messages.adminOnly, { id: 'admin-only' });
    navigate('/', { replace: true });
  }, [check.isError, navigate]);

  if (auth.status !== 'signedIn' || !check.isSuccess) return <PageLoading label="Checking admin access" />;
  return children;
}
