/**
 * /admin/template-editor, "Template Safe Area Editor" (docs/product.md#template-editor):
 * pick a template, see its safe area on the preview, change it by dragging a corner or typing, and
 * save. Saving approves the template, so it appears in the composer gallery.
 */

import { messages } from '@shared/messages';
import type { SafeAreaCorner } from '@shared/rules/safe-area';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { inputClass } from '../../../components/ui/field-styles';
import { PageLoading, PageMessage } from '../../../components/ui/PageState';
import { errorMessage } from '../../../lib/api-client';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import {
  type EditorForm,
  formOf,
  normalised,
  safeAreaOf,
  saveRequestOf,
  withCornerAt,
  withCornerNudged,
} from './editor-form';
import { SafeAreaPanel } from './SafeAreaPanel';
import { SafeAreaPreview } from './SafeAreaPreview';
import { labelClass, TemplateInfoPanel } from './TemplateInfoPanel';
import { useAdminTemplates, useSaveTemplate } from './template-queries';

export function TemplateEditorPage() {
  const pickerId = useId();
  const list = useAdminTemplates();
  const save = useSaveTemplate();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('templateId') ?? '';
  const template = list.data?.templates.find((t) => t.templateId === selectedId) ?? null;
  // The form belongs to one template: a new choice loads its values, a refetch keeps the edits.
  const [edit, setEdit] = useState<{ id: string; form: EditorForm } | null>(null);
  const form = template ? (edit?.id === template.templateId ? edit.form : formOf(template)) : null;
  const [nameError, setNameError] = useState<string | null>(null);

  const change = (patch: Partial<EditorForm>) => {
    if (!template || !form) return;
    setEdit({ id: template.templateId, form: { ...form, ...patch } });
  };
  const dragCorner = (corner: SafeAreaCorner, pointer: { x: number; y: number }) => {
    if (!template) return;
    setEdit((current) => {
      const base = current?.id === template.templateId ? current.form : formOf(template);
      return { id: template.templateId, form: withCornerAt(base, corner, pointer) };
    });
  };
  const nudgeCorner = (corner: SafeAreaCorner, dx: number, dy: number) =>
    form && template && setEdit({ id: template.templateId, form: withCornerNudged(form, corner, dx, dy) });
  const tidy = () => form && template && setEdit({ id: template.templateId, form: normalised(form) });

  const submit = () => {
    if (!template || !form) {
      toast.error(messages.selectTemplate);
      return;
    }
    if (!form.sceneName.trim()) {
      setNameError(messages.draftNameRequired);
      return;
    }
    setNameError(null);
    const body = saveRequestOf(form, template);
    setEdit({ id: template.templateId, form: normalised(form) });
    save.mutate(
      { templateId: template.templateId, body },
      {
        onSuccess: () => toast.success(messages.templateUpdated),
        onError: (error) => toast.error(`${messages.saveFailed}${errorMessage(error, 'please try again')}`),
      },
    );
  };

  return (
    <>
      <AdminPageHeader title="Template Safe Area Editor">
        Choose a template, then drag a corner of the green box or type its values. Saving approves the
        template: it then appears in the composer gallery.
      </AdminPageHeader>
      {list.isPending ? (
        <PageLoading label="Loading templates…" />
      ) : list.isError ? (
        <PageMessage emoji="⚠️" title="Could not load the templates" role="alert">
          <Button onClick={() => list.refetch()}>Try again</Button>
        </PageMessage>
      ) : (
        // Phones: picker, preview, panels. Wide screens: the preview on the left, the rest beside it.
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,800px)_minmax(0,1fr)]">
          <Card className="flex flex-col gap-2 p-4 sm:p-5 lg:col-start-2 lg:row-start-1">
            <label htmlFor={pickerId} className={labelClass}>
              Template
            </label>
            <select
              id={pickerId}
              value={selectedId}
              onChange={(e) => {
                setNameError(null);
                setParams(e.target.value ? { templateId: e.target.value } : {}, { replace: true });
              }}
              className={inputClass}
            >
              <option value="">Select a template…</option>
              {list.data.templates.map((t) => (
                <option key={t.templateId} value={t.templateId}>
                  {`${t.sceneName} (${t.category})`}
                </option>
              ))}
            </select>
            {template && (
              <p className="text-sm text-slate-600">
                Status: <strong>{template.status}</strong> · {template.nativeWidth}×{template.nativeHeight}px
              </p>
            )}
          </Card>
          <Card className="p-2 sm:p-3 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            {template && form ? (
              <SafeAreaPreview
                imageUrl={template.imageUrl}
                nativeWidth={template.nativeWidth}
                nativeHeight={template.nativeHeight}
                safeArea={safeAreaOf(form)}
                onDragCorner={dragCorner}
                onNudgeCorner={nudgeCorner}
              />
            ) : (
              <p className="flex aspect-square items-center justify-center rounded-2xl bg-slate-100 p-6 text-center text-slate-600">
                {messages.selectTemplate}
              </p>
            )}
          </Card>
          <div className="flex flex-col gap-4 lg:col-start-2">
            <TemplateInfoPanel
              form={form ?? EMPTY_FORM}
              disabled={!form}
              nameError={nameError}
              onChange={change}
              onBlur={tidy}
            />
            <SafeAreaPanel form={form ?? EMPTY_FORM} disabled={!form} onChange={change} onBlur={tidy} />
            <Button size="lg" onClick={submit} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Template'}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

/** What the disabled panels show before a template is chosen (the new-template defaults, docs/product.md#template-editor). */
const EMPTY_FORM: EditorForm = {
  sceneName: '',
  category: 'Birthdays',
  orientation: '1:1',
  displayOrder: '0',
  x: '0.25',
  y: '0.25',
  width: '0.5',
  height: '0.5',
  anchor: 'center',
};
