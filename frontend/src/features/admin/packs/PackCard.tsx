/** One pack of the pack manager: what it is, its status and template count, a running generation, its actions. */
import type { PackView } from '@shared/schemas/admin-packs';
import { useId } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { FREQUENCY_LABELS } from './pack-labels';
import { useGeneratePack, useUpdatePackStatus } from './pack-queries';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function PackCard({ pack }: { pack: PackView }) {
  const titleId = useId();
  const generate = useGeneratePack();
  const update = useUpdatePackStatus();
  const run = pack.generation;
  const isDraft = pack.status === 'draft';

  return (
    <Card className="flex h-full flex-col gap-3 p-5" aria-labelledby={titleId} role="article">
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 break-words text-xl font-bold text-slate-900">
          {pack.name}
        </h2>
        <Badge tone={isDraft ? 'slate' : 'emerald'} className="shrink-0">
          {isDraft ? 'Draft' : 'Active'}
        </Badge>
      </div>
      {pack.description && <p className="break-words text-slate-700">{pack.description}</p>}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <div className="flex gap-1">
          <dt className="sr-only">Category</dt>
          <dd className="font-semibold text-violet-800">{pack.category}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Templates</dt>
          <dd>{plural(pack.templateCount, 'template')}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Generation</dt>
          <dd>
            {pack.scheduledGeneration
              ? `${FREQUENCY_LABELS[pack.generationFrequency]} generation`
              : 'Generated on demand'}
          </dd>
        </div>
      </dl>
      {run && (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <p className="text-sm font-semibold text-slate-800">
            Generating… {run.done}/{run.total} scenes
          </p>
          <ProgressBar value={(run.done / run.total) * 100} label={`Generating ${pack.name}`} />
        </div>
      )}
      {!run && pack.lastError && (
        <p role="status" className="text-sm font-semibold text-rose-700">
          {pack.lastError}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button
          size="sm"
          onClick={() => generate.mutate(pack.packId)}
          disabled={Boolean(run) || generate.isPending}
        >
          {run ? 'Generating…' : 'Generate'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ packId: pack.packId, status: isDraft ? 'active' : 'draft' })}
        >
          {isDraft ? 'Publish' : 'Unpublish'}
        </Button>
      </div>
    </Card>
  );
}
