/** The editor's Safe Area Settings panel: X, Y, Width, Height (fractions, step 0.01) and Anchor. */
import { SAFE_AREA_MIN_SIZE } from '@shared/rules/safe-area';
import { SAFE_AREA_ANCHORS } from '@shared/templates';
import { useId } from 'react';
import { Card } from '../../../components/ui/Card';
import { inputClass } from '../../../components/ui/field-styles';
import type { EditorForm, SafeAreaField } from './editor-form';
import { labelClass } from './TemplateInfoPanel';

type Props = {
  form: EditorForm;
  disabled: boolean;
  onChange(patch: Partial<EditorForm>): void;
  onBlur(): void;
};

const FIELDS: { field: SafeAreaField; label: string; min: number }[] = [
  { field: 'x', label: 'X', min: 0 },
  { field: 'y', label: 'Y', min: 0 },
  { field: 'width', label: 'Width', min: SAFE_AREA_MIN_SIZE },
  { field: 'height', label: 'Height', min: SAFE_AREA_MIN_SIZE },
];

export function SafeAreaPanel({ form, disabled, onChange, onBlur }: Props) {
  const id = useId();
  return (
    <Card className="p-4 sm:p-5">
      <fieldset disabled={disabled}>
        <legend className="mb-2 text-lg font-bold text-slate-900">Safe Area Settings</legend>
        <p className="mb-3 text-sm text-slate-600">
          Fractions of the image, 0 to 1. The box stays inside the image and at least {SAFE_AREA_MIN_SIZE}{' '}
          each way.
        </p>
        <div className="grid grid-cols-2 gap-3">
          {FIELDS.map(({ field, label, min }) => (
            <div key={field} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${field}`} className={labelClass}>
                {label}
              </label>
              <input
                id={`${id}-${field}`}
                type="number"
                inputMode="decimal"
                step={0.01}
                min={min}
                max={1}
                value={form[field]}
                onChange={(e) => onChange({ [field]: e.target.value })}
                onBlur={onBlur}
                className={inputClass}
              />
            </div>
          ))}
        </div>
        <label htmlFor={`${id}-anchor`} className={`${labelClass} mt-3 block`}>
          Anchor
        </label>
        <select
          id={`${id}-anchor`}
          value={form.anchor}
          onChange={(e) => onChange({ anchor: e.target.value as EditorForm['anchor'] })}
          className={`${inputClass} mt-1`}
        >
          {SAFE_AREA_ANCHORS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </fieldset>
    </Card>
  );
}
