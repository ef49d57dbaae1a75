/**
 * Step 4's controls (docs/product.md#composer-wizard): position, scale, rotation, feather, brightness and contrast on
 * their steps; flip, soft shadow and matching the scene's light; Fit, Fill, Reset and Snap to centre with their toasts; the
 * safe-area warning.
 */
import { messages } from '@shared/messages';
import {
  COMPOSER_RANGES,
  type ComposerTransform,
  onStep,
  type RangedField,
} from '@shared/rules/composer-transform';
import { RangeSlider } from '../../../components/keepsake/RangeSlider';
import { Switch } from '../../../components/keepsake/Switch';
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
        return (
          <RangeSlider
            key={field}
            id={`composer-${field}`}
            label={label}
            shown={format(transform[field])}
            min={min}
            max={max}
            step={step}
            value={transform[field]}
            onChange={(value) => onChange({ ...transform, [field]: onStep(field, value) })}
          />
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
        <Switch
          label="Match the scene's light"
          checked={transform.matchLight}
          onChange={(matchLight) => onChange({ ...transform, matchLight })}
        />
      </div>
    </div>
  );
}
