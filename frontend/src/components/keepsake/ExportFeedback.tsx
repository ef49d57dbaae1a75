/** Under an editor's export buttons: the keepsake being made, or the offer of credits HD needs. */
import type { ProductId } from '@shared/catalog';
import { useStartCheckout } from '../../lib/checkout/use-start-checkout';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

/** The pack offered when HD needs credits: the most popular pack. */
const CREDIT_PACK: ProductId = 'credits_10';

type Props = {
  busy: boolean;
  busyText: string;
  needsCredits: boolean;
  /** What HD costs. */
  credits: number;
  /** The editor's words: what HD makes ("HD export"), what stays ("composition"), the button ("Export HD"). */
  words: { hd: string; work: string; button: string };
};

export function ExportFeedback({ busy, busyText, needsCredits, credits, words }: Props) {
  const startCheckout = useStartCheckout();
  return (
    <>
      {busy && (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner className="size-5" label="" /> {busyText}
        </p>
      )}
      {needsCredits && (
        <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-slate-800">
          <p className="font-semibold">
            You need {credits} credit for an {words.hd}.
          </p>
          <p className="mt-1 text-sm">
            Buy a pack in a new tab; your {words.work} stays here. Then press {words.button} again.
          </p>
          <Button className="mt-3" onClick={() => startCheckout(CREDIT_PACK)}>
            Buy credits
          </Button>
        </div>
      )}
    </>
  );
}
