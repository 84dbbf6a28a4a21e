// Server-side entry, used only at build time (vite.config.ts `prerenderPages`): renders a public page
// to HTML so the server can send it ready to read, before any script has run. The browser then
// renders the live app in its place (main.tsx).
import { matchRoute } from './app/routes.tsx';
import { activateLocale, i18n, type Locale, type TranslationKey } from './lib/i18n.ts';
import { appAt, renderAppToHtml } from './static-render.tsx';

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
  const html = await renderAppToHtml(await appAt(path), path);
  const title = `${i18n.t(matchRoute(path).meta.titleKey)} · ${i18n.t('common:productName')}`;
  const descriptionKey = DESCRIPTION_KEYS[path];
  if (!descriptionKey) throw new Error(`prerendering ${path}: no description key`);
  return { html, title, description: i18n.t(descriptionKey) };
}
