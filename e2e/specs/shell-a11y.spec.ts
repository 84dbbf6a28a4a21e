import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { apiLogin, signInContext, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let tokens: ApiTokens;
beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await apiLogin();
});
afterAll(async () => browser?.close());

const PAGES: { name: string; path: string; loggedIn: boolean }[] = [
  { name: 'home', path: '/', loggedIn: false },
  { name: 'login', path: '/login', loggedIn: false },
  { name: '404', path: '/no/such/page', loggedIn: false },
  { name: 'settings', path: '/settings', loggedIn: true },
  { name: 'home (logged in)', path: '/', loggedIn: true },
];

describe('accessibility (axe)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const target of PAGES) {
      it(`finds no serious or critical violation on ${target.name} in ${scheme}`, async () => {
        const { context, page: anonymous } = await newPage(browser, { colorScheme: scheme });
        const page = target.loggedIn ? await signInContext(context as BrowserContext, tokens) : anonymous;
        await page.goto(target.path);
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it('finds no serious or critical violation with the command palette open', async () => {
    const { context } = await newPage(browser);
    const page = await signInContext(context, tokens);
    await page.goto('/');
    await page.getByTestId('avatar-menu').waitFor();
    await page.keyboard.press('Control+K');
    await page.getByTestId('palette-search').fill('se');
    await page.waitForTimeout(500);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
