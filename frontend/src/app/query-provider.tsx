/**
 * Server-state provider for the pages that talk to the API. It lives in their lazy chunks, not in
 * the entry, so the landing page does not pay for TanStack Query; the client is one singleton, so
 * the cache carries over from page to page (the upload seeds what the progress page shows).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const queryClient = new QueryClient({
  defaultOptions: {
    // Pages poll on their own schedule; a tab switch should not add requests.
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
