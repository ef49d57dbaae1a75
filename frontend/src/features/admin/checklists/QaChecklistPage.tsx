/** /admin/qa-checklist (docs/product.md#checklists): tick items by category; the state stays in this page only. */
import { messages } from '@shared/messages';
import { useId, useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { groupByCategory, QA_ITEMS } from './qa-items';

export function QaChecklistPage() {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const idPrefix = useId();
  const percent = Math.round((checked.size / QA_ITEMS.length) * 100);

  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <AdminPageHeader title="QA checklist">
        Walk through the product before a release. Ticks are kept only while this page is open.
      </AdminPageHeader>
      <Card className="mb-6 flex flex-col gap-3 p-5">
        <p className="font-semibold text-slate-900" aria-live="polite">
          {checked.size} of {QA_ITEMS.length} checks done ({percent}%)
        </p>
        <ProgressBar value={percent} label="QA progress" />
        {percent === 100 && (
          <p role="status" className="rounded-2xl bg-emerald-50 p-3 font-semibold text-emerald-900">
            {messages.allChecksCompleted}
          </p>
        )}
      </Card>
      <div className="grid items-start gap-6 md:grid-cols-2">
        {groupByCategory(QA_ITEMS).map(([category, items]) => (
          <Card key={category} className="p-5">
            <fieldset>
              <legend className="mb-3 text-lg font-bold text-slate-900">{category}</legend>
              <ul className="flex flex-col gap-3">
                {items.map((item) => {
                  const id = `${idPrefix}-${item.id}`;
                  return (
                    <li key={item.id} className="flex gap-3">
                      <input
                        id={id}
                        type="checkbox"
                        checked={checked.has(item.id)}
                        onChange={() => toggle(item.id)}
                        aria-describedby={`${id}-description`}
                        className="mt-1 size-6 shrink-0 accent-violet-700"
                      />
                      <label htmlFor={id} className="flex flex-col">
                        <span className="font-semibold text-slate-900">{item.title}</span>
                        <span id={`${id}-description`} className="text-sm text-slate-700">
                          {item.description}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </Card>
        ))}
      </div>
    </>
  );
}
