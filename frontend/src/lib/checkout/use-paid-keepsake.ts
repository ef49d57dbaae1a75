/**
 * Making a keepsake on the server, where HD costs a credit (or is free with the monthly plan): a
 * signed-out parent signs in first and comes back to the same work; a 402 means no credits left, which
 * the page then offers to buy. Each click has its own request id, so a retry of that click is made
 * and paid once.
 */
import { messages } from '@shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../api-client';
import { getAuthState } from '../auth/auth-store';
import { useSendToSignIn } from '../auth/use-send-to-sign-in';

type Handlers<V> = {
  make(hd: boolean, requestId: string): Promise<V>;
  onMade(view: V): void;
  /** Any failure but a missing credit. */
  onFailed(error: unknown): void;
};

export function usePaidKeepsake<V>({ make, onMade, onFailed }: Handlers<V>) {
  const [needsCredits, setNeedsCredits] = useState(false);
  const sendToSignIn = useSendToSignIn();
  const mutation = useMutation({
    mutationFn: ({ hd, requestId }: { hd: boolean; requestId: string }) => make(hd, requestId),
    onSuccess: (view) => {
      setNeedsCredits(false);
      onMade(view);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) setNeedsCredits(true);
      else onFailed(error);
    },
  });
  const run = (hd: boolean) => {
    if (hd && getAuthState().status === 'signedOut') {
      toast(messages.signInForHd);
      sendToSignIn({ checkout: true });
      return;
    }
    mutation.mutate({ hd, requestId: crypto.randomUUID() });
  };
  return { run, busy: mutation.isPending, needsCredits };
}
