/** The gallery's theme chips (docs/product.md#moments-gallery): all, then each Moments theme; toggle buttons for screen readers. */
import { MOMENT_THEMES, type MomentTheme } from '@shared/templates';
import { ToggleChip } from '../../../components/ui/ToggleChip';

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
          <ToggleChip
            key={label}
            pressed={value === theme}
            onClick={() => onChange(theme)}
            className="shrink-0 capitalize transition-colors"
          >
            {label}
          </ToggleChip>
        ))}
      </div>
    </fieldset>
  );
}
