/**
 * Generate (free, watermarked, 800×800) and Generate HD (2000×2000, 1 credit or the monthly plan),
 * both made by the server from what the canvas shows; the result with its download button. Each
 * click gets its own request id, so a retry of that click is made (and paid) once.
 */
import { CREDIT_PRICES } from '@shared/catalog';
import { messages } from '@shared/messages';
import type { CompositionView, CreateCompositionRequest } from '@shared/schemas/moments';
import { memo, useState } from 'react';
import { toast } from 'sonner';
import { ExportFeedback } from '../../../components/keepsake/ExportFeedback';
import { Button } from '../../../components/ui/Button';
import { callApi, serverReason } from '../../../lib/api-client';
import { usePaidKeepsake } from '../../../lib/checkout/use-paid-keepsake';
import { downloadKeepsake } from '../../../lib/download';

type Request = Omit<CreateCompositionRequest, 'requestId'>;

const WORDS = { hd: 'HD keepsake', work: 'design', button: 'Generate HD' };

export const GeneratePanel = memo(function GeneratePanel({ request }: { request: Request | null }) {
  const [result, setResult] = useState<CompositionView | null>(null);
  const generate = usePaidKeepsake({
    make: (hd, requestId) => {
      if (!request) throw new Error(messages.extractFirst);
      return callApi(hd ? 'createHdComposition' : 'createComposition', { body: { ...request, requestId } });
    },
    onMade: (view) => {
      setResult(view);
      toast.success(messages.compositionCreated);
    },
    onFailed: (error) => toast.error(messages.compositionFailed, { description: serverReason(error) }),
  });

  const run = (hd: boolean) => {
    if (!request) {
      toast.error(messages.extractFirst);
      return;
    }
    generate.run(hd);
  };

  const busy = generate.busy;
  return (
    <section aria-labelledby="generate-heading" className="flex flex-col gap-3">
      <h2 id="generate-heading" className="text-lg font-bold text-slate-900">
        Make your keepsake
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => run(false)} disabled={busy} variant="secondary">
          Generate (free)
        </Button>
        <Button onClick={() => run(true)} disabled={busy}>
          Generate HD · {CREDIT_PRICES.hd_keepsake} credit
        </Button>
      </div>
      <p className="text-sm text-slate-600">{messages.hdKeepsakeCost}</p>
      <ExportFeedback
        busy={busy}
        busyText="Making your keepsake…"
        needsCredits={generate.needsCredits}
        credits={CREDIT_PRICES.hd_keepsake}
        words={WORDS}
      />
      {result && (
        <figure className="flex flex-col gap-3 rounded-2xl border border-violet-100 bg-white p-3">
          <img
            src={result.url}
            alt={`Your ${result.quality === 'hd' ? 'HD ' : ''}keepsake`}
            width={result.width}
            height={result.height}
            className="h-auto w-full rounded-xl"
          />
          <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
            {result.quality === 'hd'
              ? `HD ${result.width}×${result.height}${result.balance !== null ? ` · ${result.balance} credits left` : ''}`
              : `Free preview ${result.width}×${result.height}, watermarked`}
            <Button size="sm" variant="outline" onClick={() => downloadKeepsake(result)}>
              Download
            </Button>
          </figcaption>
        </figure>
      )}
    </section>
  );
});
