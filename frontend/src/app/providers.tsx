import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';

// Sonner's rich colours are a shade too light for WCAG AA text contrast: darker text, same tints.
const TOAST_COLORS = {
  '--success-bg': '#ecfdf5',
  '--success-border': '#a7f3d0',
  '--success-text': '#065f46',
  '--error-bg': '#fff1f2',
  '--error-border': '#fecdd3',
  '--error-text': '#9f1239',
} as CSSProperties;

/** App-wide providers. Server state (TanStack Query) is provided per data page: see query-provider.tsx. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        style={TOAST_COLORS}
        toastOptions={{ duration: 5000 }}
        containerAriaLabel="Notifications"
      />
    </>
  );
}
