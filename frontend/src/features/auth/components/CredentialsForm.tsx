/** Email and password for sign-in or sign-up, checked by the shared rule; one message at a time. */
import {
  AUTH_FIELDS,
  type AuthField,
  type AuthFormInput,
  type AuthFormValues,
  authFormSchema,
  firstAuthFormIssue,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@shared/rules/auth-form';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/field-styles';
import { cn } from '../../../lib/cn';

export type AuthMode = 'signIn' | 'signUp';

type CredentialsFormProps = {
  mode: AuthMode;
  initialEmail: string;
  busy: boolean;
  onSubmit: (values: AuthFormValues) => Promise<void> | void;
};

/**
 * Only the first failing message shows, email first — the shared rule decides, and reports
 * that one field. Each field re-checks the other (`deps`) so a fixed email makes way for the password's
 * message at once.
 */
const resolver: Resolver<AuthFormInput, unknown, AuthFormValues> = (input) => {
  const issue = firstAuthFormIssue(input);
  if (!issue) return { values: authFormSchema.parse(input), errors: {} };
  return { values: {}, errors: { [issue.field]: { type: 'validate', message: issue.message } } };
};

export function CredentialsForm({ mode, initialEmail, busy, onSubmit }: CredentialsFormProps) {
  const ids = { email: useId(), password: useId(), error: useId(), hint: useId() };
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AuthFormInput, unknown, AuthFormValues>({
    resolver,
    defaultValues: { email: initialEmail, password: '' },
  });
  const invalid = AUTH_FIELDS.find((field) => errors[field]);
  const pending = busy || isSubmitting;
  const signUp = mode === 'signUp';

  const errorText = (field: AuthField) =>
    invalid === field && (
      <p id={ids.error} role="alert" className="text-sm font-semibold text-rose-700">
        {errors[field]?.message}
      </p>
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.email} className="font-semibold text-slate-900">
          Email
        </label>
        <input
          id={ids.email}
          type="email"
          autoComplete={signUp ? 'email' : 'username'}
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          aria-invalid={invalid === 'email'}
          aria-describedby={invalid === 'email' ? ids.error : undefined}
          className={inputClass}
          {...register('email', { deps: 'password' })}
        />
        {errorText('email')}
      </div>

      <div className="flex flex-col gap-2">
        <label htmlFor={ids.password} className="font-semibold text-slate-900">
          Password
        </label>
        <div className="relative">
          <input
            id={ids.password}
            type={showPassword ? 'text' : 'password'}
            autoComplete={signUp ? 'new-password' : 'current-password'}
            aria-invalid={invalid === 'password'}
            aria-describedby={cn(invalid === 'password' && ids.error, signUp && ids.hint) || undefined}
            className={cn(inputClass, 'pr-20')}
            {...register('password', { deps: 'email' })}
          />
          <button
            type="button"
            className="absolute inset-y-1 right-1 rounded-xl px-3 text-sm font-semibold text-violet-800 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
            aria-pressed={showPassword}
            aria-controls={ids.password}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? 'Hide' : 'Show'}
            <span className="sr-only"> password</span>
          </button>
        </div>
        {signUp && (
          <p id={ids.hint} className="text-sm text-slate-600">
            {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters.
          </p>
        )}
        {errorText('password')}
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? (signUp ? 'Creating account...' : 'Signing in...') : signUp ? 'Create Account' : 'Sign In'}
      </Button>
    </form>
  );
}
