import { type ReactNode, StrictMode, useEffect } from 'react';
import { AppProviders } from './providers';

type AppProps = {
  router: ReactNode;
  /** Called once the app is live on the page: rendered, or done hydrating a prerendered page. */
  onReady?: () => void;
};

/**
 * The app around its router: the same tree in the browser (start-app.tsx, RouterProvider) and in
 * the build's prerender (entry-server.tsx, StaticRouterProvider), so hydration finds what it expects.
 */
export function App({ router, onReady }: AppProps) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <StrictMode>
      <AppProviders>{router}</AppProviders>
    </StrictMode>
  );
}
