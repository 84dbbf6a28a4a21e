// Signed-in pages the server draws (issue #35, "Fast on a phone"): a login through the form gives the browser
// the page-session cookie, with which the community list and a template page arrive drawn with the user's
// data before any of the app's code has run (seen here with JavaScript off); with the code, the live page
// takes over and works; the account menu's "Log out" ends the cookie, and with it the drawn pages. The live app
// hydrates the drawn markup (the very elements drawn by the server stay), on a phone and on a desktop, and the
// editor is drawn too once the browser has told the server the width of its window.
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authZh from '../../apps/web/src/i18n/auth/zh-CN.json' with { type: 'json' };
import communityZh from '../../apps/web/src/i18n/community/zh-CN.json' with { type: 'json' };
import shellZh from '../../apps/web/src/i18n/shell/zh-CN.json' with { type: 'json' };
import { sharedTemplate } from '../support/api.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';
import { canvasNode, selectNode } from '../support/editor.ts';
import { storeTokens } from '../support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const stamp = Date.now().toString(36);
const TITLE = `Drawn by the server ${stamp}`;
const DESCRIPTION = `A template whose page arrives ready to read ${stamp}`;

/**
 * A time zone whose day is not UTC's at this hour: UTC+14 from 10:00 UTC, UTC−11 before 11:00 UTC. A page drawn with
 * UTC's day would differ from the one the browser draws, and would be drawn again.
 */
const zoneOnAnotherDay = () =>
  new Date().getUTCHours() >= 10
    ? { timezoneId: 'Pacific/Kiritimati', offset: 840 }
    : { timezoneId: 'Pacific/Pago_Pago', offset: -660 };

/** A context without JavaScript holding `cookies`: what the server sends is all there is. */
async function withoutCode(cookies: Cookie[]) {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

/**
 * Holds on to what the server drew, whenever the app's code runs: on a later visit its modules are cached and can
 * hydrate the page before the test reads it. The parser's insertions reach a mutation observer as records, which
 * keep the elements inserted: the first element in `#root` and the first canvas. The app's removal of
 * `data-drawn` says the page came drawn.
 */
const HOLD_DRAWN_ELEMENTS = `(() => {
  const held = window;
  held.__drawn = null;
  held.__drawnCanvas = null;
  held.__cameDrawn = false;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target.id === 'root' && record.oldValue !== null) held.__cameDrawn = true;
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (record.target.id === 'root' && !held.__drawn) held.__drawn = node;
        const canvas = node.matches('.react-flow') ? node : node.querySelector('.react-flow');
        if (canvas && !held.__drawnCanvas && canvas.closest('#root')) held.__drawnCanvas = canvas;
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'], attributeOldValue: true });
})()`;
const holding = new WeakSet<Page>();

/**
 * Opens `path` and waits until the live app is on it, holding on to the first element the server drew in `#root`:
 * whether React kept that element (hydrated the page) or built the page again, and any warning it gave.
 */
async function openDrawn(page: Page, path: string, ready: () => Promise<unknown>) {
  if (!holding.has(page)) {
    await page.addInitScript(HOLD_DRAWN_ELEMENTS);
    holding.add(page);
  }
  const warnings: string[] = [];
  const listen = (message: { type(): string; text(): string }) => {
    if (message.type() === 'warning' && message.text().includes('Arbor:')) warnings.push(message.text());
  };
  page.on('console', listen);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  const drawn = await page.evaluate(() => {
    const held = window as unknown as { __drawn: Element | null; __drawnCanvas: Element | null; __cameDrawn: boolean };
    const cameDrawn = held.__cameDrawn || document.getElementById('root')!.hasAttribute('data-drawn');
    // What the app drew itself is not what the server drew.
    if (!cameDrawn) held.__drawn = held.__drawnCanvas = null;
    return cameDrawn;
  });
  // At the first paint (the page's stylesheets are in; the canvas's code is not before the page is shown), a
  // drawn canvas fills its box (360 px and more), not the ~80 px of its nodes: its styles came with the page.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const canvasFills = await page.evaluate(() => {
    const canvas = document.querySelector('#root .react-flow');
    return canvas ? canvas.getBoundingClientRect().height >= 300 : null;
  });
  // The live app has committed its first render (`hydrating` until then).
  await page.waitForFunction(() =>
    /^(hydrated|redrawn)$/.test(document.getElementById('root')!.dataset.hydration ?? ''),
  );
  await ready();
  // A canvas drawn by the server (its code loads after the page is shown): once React holds the live canvas (its
  // element carries React's own properties), whether that is still the element the server drew.
  await page.waitForFunction(() => {
    const canvas = document.querySelector('#root .react-flow');
    return !canvas || Object.keys(canvas).some((key) => key.startsWith('__reactFiber'));
  });
  const fate = await page.evaluate(() => {
    const held = window as unknown as { __drawn: Element | null; __drawnCanvas: Element | null };
    return {
      hydration: document.getElementById('root')!.dataset.hydration,
      kept: held.__drawn === document.getElementById('root')!.firstElementChild,
      canvasKept: held.__drawnCanvas ? held.__drawnCanvas === document.querySelector('#root .react-flow') : null,
    };
  });
  page.off('console', listen);
  return { drawn, canvasFills, ...fate, warnings };
}

/** A drawn page with a canvas, hydrated: the page and its canvas are the elements drawn, laid out at the first paint. */
const HYDRATED_WITH_ITS_CANVAS = {
  drawn: true,
  canvasFills: true,
  hydration: 'hydrated',
  kept: true,
  canvasKept: true,
  warnings: [],
};

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
    // The menu's code loads once the page's content is in: until then its button is marked busy and disabled. On a
    // loaded machine a click can land as it is swapped for the live one; like a person, the test clicks again then.
    const accountButton = page.getByRole('button', { name: shellZh.account.menu.replace('{{name}}', author.username) });
    const logout = page.getByRole('menuitem', { name: shellZh.account.logout });
    await expect
      .poll(
        async () => {
          if (!(await logout.isVisible())) await accountButton.click();
          return logout.isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await logout.click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/auth'));
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'arbor_page')).toBe(false);
    await bare.page.goto(`/community/${share.uuid}`);
    expect(await bare.page.locator('html').getAttribute('data-viewer')).toBeNull();
    expect(await bare.page.getByText(DESCRIPTION).count()).toBe(0);

    await bare.context.close();
    await context.close();
  });

  it('are hydrated by the live app, not drawn again: the list, a template and the editor, on a phone and a desktop', async () => {
    const author = await signUpByEmail(`hydrated_${stamp}`);
    const { tree, share } = await sharedTemplate(author.access, {
      title: `${TITLE} hydrated`,
      description: DESCRIPTION,
      nodes: [
        { id: 'root', parent_id: null, title: `${TITLE} hydrated` },
        { id: 'first', parent_id: 'root', title: 'First steps' },
        { id: 'second', parent_id: 'root', title: 'Second steps' },
      ],
    });
    // A phone in dark mode (the server draws the light theme's toggle) where it is another day than in UTC, a
    // desktop in light mode in a zone with daylight saving.
    const zone = zoneOnAnotherDay();
    for (const [width, colorScheme, timezoneId] of [
      [390, 'dark', zone.timezoneId],
      [1280, 'light', 'America/New_York'],
    ] as const) {
      const { context, page } = await newPage(browser, { width, height: 844, colorScheme, timezoneId });
      // The phone's network is slow: an answer the live page asked for again would not be in before it hydrates.
      if (width < 820)
        await (
          await context.newCDPSession(page)
        ).send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 400,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      // Prepared: a session (the login form is the test above), its page-session cookie and its tokens.
      const login = await context.request.post('/api/token/', {
        data: { username: author.username, password: 'correct-horse-battery-42' },
      });
      expect(login.ok()).toBe(true);
      await page.goto('/favicon.svg');
      await storeTokens(page, (await login.json()) as { access: string; refresh: string });
      // The first signed-in page the server gets may go out plain while it loads its renderer.
      await expect
        .poll(async () => (await page.request.get('/community')).text(), { timeout: 15_000 })
        .toContain('data-viewer="');

      const list = await openDrawn(page, `/community?q=${encodeURIComponent(share.uuid)}`, () =>
        page.getByRole('heading', { name: communityZh.title }).waitFor(),
      );
      expect(list).toEqual({
        drawn: true,
        canvasFills: null,
        hydration: 'hydrated',
        kept: true,
        canvasKept: null,
        warnings: [],
      });
      // The app has told the server this window's width: the editor is drawn for it from now on.
      expect((await context.cookies()).find((c) => c.name === 'arbor_viewport')?.value).toBe(String(width));
      // And its time zone's offset: the template's date is drawn as the browser writes it.
      const offset = await page.evaluate(() => -new Date().getTimezoneOffset());
      if (width < 820) expect(offset).toBe(zone.offset);
      const zoneCookie = async () =>
        decodeURIComponent((await context.cookies()).find((c) => c.name === 'arbor_zone')?.value ?? '');
      expect(await zoneCookie()).toBe(String(offset));

      const template = await openDrawn(page, `/community/${share.uuid}`, () =>
        page.getByText(DESCRIPTION).first().waitFor(),
      );
      // Its canvas too: not thrown away for a placeholder while its code loads, then drawn again.
      expect(template).toEqual(HYDRATED_WITH_ITS_CANVAS);
      // A zone with daylight saving is named too, once a page of the app is left (the list was).
      expect(await zoneCookie()).toBe(width < 820 ? String(offset) : `${offset}~${timezoneId}`);
      const today = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeZone: timezoneId });
      await page.getByText(today.format(new Date()), { exact: false }).first().waitFor();
      // Drawn again with the zone's name (its days from Intl on the server): the same page, hydrated.
      if (width > 820)
        expect(
          await openDrawn(page, `/community/${share.uuid}`, () => page.getByText(DESCRIPTION).first().waitFor()),
        ).toEqual(HYDRATED_WITH_ITS_CANVAS);

      const editor = await openDrawn(page, `/trees/${tree.uuid}`, () => canvasNode(page, 'Second steps').waitFor());
      // (the editor's canvas shares its screen with the node panel: its height at the first paint is not checked)
      expect(editor).toEqual({ ...HYDRATED_WITH_ITS_CANVAS, canvasFills: expect.any(Boolean) });
      // Live: the node search finds a node and its panel opens.
      if (width > 820) await selectNode(page, 'First steps');
      await context.close();
    }
  });
});
