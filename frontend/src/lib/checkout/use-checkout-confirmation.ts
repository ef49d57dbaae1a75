/**
 * On a checkout return (`?paid=true&session_id=`): confirms the checkout with the server once (and
 * again while Stripe still reports it pending), and reads the page's own query (`queryKey`) again
 * every poll interval until `settled` says its data shows the purchase, or the give-up time — and
 * once more as soon as the confirmation comes back fulfilled, without waiting for the next poll.
 */
import type { ConfirmCheckoutResponse } from '@shared/schemas/payments';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, callApi } from '../api-client';
import {
  CONFIRM_GIVE_UP_MS,
  CONFIRM_POLL_MS,
  type PaymentPhase,
  paymentPhase,
  returnedSessionId,
  shouldAskAgain,
} from './payment-phase';

export type CheckoutConfirmation = { phase: PaymentPhase; error: unknown };

/**
 * Whether the page's data shows the purchase. `confirmedAt` is when the latest confirm reply
 * arrived (ms), to tell data fetched after it from older data.
 */
type Settled = (confirm: ConfirmCheckoutResponse | undefined, confirmedAt: number) => boolean;

// Network failures and server errors are worth one more try; a 4xx answer will not change.
const retryTransient = (count: number, error: unknown) =>
  count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export function useCheckoutConfirmation(queryKey: QueryKey, settled: Settled): CheckoutConfirmation {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = returnedSessionId(params);
  const [gaveUp, setGaveUp] = useState(false);
  // The refetch schedule reads the latest phase without re-creating the query options.
  const phaseRef = useRef<PaymentPhase>('none');
  // The timers below read the latest key: callers build it afresh on every render.
  const pageKey = useRef(queryKey);
  pageKey.current = queryKey;

  const query = useQuery({
    queryKey: ['confirmCheckout', sessionId],
    queryFn: () => callApi('confirmCheckout', { body: { sessionId: sessionId ?? '' } }),
    enabled: sessionId !== null,
    // One confirmation per return; a remount (StrictMode, navigation) reuses the answer.
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryTransient,
    refetchInterval: (q) => (shouldAskAgain(q.state.data, phaseRef.current) ? CONFIRM_POLL_MS : false),
  });

  const phase = paymentPhase({
    sessionId,
    failed: query.isError,
    settled: sessionId !== null && settled(query.data, query.dataUpdatedAt),
    gaveUp,
  });
  phaseRef.current = phase;

  useEffect(() => {
    if (phase !== 'confirming') return;
    const giveUp = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    // A read still on its way is left to finish: cancelling it on every tick could starve the page.
    const poll = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: pageKey.current }, { cancelRefetch: false }),
      CONFIRM_POLL_MS,
    );
    return () => {
      clearTimeout(giveUp);
      clearInterval(poll);
    };
  }, [phase, queryClient]);

  // A fulfilled confirmation: read the page's data again now. A read already under way may predate
  // the fulfilment, so it is started over.
  const fulfilledAt = query.data?.status === 'fulfilled' ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (fulfilledAt) void queryClient.invalidateQueries({ queryKey: pageKey.current });
  }, [fulfilledAt, queryClient]);

  return { phase, error: query.error };
}
