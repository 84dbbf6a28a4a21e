import type { Locale } from '@arbor/contract';
import i18next, { type CustomTypeOptions, type ParseKeys, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { keepCookie, readCookie } from './cookies.ts';

export type { Locale };
/**
 * The UI languages, zh-CN first: it is the default and the source every other locale must match. The
 * contract's `Locale` values written out (a value import from the contract would put zod in the first
 * bundle), checked against it.
 */
export const LOCALES = ['zh-CN', 'en-US', 'ja-JP'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

type Namespaces = keyof CustomTypeOptions['resources'];
/**
 * A translation key kept as data (route titles, navigation labels): `namespace:key`, or a key of
 * `common` without a prefix. Typed from the zh-CN files (types/i18next.d.ts); translate one with a `t`
 * of `useTranslation(['common', namespace])`.
 */
export type TranslationKey = ParseKeys<readonly ['common', ...Exclude<Namespaces, 'common'>[]]>;
/** A key of one namespace, with its prefix: `NamespacedKey<'shell'>` is `'shell:routes.home' | …`. */
export type NamespacedKey<N extends Namespaces> = Extract<TranslationKey, `${N}:${string}`>;

const LOCALE_STORAGE_KEY = 'arbor.locale';
const LOCALE_COOKIE = 'arbor_locale';

// Every namespace is a folder `i18n/<namespace>/` with one file per locale, so features add
// translations by adding a folder, nothing else. The default locale (also the fallback) is in the
// first bundle; each other locale is one chunk, loaded before the first render when it is the stored
// choice (so a page never renders a raw key) or when the user switches to it.
//
// A few namespaces serve only pages off the first screen (community review, authors and notifications,
// moderation, groups, about, the profile page). Their zh-CN messages stay out of the first bundle: a route that
// needs one names it in `namespaces` (app/routes.tsx) and the router loads it beside the page's code; a component
// outside a route awaits `loadNamespaces` before it renders. The other locales' chunks hold every namespace.
// `offline` is neither: its zh-CN messages come with the pwa feature's own chunk
// (features/pwa/messages.ts), which is only ever loaded after the first paint.
/** Namespaces loaded on demand; keep this list and the two glob patterns below in step. */
export const LAZY_NAMESPACES = [
  'reviews',
  'social',
  'moderation',
  'notifications',
  'plans',
  'recall',
  'groups',
  'about',
  'profile',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../i18n/*/zh-CN.json',
    '!../i18n/{reviews,social,moderation,notifications,plans,recall,groups,about,profile,offline}/zh-CN.json',
  ],
  { eager: true, import: 'default' },
);
const lazyFiles = import.meta.glob<Record<string, unknown>>(
  '../i18n/{reviews,social,moderation,notifications,plans,recall,groups,about,profile}/zh-CN.json',
  {
    import: 'default',
  },
);
const otherLocales: Record<string, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  'en-US': () => import('./i18n-bundles/en-US.ts'),
  'ja-JP': () => import('./i18n-bundles/ja-JP.ts'),
};

/** `{locale: {namespace: messages}}` built from the folder layout. */
export function buildResources(modules: Record<string, Record<string, unknown>> = files): Resource {
  const resources: Resource = {};
  for (const [path, messages] of Object.entries(modules)) {
    const match = /([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, namespace, locale] = match as unknown as [string, string, string];
    (resources[locale] ??= {})[namespace] = messages;
  }
  return resources;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice (local storage, then cookie), else zh-CN: the product's first language. */
function storedLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // storage disabled: fall through to the cookie
  }
  stored ??= readCookie(LOCALE_COOKIE);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function persistLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the cookie still carries the choice
  }
  keepCookie(LOCALE_COOKIE, locale);
}

function reflectOnDocument(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export const i18n = i18next.createInstance();

/** Adds a locale's messages unless they are there; the default locale always is. */
async function loadLocale(locale: Locale): Promise<void> {
  const load = otherLocales[locale];
  if (!load || i18n.hasResourceBundle(locale, 'common')) return;
  const resources = buildResources((await load()).default)[locale] ?? {};
  for (const [namespace, messages] of Object.entries(resources))
    i18n.addResourceBundle(locale, namespace, messages, true, true);
}

const initialLocale = typeof window === 'undefined' ? DEFAULT_LOCALE : storedLocale();
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: Object.keys(buildResources()[DEFAULT_LOCALE] ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
// Every module that translates imports this one, so nothing renders before the stored locale is in.
// A failed load (offline, an old chunk) falls back to the default locale rather than blocking the app.
await loadLocale(initialLocale).catch(() => undefined);
reflectOnDocument(i18n.language);
i18n.on('languageChanged', reflectOnDocument);

/**
 * Makes lazy namespaces usable: their default-locale messages are added once (the other locales come
 * with their locale's chunk). Resolves when every one is in; a failed load leaves keys showing rather
 * than blocking the page.
 */
export async function loadNamespaces(namespaces: readonly LazyNamespace[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18n.hasResourceBundle(DEFAULT_LOCALE, namespace)) return;
      const load = lazyFiles[`../i18n/${namespace}/${DEFAULT_LOCALE}.json`];
      if (!load) return;
      const messages = await load().catch(() => undefined);
      if (messages) i18n.addResourceBundle(DEFAULT_LOCALE, namespace, messages, true, true);
    }),
  );
}

/** Switches the UI language at once (no reload, once its messages are loaded) and remembers it for 365 days. */
export function setLocale(locale: Locale) {
  persistLocale(locale);
  void loadLocale(locale)
    .catch(() => undefined)
    .then(() => i18n.changeLanguage(locale));
}

/** Makes `locale` current without remembering it: for rendering a page on the server. */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
