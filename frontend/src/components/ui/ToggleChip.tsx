/** A toggle button shaped as a chip, filled while pressed (screen readers hear it as pressed). */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Props = { pressed: boolean; onClick(): void; className?: string; children: ReactNode };

export function ToggleChip({ pressed, onClick, className, children }: Props) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
        pressed
          ? 'border-violet-700 bg-violet-700 text-white'
          : 'border-violet-200 bg-white text-slate-800 hover:bg-violet-50',
        className,
      )}
    >
      {children}
    </button>
  );
}
