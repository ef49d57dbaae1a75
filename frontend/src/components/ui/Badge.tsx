import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'violet' | 'rose' | 'amber' | 'emerald' | 'slate';

const tones: Record<Tone, string> = {
  violet: 'bg-violet-100 text-violet-900',
  rose: 'bg-rose-100 text-rose-900',
  amber: 'bg-amber-100 text-amber-900',
  emerald: 'bg-emerald-100 text-emerald-900',
  slate: 'bg-slate-100 text-slate-800',
};

export function Badge({
  tone = 'violet',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold',
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
