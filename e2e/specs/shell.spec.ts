import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { afterPaint, baseURL, launchBrowser, newPage } from '../support/browser.ts';
import { allowConsoleErrors } from '../support/error-guard.ts';
import { apiLogin, presetStorage, signInContext, storeTokens, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let tokens: ApiTokens;
beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await apiLogin();
});
afterAll(async () => browser?.close());

const ENGLISH = { 'arbor.locale': 'en-US' };

/** Waits until the page's URL (path + query) satisfies `test`. */
async function urlMatches(page: Page, test: (pathAndQuery: string) => boolean) {
  await page.waitForURL((url) => test(url.pathname + url.search));
}

describe('route guards', () => {
  it('sends a logged-out visitor to login and back to the page they asked for once logged in', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto('/settings');
    await urlMatches(page, (p) => p === '/login?redirect=%2Fsettings');

    // Log in from a second tab: the session follows across tabs and the login guard sends this one back.
    const other = await context.newPage();
    await other.goto('/favicon.svg');
    await storeTokens(other, tokens);
    await urlMatches(page, (p) => p === '/settings');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a logged-in visitor away from login (to ?redirect= when allowed, else home)', async () => {
    const { context } = await newPage(browser);
    const page = await signInContext(context, tokens);
    await page.goto('/login');
    await urlMatches(page, (p) => p === '/');
    await page.goto('/auth/login?redirect=%2Fsettings');
    await urlMatches(page, (p) => p === '/settings');
    // An outside address is never a redirect target.
    await page.goto('/login?redirect=%2F%2Fexample.com');
    await urlMatches(page, (p) => p === '/');
    await context.close();
  });

  it('logging out in one tab logs the other tab out too', async () => {
    // A user of its own: logging out ends the account's access tokens at once, and the other specs
    // here share the admin's tokens.
    const { context } = await newPage(browser);
    const page = await signInContext(context, await signUpByEmail(`logout_${Date.now().toString(36)}`));
    await page.goto('/settings');
    await page.getByTestId('avatar-menu').waitFor();
    const other = await context.newPage();
    await other.goto('/logout');
    await urlMatches(other, (p) => p === '/');
    await urlMatches(page, (p) => p.startsWith('/login'));
    await context.close();
  });
});

describe('not found', () => {
  it('shows "Page not found: {path}" with a way home', async () => {
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    await presetStorage(context, ENGLISH);
    await page.goto('/no/such/page');
    await page.getByText('Page not found: /no/such/page').waitFor();
    await page.getByRole('link', { name: 'Go to home' }).click();
    await urlMatches(page, (p) => p === '/');
    await context.close();
  });
});

describe('theme', () => {
  it('toggles light → dark and keeps the choice across a reload', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await expect.poll(scheme).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(scheme).toBe('dark');
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    await expect.poll(scheme).toBe('dark');
    await context.close();
  });
});

describe('language', () => {
  const LANGUAGES = [
    { menu: 'English', nav: 'Home', title: 'Public Knowledge Review · Arbor', lang: 'en-US' },
    { menu: '日本語', nav: 'ホーム', title: '公共知識領域レビューサイト · Arbor', lang: 'ja-JP' },
    { menu: '简体中文', nav: '首页', title: '公共知识领域评审站 · Arbor', lang: 'zh-CN' },
  ];

  it('starts in zh-CN and switches visible text and the title at once, in all three languages, remembered', async () => {
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    await page.goto('/');
    // zh-CN is the product's default whatever the browser says.
    await expect.poll(() => page.title()).toBe('公共知识领域评审站 · Arbor');
    for (const language of LANGUAGES) {
      await page.getByTestId('language-menu').click();
      await page.getByRole('menuitem', { name: language.menu }).click();
      const nav = page.getByRole('navigation', { name: /./ }).first();
      await nav.getByRole('link', { name: language.nav, exact: true }).waitFor();
      await expect.poll(() => page.title()).toBe(language.title);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language.lang);
      await page.reload();
      await expect.poll(() => page.title()).toBe(language.title);
    }
    const cookie = (await context.cookies()).find((c) => c.name === 'arbor_locale');
    expect(cookie?.value).toBe('zh-CN');
    // 365 days, give or take the test's own runtime.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await context.close();
  });
});

describe('layouts', () => {
  it('switches to the vertical layout from Settings and back', async () => {
    const { context } = await newPage(browser, { locale: 'en-US' });
    await presetStorage(context, ENGLISH);
    const page = await signInContext(context, tokens);
    await page.goto('/settings');
    await page.getByText('Sidebar', { exact: true }).click();
    await page.getByTestId('sidebar').waitFor();
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    await page.getByText('Top', { exact: true }).click();
    await page.getByTestId('sidebar').waitFor({ state: 'detached' });
    await context.close();
  });

  it('applies RTL, footer and primary colour from Settings at once and keeps them', async () => {
    const { context } = await newPage(browser, { locale: 'en-US' });
    await presetStorage(context, ENGLISH);
    const page = await signInContext(context, tokens);
    await page.goto('/settings');
    const footer = page.locator('footer');
    await footer.waitFor();
    await page.getByRole('switch', { name: 'Right to left' }).dispatchEvent('click');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('switch', { name: 'Show footer' }).dispatchEvent('click');
    await footer.waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: 'Blue' }).click();
    // Blue preset, shade 7 in the light scheme.
    const primary = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      );
    await expect.poll(primary).toBe('#175cd3');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await footer.count()).toBe(0);
    await expect.poll(primary).toBe('#175cd3');
    await context.close();
  });

  it('closes the sidebar after a navigation at 700px', async () => {
    const { context } = await newPage(browser, { locale: 'en-US', width: 700, height: 900 });
    await presetStorage(context, {
      ...ENGLISH,
      'arbor.settings': JSON.stringify({ layout: 'vertical', sidebarCollapsed: false }),
    });
    const page = await signInContext(context, tokens);
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    // Small screens start closed.
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBeNull();
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBe('true');
    await sidebar.getByRole('link', { name: 'Resource community' }).click();
    await urlMatches(page, (p) => p === '/community');
    // The page's code may still be loading on a busy machine: the sidebar closes once it has navigated.
    await expect.poll(() => sidebar.getAttribute('data-opened'), { timeout: 10_000 }).toBeNull();
    // A click outside closes it too.
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 650, y: 400 } });
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBeNull();
    await context.close();
  });
});

describe('command palette', () => {
  it('is not there for a logged-out visitor', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('login-button').waitFor();
    await page.keyboard.press('Control+K');
    // The key has been handled and whatever it rendered painted.
    await afterPaint(page);
    expect(await page.getByTestId('palette-search').count()).toBe(0);
    await context.close();
  });

  it('opens with Ctrl+K, finds a page by a two-word query and shows the empty state', async () => {
    const { context } = await newPage(browser, { locale: 'en-US' });
    await presetStorage(context, ENGLISH);
    const page = await signInContext(context, tokens);
    await page.goto('/');
    await page.getByTestId('avatar-menu').waitFor();
    await page.keyboard.press('Control+K');
    const search = page.getByTestId('palette-search');
    await search.waitFor();
    await search.fill('community TEMPLATE');
    const hit = page.locator('.mantine-Spotlight-action', { hasText: 'Skill Tree Template Community' });
    await hit.waitFor();
    // Other pages do not match both words.
    expect(await page.locator('.mantine-Spotlight-action', { hasText: 'Settings' }).count()).toBe(0);
    await search.press('ArrowDown');
    await search.press('Enter');
    await urlMatches(page, (p) => p === '/community');

    await page.keyboard.press('Control+K');
    await search.waitFor();
    await search.fill('zzqx nothing');
    await page.getByText('We couldn\'t find anything matching "zzqx nothing"').waitFor();
    await search.press('Escape');
    await search.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('command palette with data', () => {
  it("finds the user's own trees and creates a new one that opens in the editor", async () => {
    const { context } = await newPage(browser, { locale: 'en-US' });
    await presetStorage(context, ENGLISH);
    const own = await apiLogin();
    const created = await fetch(`${baseURL()}/api/tree/skills_tree/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own.access}` },
      body: JSON.stringify({ title: 'Palette Probe Tree' }),
    });
    expect(created.status).toBe(201);
    const page = await signInContext(context, own);
    await page.goto('/');
    await page.getByTestId('avatar-menu').waitFor();
    await page.keyboard.press('Control+K');
    const search = page.getByTestId('palette-search');
    await search.fill('probe palette');
    await page.locator('.mantine-Spotlight-action', { hasText: 'Palette Probe Tree' }).click();
    await urlMatches(page, (p) => /^\/trees\/[0-9a-f-]{36}$/.test(p));

    await page.goto('/');
    await page.getByTestId('avatar-menu').waitFor();
    await page.keyboard.press('Control+K');
    await search.fill('new tree');
    await page.locator('.mantine-Spotlight-action', { hasText: 'New tree' }).click();
    await urlMatches(page, (p) => /^\/trees\/[0-9a-f-]{36}$/.test(p));
    await context.close();
  });
});

describe('lazy chunk failures (after a deploy)', () => {
  it('reloads once, then shows the error page instead of looping', async () => {
    const { context } = await newPage(browser, { locale: 'en-US' });
    await presetStorage(context, ENGLISH);
    const page = await signInContext(context, tokens);
    // The chunk is blocked on purpose: the failed loads and the app's report of them are expected.
    allowConsoleErrors(/net::ERR_FAILED/, /Failed to fetch dynamically imported module/);
    await page.route('**/assets/SettingsPage-*.js', (route) => route.abort());
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Go to home' }).waitFor();
    expect(loads).toBe(2);
    await context.close();
  });
});
