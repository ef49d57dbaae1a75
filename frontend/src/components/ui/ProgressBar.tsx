import { cn } from '../../lib/cn';

type ProgressBarProps = { value: number; label: string; className?: string };

/** A determinate progress bar (0–100) with an accessible name. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-4 w-full overflow-hidden rounded-full bg-violet-100', className)}
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-violet-600 to-rose-500 transition-[width] duration-700 ease-out motion-reduce:transition-none"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
