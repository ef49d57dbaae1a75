/**
 * On a checkout return (`?paid=true&session_id=`): confirms the checkout with the server once (and
 * again while Stripe still reports it pending), and tells the page how long to keep refetching its
 * own data: until `settled` says that data shows the purchase, or the give-up time.
 */
import type { ConfirmCheckoutResponse } from '@shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
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

export type CheckoutConfirmation = {
  phase: PaymentPhase;
  confirm: ConfirmCheckoutResponse | undefined;
  /** When the latest confirm reply arrived (ms), to tell data fetched after it from older data. */
  confirmedAt: number;
  error: unknown;
};

type Settled = (confirm: ConfirmCheckoutResponse | undefined, confirmedAt: number) => boolean;

// Network failures and server errors are worth one more try; a 4xx answer will not change.
const retryTransient = (count: number, error: unknown) =>
  count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

export function useCheckoutConfirmation(settled: Settled): CheckoutConfirmation {
  const [params] = useSearchParams();
  const sessionId = returnedSessionId(params);
  const [gaveUp, setGaveUp] = useState(false);
  // The refetch schedule reads the latest phase without re-creating the query options.
  const phaseRef = useRef<PaymentPhase>('none');

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
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return { phase, confirm: query.data, confirmedAt: query.dataUpdatedAt, error: query.error };
}
