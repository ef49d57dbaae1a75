/**
 * /admin/production-checklist (docs/product.md#checklists): the go-live items with status badges, read from the
 * deployment's real configuration (log level, emails, payments, AI provider per capability...).
 */
import type { GoLiveItem } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { callApi } from '../../../lib/api-client';
import { AdminPageHeader } from '../layout/AdminPageHeader';

const BADGES: Record<GoLiveItem['status'], { tone: 'emerald' | 'amber' | 'rose'; label: string }> = {
  ok: { tone: 'emerald', label: 'Ready' },
  warn: { tone: 'amber', label: 'Not for production' },
  off: { tone: 'rose', label: 'Not configured' },
  blocker: { tone: 'rose', label: 'Blocks go-live' },
};

export function ProductionChecklistPage() {
  const config = useQuery({ queryKey: ['go-live-config'], queryFn: () => callApi('getGoLiveConfig') });

  return (
    <>
      <AdminPageHeader title="Go-live checklist">
        What this deployment is configured with, read from its environment when the page loads.
      </AdminPageHeader>
      {config.isPending && <Spinner className="size-8" label="Reading the configuration" />}
      {config.isError && (
        <Card role="alert" className="flex flex-col items-start gap-3 p-5">
          <p className="font-semibold text-slate-900">We could not read the configuration.</p>
          <Button variant="outline" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </Card>
      )}
      {config.data && (
        <ul className="flex flex-col gap-3">
          {config.data.items.map((item) => {
            const badge = BADGES[item.status];
            return (
              <li key={item.id}>
                <Card className="flex flex-col gap-2 p-5 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h2 className="font-bold text-slate-900">{item.title}</h2>
                    <p className="break-words text-slate-700">{item.value}</p>
                    {item.hint && <p className="mt-1 text-sm text-slate-600">{item.hint}</p>}
                  </div>
                  <Badge tone={badge.tone} className="shrink-0 self-start">
                    {badge.label}
                  </Badge>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
