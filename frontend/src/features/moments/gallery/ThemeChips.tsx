/** The gallery's theme chips (docs/product.md#moments-gallery): all, then each Moments theme; toggle buttons for screen readers. */
import { MOMENT_THEMES, type MomentTheme } from '@shared/templates';
import { cn } from '../../../lib/cn';

export function ThemeChips({
  value,
  onChange,
}: {
  value: MomentTheme | null;
  onChange: (theme: MomentTheme | null) => void;
}) {
  const chips: Array<{ theme: MomentTheme | null; label: string }> = [
    { theme: null, label: 'all' },
    ...MOMENT_THEMES.map((theme) => ({ theme, label: theme })),
  ];
  return (
    <fieldset className="mt-6">
      <legend className="sr-only">Theme</legend>
      <div className="flex flex-wrap gap-2">
        {chips.map(({ theme, label }) => (
          <button
            key={label}
            type="button"
            aria-pressed={value === theme}
            onClick={() => onChange(theme)}
            className={cn(
              'min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold capitalize transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
              value === theme
                ? 'border-violet-700 bg-violet-700 text-white'
                : 'border-violet-200 bg-white text-slate-800 hover:bg-violet-50',
            )}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
