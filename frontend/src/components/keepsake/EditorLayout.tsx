/**
 * The frame of an editor page: the way back to its gallery and the scene's name, then the canvas
 * column (at most 800 px; `children`) beside the controls (`side`, below it on a phone).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';

type PageProps = {
  back: { to: string; label: string };
  title: string;
  subtitle: string;
  children: ReactNode;
};

export function EditorPage({ back, title, subtitle, children }: PageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav className="text-sm">
        <Link to={back.to} className="font-semibold text-violet-700 underline-offset-2 hover:underline">
          ← {back.label}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="text-slate-700">{subtitle}</p>
      {children}
    </div>
  );
}

export function EditorColumns({ children, side }: { children: ReactNode; side: ReactNode }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,800px)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col gap-3">{children}</div>
      {side}
    </div>
  );
}

type RegionProps = { label: string; onKeyDown(event: KeyboardEvent): void; children: ReactNode };

/** The canvas as one focusable region that takes the arrow keys itself. */
export function CanvasRegion({ label, onKeyDown, children }: RegionProps) {
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region: arrow keys move the child
      tabIndex={0}
      role="application"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
    >
      {children}
    </div>
  );
}
