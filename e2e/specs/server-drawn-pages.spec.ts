// Signed-in pages the server draws (issue #35, "Fast on a phone"): a login through the form gives the browser
// the page-session cookie, with which the community list and a template page arrive drawn with the user's
// data before any of the app's code has run (seen here with JavaScript off); with the code, the live page
// takes over and works; the account menu's "Log out" ends the cookie, and with it the drawn pages.
import type { Browser, Cookie } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authZh from '../../apps/web/src/i18n/auth/zh-CN.json' with { type: 'json' };
import communityZh from '../../apps/web/src/i18n/community/zh-CN.json' with { type: 'json' };
import shellZh from '../../apps/web/src/i18n/shell/zh-CN.json' with { type: 'json' };
import { sharedTemplate } from '../support/api.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const stamp = Date.now().toString(36);
const TITLE = `Drawn by the server ${stamp}`;
const DESCRIPTION = `A template whose page arrives ready to read ${stamp}`;

/** A context without JavaScript holding `cookies`: what the server sends is all there is. */
async function withoutCode(cookies: Cookie[]) {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

describe('pages the server draws for a signed-in visitor', () => {
  it('arrive drawn after a login through the form, go live with the code, and stop after "Log out"', async () => {
    const author = await signUpByEmail(`drawn_${stamp}`);
    const { share } = await sharedTemplate(author.access, {
      title: TITLE,
      description: DESCRIPTION,
      nodes: [
        { id: 'root', parent_id: null, title: TITLE },
        { id: 'first', parent_id: 'root', title: 'First steps' },
      ],
    });

    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/auth/login');
    await page.locator('input[name=username]').fill(author.username);
    await page.locator('input[name=password]').fill('correct-horse-battery-42');
    await page.getByRole('button', { name: authZh.login.submit, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    const cookie = (await context.cookies()).find((c) => c.name === 'arbor_page');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // Without the app's code, the list and the template page are there, drawn for this user (once the server
    // has loaded its renderer: the first signed-in page it gets goes out plain meanwhile).
    const bare = await withoutCode([cookie!]);
    await expect
      .poll(async () => (await bare.page.request.get('/community')).text(), { timeout: 15_000 })
      .toContain('data-viewer="');
    await bare.page.goto(`/community?q=${encodeURIComponent(TITLE)}`);
    await bare.page.getByRole('heading', { name: communityZh.title }).waitFor();
    await bare.page.getByText(TITLE).first().waitFor();
    expect(await bare.page.locator('html').getAttribute('data-viewer')).toMatch(/^\d+$/);
    await bare.page.goto(`/community/${share.uuid}`);
    await bare.page.getByText(DESCRIPTION).first().waitFor();
    await bare.page.getByRole('button', { name: shellZh.account.menu.replace('{{name}}', author.username) }).waitFor();

    // With it, the same list goes live: a click on the card opens the template.
    await page.goto(`/community?q=${encodeURIComponent(TITLE)}`);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.waitForURL(`**/community/${share.uuid}`);
    await page.getByText(DESCRIPTION).first().waitFor();

    // "Log out" in the account menu ends the cookie; the one kept elsewhere draws nothing any more.
    await page.getByRole('button', { name: shellZh.account.menu.replace('{{name}}', author.username) }).click();
    await page.getByRole('menuitem', { name: shellZh.account.logout }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/auth'));
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'arbor_page')).toBe(false);
    await bare.page.goto(`/community/${share.uuid}`);
    expect(await bare.page.locator('html').getAttribute('data-viewer')).toBeNull();
    expect(await bare.page.getByText(DESCRIPTION).count()).toBe(0);

    await bare.context.close();
    await context.close();
  });
});
