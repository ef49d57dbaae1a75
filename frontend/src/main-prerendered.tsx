/**
 * Entry of the prerendered pages (shared/site-pages.ts). Their HTML paints on its own and works
 * without JavaScript, so the app loads once the visitor starts using the page (app/boot/on-first-use.ts),
 * never before the first paint; a returning parent's app starts at once, for the header to show who
 * is signed in. The page's own module comes with the app, so hydration never waits for a chunk.
 */
import './app/boot/zod-config';
import type { PrerenderedPath } from '@shared/site-pages';
import { afterFirstPaint } from './app/boot/after-first-paint';
import { onFirstUse } from './app/boot/on-first-use';
import type { LoadedPages } from './app/routes';
import { hasStoredSignIn } from './lib/auth/stored-session';
import { registerServiceWorker } from './pwa/register-service-worker';
import { isSharedPhotoPage } from './pwa/share-target';

const PAGE_MODULES: Record<PrerenderedPath, () => Promise<LoadedPages>> = {
  '/': async () => ({}), // the landing page is part of the route table itself
  '/pricing': async () => ({ PricingPage: (await import('./features/pricing/PricingPage')).PricingPage }),
  '/upload': async () => ({ UploadRoute: (await import('./app/routes/UploadRoute')).UploadRoute }),
};

/** Hands the main thread back to the browser (input, paint) between the start-up's steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // /pricing/ is /pricing, as CloudFront and the router see it.
  const page = location.pathname.replace(/(.)\/$/, '$1') as PrerenderedPath;
  const [{ startApp }, { createRoutes }, loaded] = await Promise.all([
    import('./app/start-app'),
    import('./app/routes'),
    (PAGE_MODULES[page] ?? PAGE_MODULES['/'])(),
  ]);
  // The modules ran in this task: start the app in the next one, so neither is long.
  await nextTask();
  startApp(createRoutes(loaded));
}

registerServiceWorker();
// A photo shared to the installed app waits on /upload?shared=1: the app starts at once to take it.
if (hasStoredSignIn() || isSharedPhotoPage(location.search)) afterFirstPaint(() => void start());
else onFirstUse(() => afterFirstPaint(() => void start()));
