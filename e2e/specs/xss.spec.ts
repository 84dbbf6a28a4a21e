import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { waitForApp } from '../support/a11y.ts';
import { api, ApiCallError, treeByUuid } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { allowConsoleErrors } from '../support/error-guard.ts';
import { presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

/**
 * Markdown and text fields full of script: rendered in the editor's node panel preview and on the
 * community template page, none of it may run or reach the DOM as markup.
 */

/** Each payload between two plain-text markers, so the text around it must still show. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[js-link](javascript:alert(1))',
  '<a href="javascript:alert(1)">raw-link</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '![x](x" onerror="alert(1))',
  '[data-link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<a href="data:text/html,<script>alert(1)</script>">raw-data-link</a>',
  '[entity-link](&#106;avascript:alert(1))',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
];
const CONTENT = PAYLOADS.map((p, i) => `before-${i} ${p} after-${i}`).join('\n\n');
const HOSTILE_TITLE = '<img src=x onerror=alert(1)>Skills';
const HOSTILE_TAG = '<b onclick=alert(1)>tag</b>';
const HOSTILE_NODE_TITLE = '<script>alert(1)</script>Node';
const DESCRIPTION = `Description <img src=x onerror=alert(1)> [d](javascript:alert(1)) <script>alert(1)</script> end`;

let browser: Browser;
let user: ApiTokens & { username: string };
let tree: { id: number; uuid: string };
let share: { uuid: string };

/** What a page must never contain, whatever it renders: collected in the page, returned as lines. */
async function scriptFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const dangerousUrl = /^\s*(javascript|vbscript|data):/i;
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${describe(el)} has ${name}="${attr.value}"`);
        if (
          ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc', 'data'].includes(name) &&
          /^\s*(javascript|vbscript):/i.test(attr.value)
        ) {
          found.push(`${describe(el)} has ${name}="${attr.value}"`);
        }
      }
    }
    // Nor may a link (all of them are user content or app routes) go to a data: URL.
    for (const link of document.querySelectorAll('a[href]')) {
      if (dangerousUrl.test(link.getAttribute('href') ?? '')) found.push(`<a> has href="${link.getAttribute('href')}"`);
    }
    for (const script of document.querySelectorAll('script')) {
      if (script.textContent?.includes('alert(1)') || script.src.includes('alert'))
        found.push('a script element carries the payload');
    }
    for (const el of document.querySelectorAll('main iframe, main object, main embed'))
      found.push(`${describe(el)} in the page`);
    return found;
  });
}

/**
 * A signed-in page that records every dialog (alert, confirm, prompt) the page opens and every
 * script the Content-Security-Policy had to block: the CSP is the second line of defence, so a
 * blocked inline handler still means a payload reached the DOM.
 */
async function watchedPage(): Promise<{ page: Page; dialogs: string[]; blocked: () => Promise<string[]> }> {
  const { context, page: first } = await newPage(browser, { locale: 'en-US' });
  await first.close();
  await presetStorage(context, { 'arbor.locale': 'en-US' });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspBlocked: string[] }).__cspBlocked = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      // `eval` is a library's feature probe (zod checks whether it may compile), not page content.
      if (e.effectiveDirective.startsWith('script-src') && e.blockedURI !== 'eval')
        seen.push(`${e.effectiveDirective}: ${e.blockedURI || e.sample}`);
    });
  });
  const page = await signInContext(context, user);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const blocked = () =>
    page.evaluate(() => [...((window as unknown as { __cspBlocked?: string[] }).__cspBlocked ?? [])]);
  return { page, dialogs, blocked };
}

/** Every payload paragraph's markers still show as text (no payload swallowed the text around it). */
function expectMarkers(text: string) {
  for (let i = 0; i < PAYLOADS.length; i += 1) {
    expect(text).toContain(`before-${i}`);
    expect(text).toContain(`after-${i}`);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpByEmail(`xss_${Date.now().toString(36)}`);
  tree = await api('POST', '/api/tree/skills_tree/', user.access, {
    title: HOSTILE_TITLE,
    description: DESCRIPTION,
    tags: [HOSTILE_TAG],
    data: {
      format: 1,
      nodes: [
        {
          id: 'root',
          parent_id: null,
          title: HOSTILE_TITLE,
          content: CONTENT,
          summary: '<img src=x onerror=alert(1)>summary',
        },
        {
          id: 'child',
          parent_id: 'root',
          title: HOSTILE_NODE_TITLE,
          content: CONTENT,
          resources: [{ title: '<img src=x onerror=alert(1)>resource', url: 'https://example.com/safe' }],
        },
      ],
    },
  });
  share = await api('POST', '/api/community/trees-shared/share_tree/', user.access, {
    tree: tree.id,
    description: DESCRIPTION,
    tags: [HOSTILE_TAG],
  });
});
afterAll(async () => browser?.close());

describe('Markdown and text with script in them', () => {
  it('has checks that catch markup which does get through (so a pass below means something)', async () => {
    const { page, dialogs, blocked } = await watchedPage();
    // The markup is planted on purpose: Chromium reports the CSP refusing its handler.
    allowConsoleErrors(/Content Security Policy/);
    await page.goto('/trees');
    await waitForApp(page);
    await page.evaluate(() => {
      document
        .querySelector('main')!
        .insertAdjacentHTML('beforeend', '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>');
    });
    const findings = await scriptFindings(page);
    expect(findings.some((f) => f.includes('onerror'))).toBe(true);
    expect(findings.some((f) => f.includes('href="javascript:alert(1)"'))).toBe(true);
    // The CSP blocks the inline handler (and reports it); a script that does run shows up as a dialog.
    await expect.poll(blocked).not.toEqual([]);
    await page.evaluate(() => alert('probe'));
    expect(dialogs).toEqual(['alert: probe']);
    await page.context().close();
  });

  it('refuses a javascript: resource link through the API, so no document can hold one', async () => {
    const attempt = api('PATCH', `/api/tree/skills_tree/${tree.id}/`, user.access, {
      data: {
        format: 1,
        nodes: [{ id: 'root', parent_id: null, title: 'x', resources: [{ title: 'bad', url: 'javascript:alert(1)' }] }],
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(ApiCallError);
    await expect(attempt).rejects.toMatchObject({ status: 400 });
    const saved = await treeByUuid(tree.uuid, user.access);
    expect(saved.data.nodes.flatMap((n) => n.resources ?? []).map((r) => r.url)).toEqual(['https://example.com/safe']);
  });

  it('renders the editor preview, titles and tags as inert text', async () => {
    const { page, dialogs, blocked } = await watchedPage();
    await page.goto(`/trees/${tree.uuid}`);
    await waitForApp(page);
    // The tree title with HTML in it shows as text in the toolbar and on the root node.
    await expect(page.getByTestId('editor-title').innerText()).resolves.toBe(HOSTILE_TITLE);
    await page.getByTestId('node-title').getByText(HOSTILE_NODE_TITLE, { exact: true }).waitFor();

    // The root node is selected on open: its Markdown content in the panel's preview.
    const panel = page.getByTestId('node-panel');
    await panel.getByRole('heading', { name: HOSTILE_TITLE, exact: true }).waitFor();
    await panel.getByText('Preview', { exact: true }).click();
    const preview = panel.getByTestId('markdown-preview');
    await preview.waitFor();
    expectMarkers(await preview.innerText());
    // Links keep their text but lose the script or data URL.
    for (const name of ['js-link', 'data-link', 'entity-link']) {
      const href = await preview
        .getByText(name, { exact: true })
        .evaluate((el) => el.closest('a')?.getAttribute('href') ?? null);
      expect(href ?? '', name).not.toMatch(/^\s*(javascript|data):/i);
    }
    await expect(preview.locator('script, iframe, svg, details, img[onerror]').count()).resolves.toBe(0);

    // A resource link typed in the panel with javascript: is refused and never saved.
    await panel.getByRole('button', { name: 'Add a resource' }).click();
    const url = panel.getByRole('textbox', { name: 'Link' }).last();
    await url.fill('javascript:alert(1)');
    await panel.getByText('Use an http(s) link.').waitFor();
    await expect(panel.locator('a[href^="javascript:"]').count()).resolves.toBe(0);

    expect(await scriptFindings(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await blocked()).toEqual([]);
    const saved = await treeByUuid(tree.uuid, user.access);
    expect(saved.data.nodes.flatMap((n) => n.resources ?? []).map((r) => r.url)).toEqual(['https://example.com/safe']);
    await page.context().close();
  });

  it('shows the tree title and tags as text on My trees and in the community list', async () => {
    const { page, dialogs, blocked } = await watchedPage();
    await page.goto('/trees');
    await waitForApp(page);
    await page.getByTestId('tree-card').getByText(HOSTILE_TITLE, { exact: true }).waitFor();
    expect(await scriptFindings(page)).toEqual([]);
    expect(await blocked()).toEqual([]);

    await page.goto(`/community?q=${encodeURIComponent('Skills')}`);
    await page.locator('[data-testid="share-results"][aria-busy="false"]').waitFor();
    const card = page.getByRole('link', { name: /Skills/ });
    await card.getByText(HOSTILE_TITLE, { exact: true }).waitFor();
    await card.getByText(HOSTILE_TAG, { exact: true }).waitFor();
    expect(await scriptFindings(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await blocked()).toEqual([]);
    await page.context().close();
  });

  it('renders the community template page (description, tags, viewer, outline content) as inert text', async () => {
    const { page, dialogs, blocked } = await watchedPage();
    await page.goto(`/community/${share.uuid}`);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: HOSTILE_TITLE, exact: true }).waitFor();
    await page.getByText(DESCRIPTION, { exact: true }).waitFor();
    await page.getByRole('link', { name: HOSTILE_TAG, exact: true }).waitFor();
    // The read-only canvas shows the node titles as text.
    await page.getByTestId('node-title').getByText(HOSTILE_NODE_TITLE, { exact: true }).waitFor();
    expect(await scriptFindings(page)).toEqual([]);

    // The outline opens a node's content and resources.
    await page.getByRole('tab', { name: 'Outline' }).click();
    const child = page.getByRole('button', { name: HOSTILE_NODE_TITLE, exact: true });
    await child.click();
    await expect(child.getAttribute('aria-expanded')).resolves.toBe('true');
    // The innermost list item holding the button: the child's own (its ancestors' items hold it too).
    const detail = page.locator('li', { has: child }).last();
    await detail.getByRole('link', { name: '<img src=x onerror=alert(1)>resource', exact: true }).waitFor();
    await detail.getByText('before-0').waitFor();
    const text = await detail.innerText();
    expectMarkers(text);
    for (const name of ['js-link', 'data-link', 'entity-link']) {
      const href = await detail
        .getByText(name, { exact: true })
        .evaluate((el) => el.closest('a')?.getAttribute('href') ?? null);
      expect(href ?? '', name).not.toMatch(/^\s*(javascript|data):/i);
    }
    await expect(
      detail.locator('script, iframe, svg:not([aria-hidden]):not(.tabler-icon), details, img[onerror]').count(),
    ).resolves.toBe(0);
    expect(await scriptFindings(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await blocked()).toEqual([]);
    await page.context().close();
  });
});
