/**
 * The build's server-side entry (vite.config.ts, environment `ssr`): renders one page of the app to
 * HTML for scripts/build/prerender.ts, with every lazy page loaded before the markup is taken. It
 * names the pages too: the build resolves the app's import aliases, the build script's loader does not.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { createRoutes } from './app/routes';

export { APP_SHELL_FILE, PRERENDERED_PAGES } from '@shared/site-pages';

export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${pathname} answers ${context.status}: not a page to prerender`);
  if (context.statusCode !== 200) throw new Error(`${pathname} renders status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data: the routes load nothing, and the CSP allows no inline script to carry it.
  const app = <App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />;
  // Every boundary inline: React would otherwise move big ones out of place, revealed by an inline script.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}
