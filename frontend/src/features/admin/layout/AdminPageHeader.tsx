/** An operator page's title and what it is for. */
import type { ReactNode } from 'react';

export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-balance text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      {children && <p className="mt-2 max-w-2xl text-slate-700">{children}</p>}
    </header>
  );
}
