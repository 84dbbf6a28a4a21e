// Server-side entry, used only at build time (vite.config.ts `prerenderPages`): renders a public page
// to HTML so the server can send it ready to read, before any script has run. The browser then
// renders the live app in its place (main.tsx).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { matchRoute } from './app/routes.tsx';
import { activateLocale, i18n, type Locale, type TranslationKey } from './lib/i18n.ts';

export { LOCALES } from './lib/i18n.ts';

export interface PrerenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The document title, as the shell sets it. */
  title: string;
  /** The page's summary for search results and link previews, in the page's language. */
  description: string;
}

/** i18n keys of the prerendered pages' descriptions. */
const DESCRIPTION_KEYS: Record<string, TranslationKey> = { '/': 'home:hero.subtitle' };

/** Renders `path` as an anonymous visitor with default settings sees it, in `locale`. */
export async function prerenderPage(path: string, locale: Locale): Promise<PrerenderedPage> {
  await activateLocale(locale);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, 'http://arbor.local')));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // A first pass waits for every lazy part (menus, drawers) to load; the second then renders them in
  // place. Rendered while still loading, React would stream them in with inline scripts, which the
  // page's Content-Security-Policy forbids.
  // A part that fails to load or render would otherwise be left out of the page with only a log line:
  // the build fails instead.
  const errors: unknown[] = [];
  await prerender(app, { onError: (error) => void errors.push(error) });
  if (errors.length) throw new Error(`prerendering ${path} failed: ${String(errors[0])}`, { cause: errors[0] });
  const html = renderToString(app);
  if (/<script/i.test(html)) throw new Error(`prerendering ${path} left a script in the markup`);
  const title = `${i18n.t(matchRoute(path).meta.titleKey)} · ${i18n.t('common:productName')}`;
  const descriptionKey = DESCRIPTION_KEYS[path];
  if (!descriptionKey) throw new Error(`prerendering ${path}: no description key`);
  return { html, title, description: i18n.t(descriptionKey) };
}
