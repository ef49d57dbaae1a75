/**
 * The account panel of My photos: HD credits (they never expire), the monthly plan with its cancel
 * button, and a link to buy more. Back from a checkout (`?paid=true&session_id=`), it confirms the
 * payment and refetches until the balance or the plan shows it.
 */
import { messages } from '@shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { PaymentStatus } from '../../../components/payment/PaymentStatus';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { callApi, errorMessage } from '../../../lib/api-client';
import { useCheckoutConfirmation } from '../../../lib/checkout/use-checkout-confirmation';
import { cancelDescription, creditsShowPurchase, creditsText, planState } from '../account-panel-rules';

/** Button and dialog labels of the panel. */
const labels = {
  buyMore: 'Buy more credits',
  cancel: 'Cancel subscription',
  cancelTitle: 'Cancel your subscription?',
  cancelKeep: 'Keep my subscription',
  cancelPending: 'Cancelling...',
} as const;

export function AccountPanel({ userSub }: { userSub: string }) {
  const queryClient = useQueryClient();
  // Keyed by user: a cached balance never shows to the next parent on a shared device.
  const queryKey = ['credits', userSub];
  const credits = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi('getCredits', { signal }),
    // Plans are bought in another tab: coming back here shows them.
    refetchOnWindowFocus: true,
  });
  const payment = useCheckoutConfirmation(queryKey, (confirm, confirmedAt) =>
    creditsShowPurchase(
      confirm?.productId,
      confirm?.status === 'fulfilled',
      credits.data,
      credits.dataUpdatedAt,
      confirmedAt,
    ),
  );

  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useMutation({
    mutationFn: () => callApi('cancelSubscription'),
    onSuccess: () => {
      setConfirmCancel(false);
      toast.success(messages.subscriptionCancelled);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error(errorMessage(error, messages.subscriptionCancelFailed)),
  });

  const plan = credits.data ? planState(credits.data.subscription) : null;
  return (
    <section aria-labelledby="account-heading" className="mt-6">
      <PaymentStatus phase={payment.phase} error={payment.error} className="mb-4" />
      <h2 id="account-heading" className="sr-only">
        Your HD credits
      </h2>
      <div className="flex flex-col gap-4 rounded-3xl border border-violet-100 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        {credits.isPending ? (
          <Spinner className="size-6" label="Loading your credits" />
        ) : credits.isError ? (
          <p role="alert" className="text-slate-700">
            {errorMessage(credits.error, messages.creditsLoadFailed)}
          </p>
        ) : (
          <div className="flex flex-col gap-1">
            <p className="text-lg font-bold text-slate-900">{creditsText(credits.data.balance)}</p>
            <p className="text-sm text-slate-600">{messages.creditsNeverExpire}</p>
            <p className="max-w-prose text-sm text-slate-600">{messages.creditsUse}</p>
            {plan && (
              <div className="mt-1 flex flex-wrap items-center gap-x-4">
                <p className="font-semibold text-violet-900">{plan.text}</p>
                {plan.canCancel && (
                  <button
                    type="button"
                    className="min-h-11 rounded font-semibold text-rose-800 underline underline-offset-4 hover:text-rose-950 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-300"
                    onClick={() => setConfirmCancel(true)}
                  >
                    {labels.cancel}
                  </button>
                )}
              </div>
            )}
          </div>
        )}
        <ButtonLink to="/pricing" variant="outline" size="sm" className="self-start sm:self-auto">
          {labels.buyMore}
        </ButtonLink>
      </div>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={labels.cancelTitle}
        description={plan ? cancelDescription(plan.ends) : ''}
        cancelLabel={labels.cancelKeep}
        confirmLabel={labels.cancel}
        pendingLabel={labels.cancelPending}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </section>
  );
}
