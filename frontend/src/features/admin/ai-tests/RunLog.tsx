/** A test's live log: one line per step, each with the time it happened; read out as it grows. */
import { cn } from '../../../lib/cn';

export type LogEntry = { at: Date; text: string; tone: 'info' | 'success' | 'error' };

const TONES: Record<LogEntry['tone'], string> = {
  info: 'text-slate-800',
  success: 'font-semibold text-emerald-800',
  error: 'font-semibold text-rose-800',
};

const clock = (at: Date) =>
  `${at.toLocaleTimeString('en-GB', { hour12: false })}.${String(at.getMilliseconds()).padStart(3, '0')}`;

export function RunLog({ entries, label = 'Test log' }: { entries: readonly LogEntry[]; label?: string }) {
  if (entries.length === 0) {
    return (
      <p className="text-sm text-slate-600">Each step appears here, with its time, once the test runs.</p>
    );
  }
  return (
    // The log role would hide the list's semantics from the items: the list sits inside it.
    <div role="log" aria-label={label} aria-live="polite" className="rounded-2xl bg-slate-50 p-3">
      <ol className="flex flex-col gap-1.5 font-mono text-sm">
        {entries.map((entry, index) => (
          // The log only grows: an entry's index is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          <li key={index} className="flex flex-col gap-x-3 sm:flex-row">
            <time dateTime={entry.at.toISOString()} className="shrink-0 text-slate-600">
              {clock(entry.at)}
            </time>
            <span className={cn('min-w-0 break-words', TONES[entry.tone])}>{entry.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
