// Open formats and embedding (UI.md "Open formats"): a shared template framed by a page of another
// origin, and a tree exported as OPML and read back through the editor's import preview.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, treeByUuid } from '../support/api.ts';
import { baseURL, launchBrowser, newPage, downloadedText } from '../support/browser.ts';
import { nodeTitled } from '../support/editor.ts';
import { apiLogin, signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let tokens: ApiTokens;
let tree: { id: number; uuid: string };
let template: { uuid: string };
let host: Server;
let hostOrigin: string;

const TITLE = `Rust embedded ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await apiLogin();
  tree = await api('POST', '/api/tree/skills_tree/', tokens.access, {
    title: TITLE,
    data: {
      format: 1,
      nodes: [
        { id: 'root', parent_id: null, title: TITLE },
        { id: 'own', parent_id: 'root', title: 'Ownership', summary: 'Who frees the memory' },
        { id: 'async', parent_id: 'root', title: 'Async', content: 'Futures and executors' },
      ],
    },
  });
  template = await api('POST', '/api/community/trees-shared/', tokens.access, {
    tree: tree.id,
    description: 'A template for the embed spec',
  });
  // Another origin (another port) whose page frames the template, as a blog would.
  host = createServer((request, response) => {
    if (request.url !== '/') return void response.writeHead(204).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>A blog</title><h1>My notes</h1>` +
        `<iframe src="${baseURL()}/embed/community/${template.uuid}" width="800" height="600" title="Arbor"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  await browser?.close();
});

describe('embedding a template', () => {
  it('renders in an iframe of another site without a login, and shows a node’s details inside the frame', async () => {
    const { page, context, errors } = await newPage(browser, { locale: 'en-US' });
    await page.goto(`${hostOrigin}/`);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL()).origin);
    const frame = page.frameLocator('iframe');
    const ownership = frame.getByRole('button', { name: 'Ownership', exact: true });
    await ownership.waitFor();
    await frame.getByRole('button', { name: 'Async', exact: true }).waitFor();
    await frame.getByRole('button', { name: TITLE, exact: true }).waitFor();
    await expect(frame.getByRole('link', { name: 'Open in Arbor' }).getAttribute('href')).resolves.toBe(
      `${baseURL()}/community/${template.uuid}`,
    );

    await ownership.click();
    const details = frame.getByRole('dialog');
    await expect(details.locator('#details-title').innerText()).resolves.toBe('Ownership');
    await expect(details.locator('#details-summary').innerText()).resolves.toBe('Who frees the memory');
    // Another node replaces the details; the close button hides them.
    await frame.getByRole('button', { name: 'Async', exact: true }).click();
    await expect(details.locator('#details-content').innerText()).resolves.toBe('Futures and executors');
    await frame.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('signed in: the Embed action and OPML in the editor', () => {
  // One signed-in page for both: the app boots once (the spec stays well under 30 s).
  it('gives the iframe snippet on the template page, and takes an exported OPML back through the preview', async () => {
    const { page, context, errors } = await signedInPage(browser, tokens);
    await page.goto(`/community/${template.uuid}`);
    await page.getByTestId('embed-open').click();
    const embed = page.getByRole('dialog', { name: 'Embed this template' });
    await expect(embed.getByTestId('embed-snippet').inputValue()).resolves.toContain(
      `src="${baseURL()}/embed/community/${template.uuid}"`,
    );
    await page.keyboard.press('Escape');
    await embed.waitFor({ state: 'detached' });

    await page.goto(`/trees/${tree.uuid}`);
    await expect.poll(() => page.getByTestId('skill-node').count(), { timeout: 20_000 }).toBe(3);

    await page.getByTestId('document-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-opml').click()]);
    expect(download.suggestedFilename()).toMatch(/\.opml$/);
    const opml = await downloadedText(download);
    expect(opml).toContain('<opml version="2.0">');
    expect(opml).toContain('text="Ownership"');

    await page.getByTestId('document-menu').click();
    await page.locator('input[type="file"][accept*=".opml"]').setInputFiles({
      name: 'rust.opml',
      mimeType: 'text/x-opml',
      buffer: Buffer.from(opml.replace('text="Ownership"', 'text="Borrowing"')),
    });
    const dialog = page.getByRole('dialog', { name: 'Replace this tree?' });
    await expect(dialog.getByTestId('import-preview-title').innerText()).resolves.toBe(TITLE);
    await expect(dialog.getByTestId('import-preview-nodes').innerText()).resolves.toBe('3');
    await dialog.getByTestId('import-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await nodeTitled(page, 'Borrowing').waitFor();
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await treeByUuid(tree.uuid, tokens.access)).data.nodes.map((n) => n.title))
      .toEqual([TITLE, 'Borrowing', 'Async']);

    expect(errors).toEqual([]);
    await context.close();
  });
});
