/**
 * Export HD (step 6, docs/product.md#composer-wizard): the server draws the composition at the template's native size from
 * the clean template, for 1 credit or free with the monthly plan. Signed-out parents sign in first
 * and come back to the same composition; without credits they are offered a pack in a new tab.
 */
import { CREDIT_PRICES } from '@shared/catalog';
import { messages } from '@shared/messages';
import type { ComposerTransform } from '@shared/rules/composer-transform';
import { toast } from 'sonner';
import { ExportFeedback } from '../../../components/keepsake/ExportFeedback';
import { Button } from '../../../components/ui/Button';
import { callApi, errorMessage } from '../../../lib/api-client';
import { usePaidKeepsake } from '../../../lib/checkout/use-paid-keepsake';
import { downloadKeepsake } from '../../../lib/download';

const WORDS = { hd: 'HD export', work: 'composition', button: 'Export HD' };

export function HdExport({
  request,
  native,
}: {
  request: { templateId: string; uploadId: string; transform: ComposerTransform };
  native: { width: number; height: number };
}) {
  const hd = usePaidKeepsake({
    make: (_hd, requestId) => callApi('createComposerHdComposition', { body: { ...request, requestId } }),
    onMade: (view) => {
      downloadKeepsake(view, { downloaded: messages.imageExported });
      if (view.balance !== null) toast(`${view.balance} credits left`);
    },
    onFailed: (error) =>
      toast.error(`${messages.exportFailed}${errorMessage(error, messages.compositionFailed)}`),
  });

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" size="lg" onClick={() => hd.run(true)} disabled={hd.busy}>
        Export HD · {CREDIT_PRICES.hd_export} credit
      </Button>
      <p className="text-sm text-slate-600">
        HD is {native.width}×{native.height} without a watermark: {CREDIT_PRICES.hd_export} credit, free with
        the monthly plan.
      </p>
      <ExportFeedback
        busy={hd.busy}
        busyText="Making your HD keepsake…"
        needsCredits={hd.needsCredits}
        credits={CREDIT_PRICES.hd_export}
        words={WORDS}
      />
    </div>
  );
}
