import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';

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
});
