/** The editor's Template Info panel: Scene Name, Category, Orientation, Display Order. */
import { ORIENTATION_LABELS, ORIENTATIONS, TEMPLATE_CATEGORIES } from '@shared/templates';
import { useId } from 'react';
import { Card } from '../../../components/ui/Card';
import { inputClass } from '../../../components/ui/field-styles';
import type { EditorForm } from './editor-form';

type Props = {
  form: EditorForm;
  disabled: boolean;
  nameError: string | null;
  onChange(patch: Partial<EditorForm>): void;
  onBlur(): void;
};

export const labelClass = 'text-sm font-semibold text-slate-900';

export function TemplateInfoPanel({ form, disabled, nameError, onChange, onBlur }: Props) {
  const id = useId();
  return (
    <Card className="p-4 sm:p-5">
      <fieldset disabled={disabled} className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-bold text-slate-900">Template Info</legend>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Scene Name
        </label>
        <input
          id={`${id}-name`}
          value={form.sceneName}
          onChange={(e) => onChange({ sceneName: e.target.value })}
          aria-invalid={Boolean(nameError)}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          className={inputClass}
        />
        {nameError && (
          <p id={`${id}-name-error`} role="alert" className="text-sm font-semibold text-rose-700">
            {nameError}
          </p>
        )}
        <label htmlFor={`${id}-category`} className={labelClass}>
          Category
        </label>
        <select
          id={`${id}-category`}
          value={form.category}
          onChange={(e) => onChange({ category: e.target.value as EditorForm['category'] })}
          className={inputClass}
        >
          {TEMPLATE_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        <label htmlFor={`${id}-orientation`} className={labelClass}>
          Orientation
        </label>
        <select
          id={`${id}-orientation`}
          value={form.orientation}
          onChange={(e) => onChange({ orientation: e.target.value as EditorForm['orientation'] })}
          className={inputClass}
        >
          {ORIENTATIONS.map((o) => (
            <option key={o} value={o}>
              {ORIENTATION_LABELS[o]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-order`} className={labelClass}>
          Display Order
        </label>
        <input
          id={`${id}-order`}
          type="number"
          step={1}
          inputMode="numeric"
          value={form.displayOrder}
          onChange={(e) => onChange({ displayOrder: e.target.value })}
          onBlur={onBlur}
          className={inputClass}
        />
      </fieldset>
    </Card>
  );
}
