/**
 * Forgotten password, in two steps: the email (Cognito sends a code; 123456 on the local stack),
 * then the code and a new password, checked by the same rules as sign-up.
 */
import { authEmailSchema, authPasswordSchema, confirmationCodeSchema } from '@shared/rules/auth-form';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/field-styles';
import { cn } from '../../../lib/cn';

type PasswordResetFormProps = {
  /** 'request': ask for the email; 'confirm': the code and the new password for `email`. */
  stage: 'request' | 'confirm';
  email: string;
  busy: boolean;
  onRequest: (email: string) => void;
  onConfirm: (values: { code: string; password: string }) => void;
  onBack: () => void;
};

type Field = 'email' | 'code' | 'password';

export function PasswordResetForm({
  stage,
  email,
  busy,
  onRequest,
  onConfirm,
  onBack,
}: PasswordResetFormProps) {
  const ids = { email: useId(), code: useId(), password: useId(), error: useId() };
  const [values, setValues] = useState({ email, code: '', password: '' });
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stage === 'request') {
      const parsed = authEmailSchema.safeParse(values.email);
      if (!parsed.success) return setError({ field: 'email', message: parsed.error.issues[0].message });
      setError(null);
      return onRequest(parsed.data);
    }
    const code = confirmationCodeSchema.safeParse(values.code);
    if (!code.success) return setError({ field: 'code', message: code.error.issues[0].message });
    const password = authPasswordSchema.safeParse(values.password);
    if (!password.success) return setError({ field: 'password', message: password.error.issues[0].message });
    setError(null);
    onConfirm({ code: code.data, password: password.data });
  };

  const field = (name: Field, label: string, props: Record<string, string>) => (
    <div className="flex flex-col gap-2">
      <label htmlFor={ids[name]} className="font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={ids[name]}
        value={values[name]}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        aria-invalid={error?.field === name}
        aria-describedby={error?.field === name ? ids.error : undefined}
        className={cn(inputClass, name === 'code' && 'text-center text-2xl tracking-[0.4em]')}
        {...props}
      />
      {error?.field === name && (
        <p id={ids.error} role="alert" className="text-sm font-semibold text-rose-700">
          {error.message}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {stage === 'request' ? (
        <>
          <p className="text-slate-700">
            Enter your email and we will send you a code to choose a new password.
          </p>
          {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
        </>
      ) : (
        <>
          <p className="text-slate-700">
            Enter the code we sent to <strong className="break-all text-slate-900">{email}</strong> and choose
            a new password.
          </p>
          {field('code', 'Reset code', { inputMode: 'numeric', autoComplete: 'one-time-code' })}
          {field('password', 'New password', { type: 'password', autoComplete: 'new-password' })}
        </>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {stage === 'request'
          ? busy
            ? 'Sending...'
            : 'Send reset code'
          : busy
            ? 'Saving...'
            : 'Set new password'}
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={onBack} className="self-center">
        Back to sign in
      </Button>
    </form>
  );
}
