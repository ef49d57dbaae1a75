/** The banner of a checkout return: confirming, confirmed, slow or failed (nothing otherwise). */
import { messages } from '@shared/messages';
import { errorMessage } from '../../lib/api-client';
import type { PaymentPhase } from '../../lib/checkout/payment-phase';
import { cn } from '../../lib/cn';
import { Spinner } from '../ui/Spinner';

/** Wording of the payment-return states (product wording, free to improve). */
const copy = {
  confirming: 'Confirming your payment…',
  confirmingNote: 'This usually takes a few seconds. Please keep this page open.',
  confirmed: 'Thank you! Your payment is confirmed.',
  slow: 'Your payment is taking longer than usual to confirm.',
  slowNote: 'It will show up here by itself once it is through; you can also refresh this page in a minute.',
  confirmFailedNote:
    'If you were charged, your purchase will appear here shortly. Refresh this page to check.',
} as const;

type PaymentStatusProps = { phase: PaymentPhase; error?: unknown; className?: string };

export function PaymentStatus({ phase, error, className }: PaymentStatusProps) {
  if (phase === 'none') return null;
  // Width and spacing come from the page (`className`).
  const box = 'flex items-start gap-3 rounded-2xl border px-4 py-3 sm:px-5';
  if (phase === 'confirming') {
    return (
      <div role="status" className={cn(box, 'border-violet-200 bg-violet-50', className)}>
        <Spinner className="mt-0.5 size-6 shrink-0" />
        <div>
          <p className="font-bold text-slate-900">{copy.confirming}</p>
          <p className="text-sm text-slate-700">{copy.confirmingNote}</p>
        </div>
      </div>
    );
  }
  if (phase === 'confirmed') {
    return (
      <div role="status" className={cn(box, 'border-emerald-200 bg-emerald-50', className)}>
        <span className="text-xl leading-6" aria-hidden="true">
          🎉
        </span>
        <p className="font-bold text-emerald-900">{copy.confirmed}</p>
      </div>
    );
  }
  const failed = phase === 'failed';
  return (
    <div role={failed ? 'alert' : 'status'} className={cn(box, 'border-amber-200 bg-amber-50', className)}>
      <span className="text-xl leading-6" aria-hidden="true">
        ⏳
      </span>
      <div>
        <p className="font-bold text-slate-900">
          {failed ? errorMessage(error, messages.paymentConfirmFailed) : copy.slow}
        </p>
        <p className="text-sm text-slate-700">{failed ? copy.confirmFailedNote : copy.slowNote}</p>
      </div>
    </div>
  );
}
