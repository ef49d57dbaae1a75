/** Whole-page states: a centred spinner while a page loads, and a centred message (failure, redirect). */
import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

export function PageLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner className="size-10" label={label} />
    </div>
  );
}

type PageMessageProps = {
  /** Decorative: an emoji, or a spinner while something is on its way. */
  emoji: ReactNode;
  title: ReactNode;
  /** `alert` for a failure, `status` for progress; none for a page that is simply there. */
  role?: 'alert' | 'status';
  /** What follows the title: a note, the ways on. */
  children?: ReactNode;
};

export function PageMessage({ emoji, title, role, children }: PageMessageProps) {
  return (
    <div
      role={role}
      className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-12 text-center"
    >
      <p className="text-5xl" aria-hidden="true">
        {emoji}
      </p>
      <h1 className="text-balance text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
