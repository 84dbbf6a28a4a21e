// Replacing a tree from a file keeps what it says it keeps (issue 27): the tree's own Markdown export
// (which carries the nodes' ids, content and resources) brings its node images back, and a file that
// lacks a node with an image is previewed with that loss named before anything is replaced. Through the
// editor's document menu (the More menu on a 390 px phone) and the import dialog, in zh-CN; the tree and
// its images are prepared through the API.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api, treeByUuid } from '../support/api.ts';
import { baseURL, launchBrowser, downloadedText } from '../support/browser.ts';
import { nodeTitled, waitSaveStatus } from '../support/editor.ts';
import { messagesIn } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let owner: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signUpByEmail(`importer_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

const m = messagesIn('zh-CN');

async function uploadNodeImage(treeId: number, nodeId: string): Promise<number> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1971c2' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('tree', String(treeId));
  form.set('node_id', nodeId);
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'node.png');
  const res = await fetch(`${baseURL()}/api/tree/node_image/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** A tree whose HTML and CSS nodes have images; HTML has content and a resource. */
async function treeWithImages(title: string) {
  const tree = await api<{ id: number; uuid: string }>('POST', '/api/tree/skills_tree/', owner.access, {
    title,
    data: { format: 1, layout: { direction: 'TB' }, nodes: [{ id: 'root', parent_id: null, title }], links: [] },
  });
  const html = await uploadNodeImage(tree.id, 'html');
  const css = await uploadNodeImage(tree.id, 'css');
  const data = {
    format: 1,
    layout: { direction: 'TB' },
    nodes: [
      { id: 'root', parent_id: null, title },
      {
        id: 'html',
        parent_id: 'root',
        title: 'HTML',
        content: '标签与**元素**',
        resources: [{ title: 'MDN', url: 'https://developer.mozilla.org/' }],
        image_id: html,
      },
      { id: 'css', parent_id: 'html', title: 'CSS', image_id: css },
    ],
    links: [],
  };
  await api('PATCH', `/api/tree/skills_tree/${tree.id}/`, owner.access, { data });
  return { ...tree, images: { html, css } };
}

/** The document menu: its own button on a desktop, inside the More menu on a phone. */
async function openDocumentMenu(page: Page, phone: boolean) {
  await page.getByTestId(phone ? 'toolbar-more' : 'document-menu').click();
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

describe('replacing a tree from a file', () => {
  for (const viewport of VIEWPORTS) {
    it(`keeps the images of the nodes the file brings back and names the ones it loses (${viewport.name})`, async () => {
      const phone = viewport.width < 500;
      const title = `网页 ${viewport.name} ${Date.now().toString(36)}`;
      const tree = await treeWithImages(title);
      const { context, page, errors } = await signedInPage(browser, owner, { locale: 'zh-CN', ...viewport });
      await page.goto(`/trees/${tree.uuid}`);
      await page.getByTestId('skill-node').first().waitFor();

      // The Markdown export carries the content and the resource, not the titles alone.
      await openDocumentMenu(page, phone);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-markdown').click(),
      ]);
      const markdown = await downloadedText(download);
      expect(markdown).toContain('标签与**元素**');
      expect(markdown).toContain('https://developer.mozilla.org/');

      const choose = async (name: string, text: string) => {
        await openDocumentMenu(page, phone);
        await page
          .locator('input[type="file"][accept*=".markdown"]')
          .setInputFiles({ name, mimeType: 'text/markdown', buffer: Buffer.from(text) });
      };
      const dialog = page.getByRole('dialog', { name: m('trees', 'io.importConfirmTitle') });

      // Without the CSS line, the preview says the CSS image goes; cancel leaves the tree alone.
      await choose('web-short.md', markdown.replace(/^.*- CSS .*\n/m, ''));
      await dialog
        .getByTestId('import-preview-lostImages')
        .getByText(m('trees', 'importPreview.lostImages_other', { count: 1 }), { exact: true })
        .waitFor();
      await expect(dialog.getByTestId('import-preview-kept').count()).resolves.toBe(0);
      await dialog.getByTestId('import-cancel').click();
      await dialog.waitFor({ state: 'detached' });

      // The export with the HTML text edited elsewhere: nothing is lost, and the replace keeps both images.
      await choose('web.md', markdown.replace('标签与**元素**', '标签、属性与**元素**'));
      await dialog.getByTestId('import-preview-kept').getByText(m('trees', 'importPreview.keptAll')).waitFor();
      await dialog.getByTestId('import-confirm').click();
      await dialog.waitFor({ state: 'detached' });
      type SavedNode = { id: string; image_id?: number | null; content?: string; resources?: unknown[] };
      const saved = async () => (await treeByUuid(tree.uuid, owner.access)).data.nodes as SavedNode[];
      // Saved once the replace reached the server: the edited text is there.
      await expect
        .poll(async () => (await saved()).find((n) => n.id === 'html')?.content, { timeout: 15_000 })
        .toBe('标签、属性与**元素**');
      await waitSaveStatus(page, 'saved');
      const nodes = await saved();
      expect(Object.fromEntries(nodes.map((n) => [n.id, n.image_id ?? null]))).toEqual({
        root: null,
        html: tree.images.html,
        css: tree.images.css,
      });
      expect(nodes.find((n) => n.id === 'html')?.resources).toEqual([
        { title: 'MDN', url: 'https://developer.mozilla.org/' },
      ]);

      // The SVG export draws both images, carried inside the file.
      await openDocumentMenu(page, phone);
      const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
      const svg = await downloadedText(svgDownload);
      expect(svg.match(/<image class="image" href="data:image\/[a-z]+;base64,/g)).toHaveLength(2);

      // The version viewer draws them too (a desktop's canvas shows full cards at its opening zoom).
      if (!phone) await versionViewerShowsImages(page, tree);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

/** Saves the tree as a version and finds both node images on the versions page's canvas. */
async function versionViewerShowsImages(page: Page, tree: { id: number; uuid: string }) {
  await api('POST', '/api/tree/skills_tree_version/', owner.access, {
    tree: tree.id,
    data: (await treeByUuid(tree.uuid, owner.access)).data,
  });
  await page.goto(`/trees/${tree.uuid}/versions`);
  await nodeTitled(page, 'CSS').locator('img').waitFor();
  await expect(nodeTitled(page, 'HTML').locator('img').count()).resolves.toBe(1);
}
