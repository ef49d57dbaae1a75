/** The 'New Pack' form (docs/product.md#pack-manager): name, description, category, generation frequency and schedule. */
import { messages } from '@shared/messages';
import {
  PACK_DESCRIPTION_MAX,
  PACK_FREQUENCIES,
  PACK_NAME_MAX,
  type PackFrequency,
} from '@shared/schemas/admin-packs';
import { TEMPLATE_CATEGORIES, type TemplateCategory } from '@shared/templates';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { DialogClose, DialogContent } from '../../../components/ui/Dialog';
import { inputClass } from '../../../components/ui/field-styles';
import { FREQUENCY_LABELS } from './pack-labels';
import { useCreatePack } from './pack-queries';

const labelClass = 'flex flex-col gap-1.5 font-semibold text-slate-900';
/** Fields inside a bold label keep normal weight, so a placeholder never reads as a value. */
const fieldClass = `${inputClass} font-normal`;

export function CreatePackDialog({ onCreated }: { onCreated: () => void }) {
  const errorId = useId();
  const hintId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TemplateCategory | ''>('');
  const [frequency, setFrequency] = useState<PackFrequency>('weekly');
  const [scheduled, setScheduled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePack(onCreated);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !category) {
      setError(messages.packNameCategoryRequired);
      return;
    }
    setError(null);
    create.mutate({
      name: name.trim(),
      description: description.trim(),
      category,
      generationFrequency: frequency,
      scheduledGeneration: scheduled,
    });
  };
  const invalid = (missing: boolean) => ({
    'aria-invalid': Boolean(error) && missing,
    'aria-describedby': error ? errorId : undefined,
  });

  return (
    <DialogContent title="New Pack" description="A pack groups generated scenes of one theme.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <label className={labelClass}>
          Name
          <input
            value={name}
            maxLength={PACK_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            className={fieldClass}
            placeholder="Dragon Tales"
            {...invalid(!name.trim())}
          />
        </label>
        <label className={labelClass}>
          Description
          <textarea
            value={description}
            maxLength={PACK_DESCRIPTION_MAX}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
            className={`${fieldClass} py-3`}
            placeholder="Castles, dragons and enchanted forests"
          />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className={labelClass}>
            Category
            <select
              value={category}
              onChange={(event) => setCategory(event.target.value as TemplateCategory | '')}
              className={fieldClass}
              {...invalid(!category)}
            >
              <option value="">Choose a category</option>
              {TEMPLATE_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            Generation frequency
            <select
              value={frequency}
              onChange={(event) => setFrequency(event.target.value as PackFrequency)}
              className={fieldClass}
            >
              {PACK_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex min-h-11 items-start gap-3 font-semibold text-slate-900">
          <input
            type="checkbox"
            checked={scheduled}
            onChange={(event) => setScheduled(event.target.checked)}
            aria-describedby={hintId}
            className="mt-0.5 size-5 shrink-0 accent-violet-700"
          />
          <span className="flex flex-col">
            Scheduled generation
            <span id={hintId} className="text-sm font-normal text-slate-600">
              Makes five new scenes at this frequency, on its own.
            </span>
          </span>
        </label>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-semibold text-rose-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Pack'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
