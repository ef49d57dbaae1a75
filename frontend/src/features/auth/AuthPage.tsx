/**
 * /auth: Sign In ("Welcome Back") and Create Account ("Sign up to continue"), the emailed-code
 * confirmation, the forgotten-password steps (`?reset=1[&email=…]` opens them), and the
 * post-sign-in redirect (docs/product.md#auth-and-sign-in). Amplify loads with this page.
 */
import { ANONYMOUS_RETENTION_DAYS } from '@shared/catalog';
import { messages } from '@shared/messages';
import { type AuthFormValues, authErrorMessage } from '@shared/rules/auth-form';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageLoading } from '../../components/ui/PageState';
import { loadCognito, resolveAuth } from '../../lib/auth/auth-session';
import { useAuth } from '../../lib/auth/auth-store';
import { confirmErrorMessage, resetErrorMessage } from './auth-errors';
import { ConfirmSignUpForm } from './components/ConfirmSignUpForm';
import { type AuthMode, CredentialsForm } from './components/CredentialsForm';
import { PasswordResetForm } from './components/PasswordResetForm';
import { usePostSignIn } from './hooks/use-post-sign-in';

type Step =
  | { kind: 'form'; mode: AuthMode; email: string }
  // `password` is kept only when the parent was signing in, to finish that sign-in after the code.
  | { kind: 'confirm'; email: string; password: string | null }
  | { kind: 'reset'; stage: 'request' | 'confirm'; email: string };

const COPY = {
  signIn: { title: 'Welcome Back', subtitle: 'Sign in to continue' },
  signUp: { title: 'Create Account', subtitle: 'Sign up to continue' },
  confirm: { title: 'Check your email', subtitle: 'One last step to create your account' },
  reset: { title: 'Reset password', subtitle: 'Choose a new password' },
};

function initialStep(search: URLSearchParams): Step {
  const email = search.get('email') ?? '';
  if (search.get('reset') === '1') return { kind: 'reset', stage: email ? 'confirm' : 'request', email };
  return { kind: 'form', mode: 'signIn', email: '' };
}

export function AuthPage() {
  const auth = useAuth();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>(() => initialStep(search));
  const [busy, setBusy] = useState(false);
  usePostSignIn(auth);

  useEffect(() => {
    // Load Amplify now, so the first submit is quick and a signed-in parent is recognised.
    loadCognito().then(
      () => resolveAuth(),
      () => toast.error(messages.signInUnavailable, { id: 'auth-unavailable' }),
    );
  }, []);

  /** Runs an Amplify call with the page busy; a failure to load Amplify is its own message. */
  const withCognito = async (
    action: (cognito: Awaited<ReturnType<typeof loadCognito>>) => Promise<void>,
    onError: (error: unknown) => string,
  ) => {
    setBusy(true);
    try {
      const cognito = await loadCognito().catch(() => null);
      if (!cognito) {
        toast.error(messages.signInUnavailable);
        return;
      }
      await action(cognito).catch((error: unknown) => {
        toast.error(onError(error));
      });
    } finally {
      setBusy(false);
    }
  };

  const signInThenRedirect = async (
    cognito: Awaited<ReturnType<typeof loadCognito>>,
    email: string,
    password: string,
  ) => {
    const outcome = await cognito.signInWithPassword(email, password);
    if (outcome === 'confirmSignUp') {
      setStep({ kind: 'confirm', email, password });
      return;
    }
    // usePostSignIn takes it from here: migration, then the redirect.
    toast.success(messages.signedIn);
  };

  const onCredentials = (mode: AuthMode) => (values: AuthFormValues) =>
    withCognito(async (cognito) => {
      if (mode === 'signIn') return signInThenRedirect(cognito, values.email, values.password);
      const needsCode = await cognito.signUpWithPassword(values.email, values.password);
      if (needsCode) setStep({ kind: 'confirm', email: values.email, password: null });
      else {
        toast.success(messages.accountCreated);
        setStep({ kind: 'form', mode: 'signIn', email: values.email });
      }
    }, authErrorMessage);

  const onConfirm = (email: string, password: string | null) => (code: string) =>
    withCognito(async (cognito) => {
      await cognito.confirmSignUpCode(email, code);
      if (password) {
        await signInThenRedirect(cognito, email, password).catch((error: unknown) => {
          toast.error(authErrorMessage(error));
          setStep({ kind: 'form', mode: 'signIn', email });
        });
        return;
      }
      toast.success(messages.accountCreated);
      setStep({ kind: 'form', mode: 'signIn', email });
    }, confirmErrorMessage);

  const onResend = (email: string) => () =>
    withCognito(
      async (cognito) => {
        await cognito.resendCode(email);
        toast.success(messages.codeSent);
      },
      () => messages.codeResendFailed,
    );

  const onResetRequest = (email: string) =>
    withCognito(
      async (cognito) => {
        await cognito.sendPasswordReset(email);
        toast.success(messages.resetEmailSent);
        setStep({ kind: 'reset', stage: 'confirm', email });
      },
      () => messages.resetEmailFailed,
    );

  const onResetConfirm = (email: string) => (values: { code: string; password: string }) =>
    withCognito(async (cognito) => {
      await cognito.confirmPasswordReset(email, values.code, values.password);
      toast.success(messages.passwordChanged);
      setStep({ kind: 'form', mode: 'signIn', email });
    }, resetErrorMessage);

  if (auth.status !== 'signedOut') {
    return <PageLoading label={auth.status === 'signedIn' ? 'Signing you in' : 'Loading'} />;
  }

  const copy = step.kind === 'form' ? COPY[step.mode] : COPY[step.kind];
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-md flex-col justify-center px-4 py-8 sm:py-12">
      <Card className="p-6 sm:p-8">
        <header className="mb-6 text-center">
          <p className="text-4xl" aria-hidden="true">
            {step.kind === 'form' ? '👶' : step.kind === 'confirm' ? '💌' : '🔑'}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
          <p className="mt-1 text-lg text-slate-700">{copy.subtitle}</p>
        </header>

        {step.kind === 'reset' ? (
          <PasswordResetForm
            key={`${step.stage}:${step.email}`}
            stage={step.stage}
            email={step.email}
            busy={busy}
            onRequest={onResetRequest}
            onConfirm={onResetConfirm(step.email)}
            onBack={() => setStep({ kind: 'form', mode: 'signIn', email: step.email })}
          />
        ) : step.kind === 'confirm' ? (
          <ConfirmSignUpForm
            key={step.email}
            email={step.email}
            busy={busy}
            onConfirm={onConfirm(step.email, step.password)}
            onResend={onResend(step.email)}
            onBack={() => setStep({ kind: 'form', mode: 'signIn', email: step.email })}
          />
        ) : (
          <>
            <CredentialsForm
              key={`${step.mode}:${step.email}`}
              mode={step.mode}
              initialEmail={step.email}
              busy={busy}
              onSubmit={onCredentials(step.mode)}
            />
            {step.mode === 'signIn' && (
              <p className="mt-4 text-center">
                <Button
                  variant="custom"
                  size="sm"
                  className="px-2 text-violet-800 underline underline-offset-4 hover:text-violet-950"
                  onClick={() => setStep({ kind: 'reset', stage: 'request', email: '' })}
                >
                  Forgot password?
                </Button>
              </p>
            )}
            <p className="mt-6 text-center text-slate-700">
              {step.mode === 'signIn' ? 'New here?' : 'Already have an account?'}{' '}
              <Button
                variant="custom"
                size="sm"
                className="px-2 text-violet-800 underline underline-offset-4 hover:text-violet-950"
                onClick={() =>
                  setStep({ kind: 'form', mode: step.mode === 'signIn' ? 'signUp' : 'signIn', email: '' })
                }
              >
                {step.mode === 'signIn' ? 'Create an account' : 'Sign in instead'}
              </Button>
            </p>
          </>
        )}
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        An account keeps your photos and HD previews together. Without one, photos are kept for{' '}
        {ANONYMOUS_RETENTION_DAYS} days.
      </p>
    </div>
  );
}
