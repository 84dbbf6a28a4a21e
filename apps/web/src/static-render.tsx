// Renders the app to HTML outside a browser: the build's prerendered pages (prerender.tsx) and the server's
// signed-in pages (server-render.tsx).
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';

/**
 * The app at a URL (path and query), ready to render: the route's loaders have run (they start the page's
 * data, `AppRoute.prefetch`), so what they fetch is under way when this resolves.
 */
export async function appAt(url: string): Promise<ReactElement> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://arbor.local')));
  if (context instanceof Response) throw new Error(`rendering ${url} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
}

/** Waits for every lazy part of `app` (menus, the page's code) to load, failing if one fails to load or render. */
async function loadLazyParts(app: ReactElement, url: string): Promise<void> {
  const errors: unknown[] = [];
  await prerender(app, { onError: (error) => void errors.push(error) });
  if (errors.length) throw new Error(`rendering ${url} failed: ${String(errors[0])}`, { cause: errors[0] });
}

/** React's mark of a boundary it left for the browser to render (a part that was still loading). */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * The markup of `#root` for `app`, in one synchronous pass once its lazy parts have loaded (the first page of
 * each kind loads them). Rendered while still loading, React would stream the parts in with inline scripts, which
 * the page's Content-Security-Policy forbids; a part that fails to load or render would be left out with only a
 * log line: this fails instead.
 */
export async function renderAppToHtml(app: ReactElement, url: string): Promise<string> {
  let html = renderToString(app);
  if (html.includes(LEFT_TO_THE_BROWSER)) {
    await loadLazyParts(app, url);
    html = renderToString(app);
  }
  if (html.includes(LEFT_TO_THE_BROWSER)) throw new Error(`rendering ${url} left a part unrendered`);
  if (/<script/i.test(html)) throw new Error(`rendering ${url} left a script in the markup`);
  return html;
}
