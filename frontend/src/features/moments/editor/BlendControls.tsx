/**
 * How the child is blended into the scene (docs/product.md#moments-editor): brightness, contrast,
 * shadow strength and offset, feather, and matching the scene's light. A slider drag previews as
 * it moves and is one undo step when it is let go; the switch is one step.
 */
import { MOMENTS_BLEND_RANGES, type MomentsBlend } from '@shared/rules/placement';
import { RangeSlider } from '../../../components/keepsake/RangeSlider';
import { Switch } from '../../../components/keepsake/Switch';

type Field = keyof typeof MOMENTS_BLEND_RANGES;

const percent = (value: number) => `${Math.round(value * 100)}%`;
const SLIDERS: Array<{ field: Field; label: string; shown(value: number): string }> = [
  { field: 'brightness', label: 'Brightness', shown: percent },
  { field: 'contrast', label: 'Contrast', shown: percent },
  { field: 'shadowStrength', label: 'Shadow strength', shown: percent },
  { field: 'shadowOffset', label: 'Shadow offset', shown: percent },
  { field: 'feather', label: 'Feather', shown: (value) => `${value} px` },
];

/** A slider's value on its step (0.30000000000000004 is 0.3, as the server checks it). */
const onStep = (field: Field, value: number) => {
  const { min, step } = MOMENTS_BLEND_RANGES[field];
  return Number((min + Math.round((value - min) / step) * step).toFixed(2));
};

export function BlendControls({
  blend,
  onPreview,
  onCommit,
  onApply,
}: {
  blend: MomentsBlend;
  onPreview(next: MomentsBlend): void;
  onCommit(): void;
  onApply(next: MomentsBlend): void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-bold text-slate-900">Blend into the scene</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SLIDERS.map(({ field, label, shown }) => {
          const { min, max, step } = MOMENTS_BLEND_RANGES[field];
          return (
            <RangeSlider
              key={field}
              id={`blend-${field}`}
              label={label}
              shown={shown(blend[field])}
              min={min}
              max={max}
              step={step}
              value={blend[field]}
              onChange={(value) => onPreview({ ...blend, [field]: onStep(field, value) })}
              onCommit={onCommit}
            />
          );
        })}
      </div>
      <Switch
        label="Match the scene's light"
        checked={blend.matchLight}
        onChange={(matchLight) => onApply({ ...blend, matchLight })}
      />
    </fieldset>
  );
}
