import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning ring. Decorative unless a label is given (then screen readers announce it). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex">
      <LoaderCircle
        className={cn('size-6 animate-spin text-violet-700 motion-reduce:animate-none', className)}
        strokeWidth={3}
        aria-hidden="true"
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
