/**
 * /admin/grant, first-time setup only: the signed-in user whose verified email is the address the
 * deployment names (ADMIN_EMAIL) becomes the first admin while the app has none; after that, admins
 * are managed by existing admins. A refusal stays on the page: it may say how to name the address.
 */
import { messages } from '@shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/PageState';
import { ApiError, callApi } from '../../../lib/api-client';
import { refreshTokens, resolveAuth } from '../../../lib/auth/auth-session';
import { useAuth } from '../../../lib/auth/auth-store';
import { useSendToSignIn } from '../../../lib/auth/use-send-to-sign-in';
import { adminPath } from '../admin-pages';

/** The seeder opens 1.5 s after a grant (docs/product.md#grant-admin). */
const REDIRECT_AFTER_GRANT_MS = 1500;

export function GrantAdminPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const sendToSignIn = useSendToSignIn();

  useEffect(() => {
    if (auth.status === 'unknown') void resolveAuth();
  }, [auth.status]);

  const grant = useMutation({
    mutationFn: async () => {
      await callApi('grantFirstAdmin');
      // Only a new token carries the group: get one before the admin pages ask.
      await refreshTokens().catch(() => undefined);
    },
    onSuccess: () => {
      toast.success(messages.adminGranted);
      setTimeout(() => navigate(adminPath('template-seeder')), REDIRECT_AFTER_GRANT_MS);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) toast.info(messages.alreadyAdmin);
      else if (error instanceof ApiError && error.status === 403 && error.serverMessage)
        toast.error(error.serverMessage);
      else if (error instanceof ApiError && error.status === 401) toast.error(messages.pleaseLogInFirst);
      else toast.error(messages.grantAdminFailed);
    },
  });

  if (auth.status === 'unknown') return <PageLoading label="Loading" />;
  const signedIn = auth.status === 'signedIn';
  const refusal =
    grant.error instanceof ApiError && grant.error.status === 403 ? grant.error.serverMessage : undefined;

  const onGrant = () => {
    if (!signedIn) {
      toast.error(messages.pleaseLogInFirst);
      return;
    }
    grant.mutate();
  };

  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-lg flex-col justify-center px-4 py-10">
      <Card className="flex flex-col gap-5 p-6 sm:p-8">
        <header>
          <p className="text-sm font-bold uppercase tracking-wide text-amber-800">First-time setup only</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">
            Become the first admin
          </h1>
          <p className="mt-2 text-slate-700">
            The email address this deployment names as its first admin can claim the operator pages here
            (templates, packs and checklists) while the app has no admin. Further admin roles are managed on
            the backend by existing admins (
            <code className="rounded bg-slate-100 px-1">npm run admin:grant</code>).
          </p>
        </header>
        {!signedIn && (
          <div role="alert" className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">{messages.mustBeLoggedIn}</p>
            <Button variant="secondary" onClick={() => sendToSignIn()}>
              Go to Login
            </Button>
          </div>
        )}
        {signedIn && (
          <p className="text-slate-700">
            Signed in as <strong className="break-all text-slate-900">{auth.user.email}</strong>
          </p>
        )}
        <Button size="lg" onClick={onGrant} disabled={grant.isPending || grant.isSuccess}>
          {grant.isPending ? 'Granting...' : 'Grant me admin access'}
        </Button>
        {refusal && (
          <p role="alert" className="rounded-2xl bg-rose-50 p-4 text-rose-950">
            {refusal}
          </p>
        )}
      </Card>
    </div>
  );
}
