/** What an editor's gallery shows around its cards: the grid, and its loading, failed and empty states. */
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { TemplateCardSkeleton } from './TemplateCard';

export const TEMPLATE_GRID = 'mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';
const SKELETON_CARDS = 8;

/** Placeholders while the library loads: card-shaped, or plain blocks. */
export function TemplatesLoading({ cardShaped = false }: { cardShaped?: boolean }) {
  const block = cardShaped ? undefined : 'aspect-[4/5] rounded-2xl bg-violet-50 motion-safe:animate-pulse';
  return (
    <ul className={TEMPLATE_GRID} aria-busy="true" aria-label="Loading templates">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <li key={i} className={block}>
          {cardShaped && <TemplateCardSkeleton />}
        </li>
      ))}
    </ul>
  );
}

export function TemplatesLoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="mt-10 rounded-3xl border border-rose-200 bg-rose-50 p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">We could not load the templates</p>
      <p className="mt-1 text-slate-700">Check your connection and try again.</p>
      <Button className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** No card to show; `children` is the way out (e.g. clearing the filters). */
export function NoTemplates({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <div className="mt-10 rounded-3xl border border-dashed border-violet-200 p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-slate-700">{hint}</p>
      {children}
    </div>
  );
}
