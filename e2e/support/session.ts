import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, newPage, type PageOptions } from './browser.ts';

export const ADMIN = { username: 'admin', password: 'arbor-e2e-admin-pass' } as const;
export const TOKEN_STORAGE_KEY = '__arbor__jwt__';

export interface ApiTokens {
  access: string;
  refresh: string;
}

/** Tokens for an account straight from the API (`POST /api/token/`), no UI involved. */
export async function apiLogin(
  username: string = ADMIN.username,
  password: string = ADMIN.password,
): Promise<ApiTokens> {
  const res = await fetch(`${baseURL()}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`POST /api/token/ answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ApiTokens;
}

/** Stores tokens the way the web app does (`__arbor__jwt__`), from `page`'s origin. */
export async function storeTokens(page: Page, tokens: ApiTokens): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    JSON.stringify({ accessToken: tokens.access, refreshToken: tokens.refresh }),
  ] as const);
}

/** Logs the context in as `admin` before the first navigation: opens the origin, stores tokens. */
export async function signInContext(context: BrowserContext, tokens?: ApiTokens): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await storeTokens(page, tokens ?? (await apiLogin()));
  return page;
}

/** Sets client preferences before the app boots (language, settings), as a returning visitor would have them. */
export async function presetStorage(context: BrowserContext, entries: Record<string, string>): Promise<void> {
  await context.addInitScript((values: Record<string, string>) => {
    // about:blank and opaque origins have no storage to preset (reading it throws there).
    if (!location.origin.startsWith('http')) return;
    // Only once per tab: later reloads must see what the app itself stored.
    if (sessionStorage.getItem('__e2e_preset__')) return;
    sessionStorage.setItem('__e2e_preset__', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * A fresh page signed in with `tokens` in `locale` (en-US by default), as a returning visitor opens it:
 * the tokens and the language are in storage before the app boots.
 */
export async function signedInPage(browser: Browser, tokens: ApiTokens, opts: PageOptions = {}) {
  const locale = opts.locale ?? 'en-US';
  const opened = await newPage(browser, {
    ...opts,
    locale,
    width: opts.width ?? 1440,
    height: opts.height ?? 900,
  });
  await opened.context.addInitScript(
    ([access, refresh, lang]) => {
      // about:blank and opaque origins (a new tab before it navigates, a blank frame) have no storage.
      if (!location.origin.startsWith('http')) return;
      localStorage.setItem('__arbor__jwt__', JSON.stringify({ accessToken: access, refreshToken: refresh }));
      localStorage.setItem('arbor.locale', lang);
    },
    [tokens.access, tokens.refresh, locale] as const,
  );
  return opened;
}
