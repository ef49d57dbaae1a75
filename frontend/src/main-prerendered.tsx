/**
 * Entry of the prerendered pages (shared/site-pages.ts). Their HTML paints on its own, so the app
 * loads after that first paint; it comes with the page's own module, so hydration never waits for a
 * chunk and every tap works as soon as the app is in.
 */
import './app/boot/zod-config';
import type { PrerenderedPath } from '@shared/site-pages';
import { afterFirstPaint } from './app/boot/after-first-paint';
import type { LoadedPages } from './app/routes';

const PAGE_MODULES: Record<PrerenderedPath, () => Promise<LoadedPages>> = {
  '/': async () => ({}), // the landing page is part of the route table itself
  '/pricing': async () => ({ PricingPage: (await import('./features/pricing/PricingPage')).PricingPage }),
  '/upload': async () => ({ UploadRoute: (await import('./app/routes/UploadRoute')).UploadRoute }),
};

afterFirstPaint(async () => {
  // /pricing/ is /pricing, as CloudFront and the router see it.
  const page = location.pathname.replace(/(.)\/$/, '$1') as PrerenderedPath;
  const [{ startApp }, { createRoutes }, loaded] = await Promise.all([
    import('./app/start-app'),
    import('./app/routes'),
    (PAGE_MODULES[page] ?? PAGE_MODULES['/'])(),
  ]);
  // The modules ran in this task: start the app in the next one, so neither is long.
  setTimeout(() => startApp(createRoutes(loaded)), 0);
});
