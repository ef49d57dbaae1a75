/**
 * Generate (free, watermarked, 800×800) and Generate HD (2000×2000, 1 credit or the monthly plan),
 * both made by the server from what the canvas shows; the result with its download button. Each
 * click gets its own request id, so a retry of that click is made (and paid) once.
 */
import type { ProductId } from '@shared/catalog';
import { messages } from '@shared/messages';
import type { CompositionView, CreateCompositionRequest } from '@shared/schemas/moments';
import { HD_COMPOSITION_CREDITS } from '@shared/templates';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError, callApi, errorMessage } from '../../../lib/api-client';
import { getAuthState } from '../../../lib/auth/auth-store';
import { useSendToSignIn } from '../../../lib/auth/use-send-to-sign-in';
import { useStartCheckout } from '../../../lib/checkout/use-start-checkout';
import { downloadKeepsake } from '../../../lib/download';

/** The pack offered when HD needs credits: the most popular pack. */
const CREDIT_PACK: ProductId = 'credits_10';

type Request = Omit<CreateCompositionRequest, 'requestId'>;

export const GeneratePanel = memo(function GeneratePanel({ request }: { request: Request | null }) {
  const [result, setResult] = useState<CompositionView | null>(null);
  const [needsCredits, setNeedsCredits] = useState(false);
  const sendToSignIn = useSendToSignIn();
  const startCheckout = useStartCheckout();

  const generate = useMutation({
    mutationFn: ({ hd, body }: { hd: boolean; body: CreateCompositionRequest }) =>
      callApi(hd ? 'createHdComposition' : 'createComposition', { body }),
    onSuccess: (view) => {
      setResult(view);
      setNeedsCredits(false);
      toast.success(messages.compositionCreated);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) {
        setNeedsCredits(true);
        return;
      }
      toast.error(errorMessage(error, messages.compositionFailed));
    },
  });

  const run = (hd: boolean) => {
    if (!request) {
      toast.error(messages.extractFirst);
      return;
    }
    if (hd && getAuthState().status === 'signedOut') {
      toast(messages.signInForHd);
      sendToSignIn({ checkout: true });
      return;
    }
    generate.mutate({ hd, body: { ...request, requestId: crypto.randomUUID() } });
  };

  const busy = generate.isPending;
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
          Generate HD · {HD_COMPOSITION_CREDITS} credit
        </Button>
      </div>
      <p className="text-sm text-slate-600">{messages.hdKeepsakeCost}</p>
      {busy && (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner className="size-5" label="" /> Making your keepsake…
        </p>
      )}
      {needsCredits && (
        <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-slate-800">
          <p className="font-semibold">You need {HD_COMPOSITION_CREDITS} credit for an HD keepsake.</p>
          <p className="mt-1 text-sm">
            Buy a pack in a new tab; your design stays here. Then press Generate HD again.
          </p>
          <Button className="mt-3" onClick={() => startCheckout(CREDIT_PACK)}>
            Buy credits
          </Button>
        </div>
      )}
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
