import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, downloadedText, downloadedBytes } from '../support/browser.ts';
import { readSvgDrawing } from '../support/export.ts';

interface Tokens {
  access: string;
  refresh: string;
}
interface DocNode {
  id: string;
  parent_id: string | null;
  title: string;
  content: string;
}

let browser: Browser;
let tokens: Tokens;

async function login(): Promise<Tokens> {
  const res = await fetch(`${baseURL()}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'arbor-e2e-admin-pass' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

async function treeData(uuid: string): Promise<DocNode[]> {
  const res = await fetch(`${baseURL()}/api/tree/skills_tree/get_data_by_uuid/?uuid=${uuid}`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { nodes: DocNode[] } }).data.nodes;
}

/** Each parent's title with its children's titles in sibling order: the structure regardless of ids and array order. */
function shape(nodes: DocNode[]): string[] {
  const title = new Map(nodes.map((n) => [n.id, n.title]));
  const children = new Map<string, string[]>();
  for (const n of nodes) {
    const parent = n.parent_id ? title.get(n.parent_id)! : '∅';
    children.set(parent, [...(children.get(parent) ?? []), n.title]);
  }
  return [...children].map(([parent, kids]) => `${parent} > ${kids.join(' | ')}`).sort();
}

async function loggedInPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser, { locale: 'en-US', width: 1440, height: 900 });
  await opened.context.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('__arbor__jwt__', JSON.stringify({ accessToken: access, refreshToken: refresh }));
      localStorage.setItem('arbor.locale', 'en-US');
    },
    [tokens.access, tokens.refresh] as const,
  );
  return opened;
}

const nodeTitled = (page: Page, title: string) =>
  page.getByTestId('skill-node').filter({ has: page.getByTestId('node-title').getByText(title, { exact: true }) });

/** Selects a node through the search box, which also brings it on screen. */
async function selectNode(page: Page, title: string) {
  const search = page.getByTestId('node-search');
  await search.fill(title);
  await search.press('Enter');
  await page.getByTestId('node-panel').getByRole('heading', { name: title, exact: true }).waitFor();
  // The editor hands the focus from the search box to the canvas just after the jump; keyboard
  // shortcuts sent before that would go to the search box.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') !== 'node-search');
}

async function waitSaved(page: Page) {
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 15_000 });
}

/** Types a title into the node being edited and commits it with Enter. */
async function typeTitle(page: Page, title: string) {
  const input = page.getByTestId('node-title-input');
  await input.waitFor();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await login();
});
afterAll(async () => browser?.close());

describe('the skill-tree editor', () => {
  it('builds a tree from the keyboard, autosaves, versions, compares, rolls back, exports and re-imports it', async () => {
    const { page, context, errors } = await loggedInPage();

    // Create a blank tree from /trees.
    await page.goto('/trees');
    await page.getByTestId('new-tree').click();
    await page.getByTestId('new-blank').click();
    await page.getByTestId('create-title').fill('E2E skills');
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    await nodeTitled(page, 'E2E skills').waitFor();

    // Ten nodes with the keyboard only: Tab = child, Enter = sibling, ArrowUp = parent.
    const steps: Array<[string, string]> = [
      ['Tab', 'Basics'],
      ['Tab', 'Syntax'],
      ['Enter', 'Types'],
      ['Enter', 'Functions'],
      ['ArrowUp', ''],
      ['Enter', 'Tooling'],
      ['Tab', 'Git'],
      ['Enter', 'Testing'],
      ['ArrowUp', ''],
      ['Enter', 'Projects'],
      ['Tab', 'CLI app'],
      ['Enter', 'Web app'],
    ];
    for (const [key, title] of steps) {
      await page.keyboard.press(key);
      if (title) await typeTitle(page, title);
    }
    await expect(page.locator('[data-testid="skill-node"]').count()).resolves.toBe(11);

    // Edit content in the side panel; the preview renders sanitised Markdown with safe links.
    await selectNode(page, 'Syntax');
    await page
      .getByTestId('node-content')
      .fill('**Variables** and <script>window.bad=1</script> [docs](https://example.com)');
    await page.getByTestId('node-panel').getByText('Preview', { exact: true }).click();
    const preview = page.getByTestId('markdown-preview');
    await expect(preview.locator('strong').innerText()).resolves.toBe('Variables');
    await expect(preview.locator('a').getAttribute('rel')).resolves.toContain('nofollow');
    await expect(preview.locator('a').getAttribute('target')).resolves.toBe('_blank');
    await expect(preview.locator('script').count()).resolves.toBe(0);
    await waitSaved(page);

    // Reload: everything is there.
    await page.reload();
    await nodeTitled(page, 'Web app').waitFor();
    await expect(page.locator('[data-testid="skill-node"]').count()).resolves.toBe(11);
    const saved = await treeData(uuid);
    expect(saved.find((n) => n.title === 'Syntax')?.content).toContain('**Variables**');

    // Save a version.
    await page.getByTestId('save-version').click();
    await page.getByTestId('version-message').fill('Ten skills');
    await page.getByTestId('version-save').click();
    await page.getByText(/Version \d+ saved/).waitFor();

    // Change more: delete one branch, add a node.
    await selectNode(page, 'Testing');
    await page.keyboard.press('Delete');
    await nodeTitled(page, 'Testing').waitFor({ state: 'detached' });
    await selectNode(page, 'Projects');
    await page.keyboard.press('Enter');
    await typeTitle(page, 'Docs');
    await waitSaved(page);

    // Compare the saved version with the working copy.
    await page.getByTestId('open-versions').click();
    await page.getByTestId('versions-page').waitFor();
    await page.getByTestId('versions-mode').getByText('Compare').click();
    const summary = page.getByTestId('diff-summary');
    await expect.poll(() => summary.getByTestId('diff-count-added').innerText()).toMatch(/1$/);
    await expect.poll(() => summary.getByTestId('diff-count-removed').innerText()).toMatch(/1$/);
    await expect.poll(() => summary.innerText()).toContain('Docs');

    // Roll back to that version (the newest one) and find the removed node back in the editor.
    await page.getByTestId('versions-mode').getByText('View').click();
    await page.getByTestId('version-item').first().getByTestId('version-rollback').click();
    // The confirm button of the dialog, not the list's own "Roll back" that the dialog now covers.
    await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await page.waitForURL(new RegExp(`/trees/${uuid}$`));
    await nodeTitled(page, 'Testing').waitFor();
    await expect(nodeTitled(page, 'Docs').count()).resolves.toBe(0);

    // Export PNG and Markdown.
    await page.getByTestId('document-menu').click();
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
    const pngBytes = await downloadedBytes(png);
    expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');
    expect(pngBytes.length).toBeGreaterThan(2000);
    // The tree fills the picture (not a speck in a blank image): what differs from the background
    // spans most of its width and height.
    const drawn = await page.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(
        new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
      );
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let minX = bitmap.width,
        minY = bitmap.height,
        maxX = -1,
        maxY = -1;
      for (let y = 0; y < bitmap.height; y++) {
        for (let x = 0; x < bitmap.width; x++) {
          const i = (y * bitmap.width + x) * 4;
          if (
            Math.abs(data[i]! - data[0]!) + Math.abs(data[i + 1]! - data[1]!) + Math.abs(data[i + 2]! - data[2]!) >
            30
          ) {
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
          }
        }
      }
      return { width: (maxX - minX + 1) / bitmap.width, height: (maxY - minY + 1) / bitmap.height };
    }, pngBytes.toString('base64'));
    expect(drawn.width).toBeGreaterThan(0.6);
    expect(drawn.height).toBeGreaterThan(0.6);
    // The SVG export is a real vector drawing: well-formed XML without a foreignObject (or anything
    // that runs or loads), one card and one title per node, a stroked path per tree edge that needs
    // no stylesheet, and small.
    await page.getByTestId('document-menu').click();
    const [svgFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    expect(svgFile.suggestedFilename()).toMatch(/\.svg$/);
    const svg = await downloadedText(svgFile);
    expect(Buffer.byteLength(svg)).toBeLessThan(50_000);
    const documentTitles = (await treeData(uuid)).map((n) => n.title).sort();
    expect(documentTitles).toHaveLength(11);
    const drawing = await readSvgDrawing(page, svg);
    expect(drawing).toMatchObject({ root: 'svg', parseErrors: 0, unsafe: [0, 0, 0, 0, 0], cards: 11, edgePaths: 10 });
    expect(drawing.titles.sort()).toEqual(documentTitles);
    expect(drawing.edgeStroke).toMatch(/^#[0-9a-f]{6}$/);
    expect(svg).not.toMatch(/href="(?!#)|url\((?!#)/);
    // The PNG is that drawing rasterised at twice its size: no collapse buttons, handles or selection
    // ring, which the drawing does not have. The downloaded SVG, drawn by the page at the PNG's size,
    // matches the PNG pixel for pixel (within antialiasing).
    const derived = await page.evaluate(
      async ({ markup, base64 }) => {
        const bitmap = await createImageBitmap(
          new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
        );
        const xml = new DOMParser().parseFromString(markup, 'image/svg+xml');
        const natural = {
          width: Number(xml.documentElement.getAttribute('width')),
          height: Number(xml.documentElement.getAttribute('height')),
        };
        xml.documentElement.setAttribute('width', String(bitmap.width));
        xml.documentElement.setAttribute('height', String(bitmap.height));
        const url = URL.createObjectURL(
          new Blob([new XMLSerializer().serializeToString(xml)], { type: 'image/svg+xml' }),
        );
        const image = new Image();
        image.src = url;
        await image.decode();
        URL.revokeObjectURL(url);
        const pixels = (source: CanvasImageSource) => {
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(source, 0, 0, bitmap.width, bitmap.height);
          return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
        };
        const png = pixels(bitmap);
        const drawn = pixels(image);
        let differing = 0;
        for (let i = 0; i < png.length; i += 4) {
          const delta =
            Math.abs(png[i]! - drawn[i]!) +
            Math.abs(png[i + 1]! - drawn[i + 1]!) +
            Math.abs(png[i + 2]! - drawn[i + 2]!);
          if (delta > 30) differing++;
        }
        return {
          widthRatio: bitmap.width / natural.width,
          heightRatio: bitmap.height / natural.height,
          differing: differing / (bitmap.width * bitmap.height),
        };
      },
      { markup: svg, base64: pngBytes.toString('base64') },
    );
    expect(derived.widthRatio).toBeCloseTo(2, 1);
    expect(derived.heightRatio).toBeCloseTo(2, 1);
    expect(derived.differing).toBeLessThan(0.005);
    await page.getByTestId('document-menu').click();
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-markdown').click()]);
    const markdown = await downloadedText(md);
    expect(markdown).toContain('# E2E skills');
    expect(markdown).toContain('  - Syntax');

    // Import that Markdown as a new tree: same structure.
    await page.goto('/trees');
    await page.getByTestId('new-tree').click();
    await page.getByTestId('new-markdown').click();
    await page.getByRole('tab', { name: 'File' }).click();
    await page
      .locator('input[type="file"][accept*=".md"]')
      .setInputFiles({ name: 'e2e-skills.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown) });
    // The file is previewed first (the root's title, every node), and the tree is created on confirm.
    const importPreview = page.getByTestId('import-preview');
    await expect(importPreview.getByTestId('import-preview-title').innerText()).resolves.toBe('E2E skills');
    await expect(importPreview.getByTestId('import-preview-nodes').innerText()).resolves.toBe('11');
    await page.getByTestId('import-confirm').click();
    await page.waitForURL((url) => /\/trees\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(uuid));
    const importedUuid = page.url().split('/').pop()!;
    await nodeTitled(page, 'Web app').waitFor();
    expect(shape(await treeData(importedUuid))).toEqual(shape(await treeData(uuid)));

    expect(errors).toEqual([]);
    await context.close();
  });
});
