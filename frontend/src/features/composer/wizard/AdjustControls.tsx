/**
 * Step 4's controls (docs/product.md#composer-wizard): position, scale, rotation, feather, brightness and contrast on
 * their steps; flip and soft shadow; Fit, Fill, Reset and Snap to centre with their toasts; the
 * safe-area warning.
 */
import { messages } from '@shared/messages';
import {
  COMPOSER_RANGES,
  type ComposerTransform,
  onStep,
  type RangedField,
} from '@shared/rules/composer-transform';
import { Button } from '../../../components/ui/Button';

type Props = {
  transform: ComposerTransform;
  outside: boolean;
  onChange(next: ComposerTransform): void;
  onFit(): void;
  onFill(): void;
  onReset(): void;
  onSnap(): void;
};

const SLIDERS: Array<{ field: RangedField; label: string; format(value: number): string }> = [
  { field: 'x', label: 'Position X', format: (v) => v.toFixed(2) },
  { field: 'y', label: 'Position Y', format: (v) => v.toFixed(2) },
  { field: 'scale', label: 'Scale', format: (v) => `${v.toFixed(1)}×` },
  { field: 'rotation', label: 'Rotation', format: (v) => `${v}°` },
  { field: 'feather', label: 'Feather edge', format: (v) => `${v} px` },
  { field: 'brightness', label: 'Brightness', format: (v) => v.toFixed(1) },
  { field: 'contrast', label: 'Contrast', format: (v) => v.toFixed(1) },
];

export function AdjustControls({ transform, outside, onChange, onFit, onFill, onReset, onSnap }: Props) {
  return (
    <div className="flex flex-col gap-4">
      {outside && (
        <p
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-2 font-semibold text-amber-950"
        >
          <span aria-hidden="true">⚠️ </span>
          {messages.subjectOutsideSafeArea}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" size="sm" onClick={onFit}>
          Fit
        </Button>
        <Button variant="secondary" size="sm" onClick={onFill}>
          Fill
        </Button>
        <Button variant="secondary" size="sm" onClick={onSnap}>
          Snap to center
        </Button>
        <Button variant="ghost" size="sm" onClick={onReset}>
          Reset
        </Button>
      </div>
      {SLIDERS.map(({ field, label, format }) => {
        const { min, max, step } = COMPOSER_RANGES[field];
        const id = `composer-${field}`;
        return (
          <div key={field} className="flex flex-col gap-1">
            <div className="flex items-center justify-between text-sm">
              <label htmlFor={id} className="font-semibold text-slate-800">
                {label}
              </label>
              <output htmlFor={id} className="tabular-nums text-slate-600">
                {format(transform[field])}
              </output>
            </div>
            <input
              id={id}
              type="range"
              min={min}
              max={max}
              step={step}
              value={transform[field]}
              onChange={(e) => onChange({ ...transform, [field]: onStep(field, Number(e.target.value)) })}
              className="h-8 w-full accent-violet-700"
            />
          </div>
        );
      })}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Switch
          label="Flip horizontal"
          checked={transform.flip}
          onChange={(flip) => onChange({ ...transform, flip })}
        />
        <Switch
          label="Soft shadow"
          checked={transform.shadow}
          onChange={(shadow) => onChange({ ...transform, shadow })}
        />
      </div>
    </div>
  );
}

function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-800">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-violet-700"
      />
      {label}
    </label>
  );
}
