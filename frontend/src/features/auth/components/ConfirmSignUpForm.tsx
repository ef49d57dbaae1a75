/** The sign-up confirmation step: the code Cognito emailed (always 123456 on the local stack). */
import { CONFIRMATION_CODE_LENGTH, confirmationCodeSchema } from '@shared/rules/auth-form';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/field-styles';
import { cn } from '../../../lib/cn';

type ConfirmSignUpFormProps = {
  email: string;
  busy: boolean;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
};

export function ConfirmSignUpForm({ email, busy, onConfirm, onResend, onBack }: ConfirmSignUpFormProps) {
  const codeId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = confirmationCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    onConfirm(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-slate-700">
        We sent a code to <strong className="break-all text-slate-900">{email}</strong>. Enter it below to
        finish creating your account.
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor={codeId} className="font-semibold text-slate-900">
          Confirmation code
        </label>
        <input
          id={codeId}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CONFIRMATION_CODE_LENGTH + 2}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClass, 'text-center text-2xl tracking-[0.4em]')}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm font-semibold text-rose-700">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Confirming...' : 'Confirm'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" disabled={busy} onClick={onResend}>
          Send a new code
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
