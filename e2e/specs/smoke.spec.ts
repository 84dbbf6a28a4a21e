import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';
import { signInContext } from '../support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the product as started by npm start', () => {
  it('serves the web app at / and the health check beside it', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto('/');
    // The splash screen covers the app until its layout is ready: wait for the page's heading.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.locator('body').innerText()).resolves.toContain('Arbor');
    const health = await (await fetch(`${baseURL()}/api/health/`)).json();
    expect(health).toEqual({ status: 'ok', db: 'ok' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the landing page ready to read in the chosen language, then the live app takes it over', async () => {
    // Before any script: the page itself, inert, in the language of the locale cookie.
    const html = await (await fetch(`${baseURL()}/`, { headers: { cookie: 'arbor_locale=en-US' } })).text();
    expect(html).toContain('<html lang="en-US" data-prerendered');
    expect(html).toMatch(/<div class="arbor-prerender" inert>[\s\S]*<h1[\s\S]*<\/h1>/);
    expect(html).not.toMatch(/<script type="module"/);

    const { page, errors, context } = await newPage(browser);
    await page.goto('/');
    await page.locator('.arbor-prerender').waitFor({ state: 'detached' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.count()).resolves.toBe(1);
    // The live app answers: its navigation works without a page load.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('main a[href="/community"]').first().click();
    await page.waitForURL(/\/(community|auth\/login)/);
    await expect(page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never shows the anonymous landing page to a signed-in visitor: the splash covers it until their own page is in', async () => {
    const { context } = await newPage(browser);
    const page = await signInContext(context);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.text().includes('Content Security Policy') && errors.push(m.text()));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const before = await page.evaluate(() => ({
      skipped: document.documentElement.classList.contains('arbor-skip-prerender'),
      prerender: document.querySelector('.arbor-prerender')
        ? getComputedStyle(document.querySelector('.arbor-prerender')!).visibility
        : 'gone',
    }));
    expect(before.skipped).toBe(true);
    expect(['hidden', 'gone']).toContain(before.prerender);
    await page.getByTestId('avatar-menu').waitFor();
    await page.locator('#splash').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
