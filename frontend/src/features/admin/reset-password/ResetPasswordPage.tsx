/**
 * /admin/reset-password (docs/product.md#reset-password): sends Cognito's forgotten-password code to an address,
 * prefilled with the operator's own. The code is entered on /auth ("Forgot password?").
 */
import { messages } from '@shared/messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { inputClass } from '../../../components/ui/field-styles';
import { loadCognito } from '../../../lib/auth/auth-session';
import { useAuth } from '../../../lib/auth/auth-store';
import { AdminPageHeader } from '../layout/AdminPageHeader';

/** The sign-in page's reset step for this address (AuthPage reads `reset` and `email`). */
const resetLink = (email: string) => `/auth?${new URLSearchParams({ reset: '1', email })}`;

export function ResetPasswordPage() {
  const auth = useAuth();
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState(auth.user?.email ?? '');
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: async (address: string) => (await loadCognito()).sendPasswordReset(address),
    onSuccess: () => toast.success(messages.resetEmailSent),
    onError: () => toast.error(messages.resetEmailFailed),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError(messages.enterEmailAddress);
      return;
    }
    setError(null);
    send.mutate(address);
  };

  return (
    <>
      <AdminPageHeader title="Password reset">
        Sends a password reset code to the address. Its owner opens the sign-in page, chooses “Forgot
        password?”, and enters the code with a new password.
      </AdminPageHeader>
      <Card className="max-w-lg p-6">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <label htmlFor={emailId} className="font-semibold text-slate-900">
            Email
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            className={inputClass}
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm font-semibold text-rose-700">
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
        {send.isSuccess && (
          <p className="mt-4 break-words text-sm text-slate-700">
            The code is entered at{' '}
            <a className="font-semibold text-violet-800 underline" href={resetLink(send.variables)}>
              {location.origin}
              {resetLink(send.variables)}
            </a>
          </p>
        )}
      </Card>
    </>
  );
}
