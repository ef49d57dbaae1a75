/**
 * /admin/pack-manager (docs/product.md#pack-manager): the packs, newest first, with their status and
 * template count; 'New Pack' opens the create form; each pack generates (watched by polling while
 * the run lasts) and is published or unpublished.
 */
import { messages } from '@shared/messages';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { AdminPageHeader } from '../layout/AdminPageHeader';
import { CreatePackDialog } from './CreatePackDialog';
import { PackCard } from './PackCard';
import { usePacks } from './pack-queries';
import { useGenerationToasts } from './use-generation-toasts';

export function PackManagerPage() {
  const packs = usePacks();
  const [creating, setCreating] = useState(false);
  useGenerationToasts(packs.data);
  useEffect(() => {
    if (packs.isError) toast.error(messages.loadPacksFailed);
  }, [packs.isError]);

  return (
    <>
      <div className="mb-6 flex flex-col sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <AdminPageHeader title="Pack manager">
          Themed packs of generated scenes. Generate makes five new templates, listed in Moments at once;
          scheduled packs generate on their own.
        </AdminPageHeader>
        <Dialog open={creating} onOpenChange={setCreating}>
          <Button className="w-full shrink-0 sm:w-auto" onClick={() => setCreating(true)}>
            New Pack
          </Button>
          {creating && <CreatePackDialog onCreated={() => setCreating(false)} />}
        </Dialog>
      </div>
      {packs.isPending && <Spinner className="size-8" label="Loading packs" />}
      {packs.isError && (
        <Card role="alert" className="flex flex-col items-start gap-3 p-5">
          <p className="font-semibold text-slate-900">{messages.loadPacksFailed}</p>
          <Button variant="outline" onClick={() => void packs.refetch()}>
            Try again
          </Button>
        </Card>
      )}
      {packs.data?.packs.length === 0 && (
        <Card className="p-6 text-slate-700">No packs yet. Create the first one with New Pack.</Card>
      )}
      {packs.data && packs.data.packs.length > 0 && (
        <ul aria-label="Packs" className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {packs.data.packs.map((pack) => (
            <li key={pack.packId}>
              <PackCard pack={pack} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
