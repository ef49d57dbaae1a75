import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-3xl border border-violet-100 bg-white shadow-sm shadow-violet-100/60',
        className,
      )}
      {...rest}
    />
  );
}
