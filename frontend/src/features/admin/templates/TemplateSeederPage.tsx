/**
 * /admin/template-seeder, "Template Seeder" (docs/product.md#template-seeder): paste a JSON
 * array of templates (or load the sample) and import them all, or none: every problem is listed by
 * item and field, from the browser's own check first and the server's (images) after. When time ran
 * out for some (slow image hosts), the others are imported and those are put back in the box.
 */
import { messages } from '@shared/messages';
import { type NotImportedItem, validateImport } from '@shared/schemas/admin-templates';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Card } from '../../../components/ui/Card';
import { ApiError, type ErrorIssue } from '../../../lib/api-client';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { ImportFormatHelp } from './ImportFormatHelp';
import { sampleTemplates } from './seeder-sample';
import { useImportTemplates } from './template-queries';

const withCount = (text: string, count: number) => text.replace('{count}', String(count));
type Problem = { message: string; issues?: readonly ErrorIssue[] };

export function TemplateSeederPage() {
  const textId = useId();
  const problemId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [leftOut, setLeftOut] = useState<readonly NotImportedItem[]>([]);
  const run = useImportTemplates();

  const refuse = (next: Problem) => {
    setProblem(next);
    toast.error(next.issues ? messages.importFailed : next.message);
  };

  const submit = () => {
    setImported(null);
    setLeftOut([]);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse({ message: messages.invalidImportJson });
    }
    const checked = validateImport(parsed);
    if (!checked.ok) {
      if (checked.reason === 'invalid_items')
        return refuse({ message: messages.importInvalidItems, issues: checked.issues });
      const key = {
        not_an_array: 'invalidImportJson',
        empty: 'importEmpty',
        too_many: 'importTooMany',
      } as const;
      return refuse({ message: messages[key[checked.reason]] });
    }
    setProblem(null);
    run.mutate(parsed as unknown[], {
      onSuccess: (result) => {
        setImported(result.imported);
        toast.success(withCount(messages.importedTemplates, result.imported));
        if (result.notImported.length) {
          // What was left out goes back in the box, ready to be sent again.
          const items = parsed as unknown[];
          setText(
            JSON.stringify(
              result.notImported.map((n) => items[n.index]),
              null,
              2,
            ),
          );
          setLeftOut(result.notImported);
          toast.warning(withCount(messages.importTimedOut, result.notImported.length));
        }
      },
      onError: (error) => {
        const server = error instanceof ApiError ? error : null;
        setProblem({ message: server?.serverMessage ?? messages.importFailed, issues: server?.issues });
        toast.error(messages.importFailed);
      },
    });
  };

  return (
    <>
      <AdminPageHeader title="Template Seeder">
        Import templates in bulk from JSON. Every template is checked first: if any is invalid, nothing is
        imported.
      </AdminPageHeader>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="flex flex-col gap-3 p-4 sm:p-5">
          <label htmlFor={textId} className="text-sm font-semibold text-slate-900">
            Templates JSON
          </label>
          <textarea
            id={textId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={16}
            spellCheck={false}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? problemId : undefined}
            placeholder='[{ "name": "…", "category": "Birthdays", … }]'
            className="min-h-64 w-full rounded-2xl border-2 border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus:border-violet-600 focus:outline-none focus:ring-4 focus:ring-violet-200 aria-[invalid=true]:border-rose-600"
          />
          {problem && (
            <div id={problemId} role="alert" className="rounded-2xl bg-rose-50 p-3 text-sm text-rose-900">
              <p className="font-semibold">{problem.message}</p>
              {problem.issues && (
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {problem.issues.map((issue) => (
                    <li key={`${issue.index}-${issue.field}-${issue.message}`}>
                      Template {issue.index + 1} (item {issue.index}), <code>{issue.field}</code>:{' '}
                      {issue.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {imported !== null && (
            <p role="status" className="rounded-2xl bg-emerald-50 p-3 font-semibold text-emerald-900">
              {withCount(messages.importResult, imported)}
            </p>
          )}
          {leftOut.length > 0 && (
            <div role="status" className="rounded-2xl bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">{withCount(messages.importTimedOut, leftOut.length)}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {leftOut.map((item) => (
                  <li key={item.index}>
                    Template {item.index + 1} (item {item.index}): {item.name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setText(JSON.stringify(sampleTemplates(), null, 2));
                setProblem(null);
              }}
            >
              Load Sample
            </Button>
            <Button onClick={submit} disabled={!text.trim() || run.isPending}>
              {run.isPending ? 'Importing…' : 'Import Templates'}
            </Button>
          </div>
        </Card>
        <div className="flex flex-col gap-4">
          <ImportFormatHelp />
          <ButtonLink to="/admin/template-editor" variant="outline">
            Back to Template Editor
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
