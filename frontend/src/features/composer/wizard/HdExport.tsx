/**
 * Export HD (step 6, docs/product.md#composer-wizard): the server draws the composition at the template's native size from
 * the clean template, for 1 credit or free with the monthly plan. Signed-out parents sign in first
 * and come back to the same composition; without credits they are offered a pack in a new tab.
 * Each click has its own request id, so a retry of that click is made and paid once.
 */
import type { ProductId } from '@shared/catalog';
import { messages } from '@shared/messages';
import type { ComposerTransform } from '@shared/rules/composer-transform';
import { HD_COMPOSITION_CREDITS } from '@shared/templates';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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

export function HdExport({
  request,
  native,
}: {
  request: { templateId: string; uploadId: string; transform: ComposerTransform };
  native: { width: number; height: number };
}) {
  const [needsCredits, setNeedsCredits] = useState(false);
  const sendToSignIn = useSendToSignIn();
  const startCheckout = useStartCheckout();
  const hd = useMutation({
    mutationFn: () =>
      callApi('createComposerHdComposition', { body: { ...request, requestId: crypto.randomUUID() } }),
    onSuccess: (view) => {
      setNeedsCredits(false);
      downloadKeepsake(view, { downloaded: messages.imageExported });
      if (view.balance !== null) toast(`${view.balance} credits left`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) setNeedsCredits(true);
      else toast.error(`${messages.exportFailed}${errorMessage(error, messages.compositionFailed)}`);
    },
  });
  const run = () => {
    if (getAuthState().status === 'signedOut') {
      toast(messages.signInForHd);
      sendToSignIn({ checkout: true });
      return;
    }
    hd.mutate();
  };

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" size="lg" onClick={run} disabled={hd.isPending}>
        Export HD · {HD_COMPOSITION_CREDITS} credit
      </Button>
      <p className="text-sm text-slate-600">
        HD is {native.width}×{native.height} without a watermark: 1 credit, free with the monthly plan.
      </p>
      {hd.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner className="size-5" label="" /> Making your HD keepsake…
        </p>
      )}
      {needsCredits && (
        <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-slate-800">
          <p className="font-semibold">You need {HD_COMPOSITION_CREDITS} credit for an HD export.</p>
          <p className="mt-1 text-sm">
            Buy a pack in a new tab; your composition stays here. Then press Export HD again.
          </p>
          <Button className="mt-3" onClick={() => startCheckout(CREDIT_PACK)}>
            Buy credits
          </Button>
        </div>
      )}
    </div>
  );
}
