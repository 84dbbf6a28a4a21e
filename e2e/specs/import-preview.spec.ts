import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.ts';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';
import { jsonFile, openJsonImport } from '../support/import.ts';
import { apiLogin, type ApiTokens } from '../support/session.ts';

interface StoredDoc {
  nodes: Array<{ id: string; parent_id: string | null; title: string; image_id: number | null }>;
  links: Array<{ source: string; target: string; kind: string }>;
}

let browser: Browser;
let tokens: ApiTokens;

/** An export from another tree: two node images (ids of that tree) and a link to a node it does not have. */
const BREAD = {
  format: 1,
  nodes: [
    { id: 'root', parent_id: null, title: 'Bread baking', image_id: 9001 },
    { id: 'flour', parent_id: 'root', title: 'Flour', image_id: 9002 },
    { id: 'starter', parent_id: 'root', title: 'Sourdough starter' },
    { id: 'shaping', parent_id: 'starter', title: 'Shaping' },
  ],
  links: [
    { source: 'flour', target: 'starter', kind: 'prerequisite' },
    { source: 'shaping', target: 'oven', kind: 'related' },
  ],
};

async function treeData(uuid: string): Promise<StoredDoc> {
  const res = await fetch(`${baseURL()}/api/tree/skills_tree/get_data_by_uuid/?uuid=${uuid}`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: StoredDoc }).data;
}

async function loggedInPage(
  locale: string,
  size = { width: 1280, height: 860 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser, { locale, ...size });
  await opened.context.addInitScript(
    ([access, refresh, lang]) => {
      // about:blank (axe's frames) has no storage to preset.
      if (!location.origin.startsWith('http')) return;
      localStorage.setItem('__arbor__jwt__', JSON.stringify({ accessToken: access, refreshToken: refresh }));
      localStorage.setItem('arbor.locale', lang);
    },
    [tokens.access, tokens.refresh, locale] as const,
  );
  return opened;
}

/** Searches My trees for `text` and waits for the list to answer that search. */
async function searchTrees(page: Page, text: string) {
  await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/api/tree/skills_tree/?') && new URL(r.url()).searchParams.get('search') === text,
    ),
    page.getByRole('textbox', { name: 'Search my trees' }).fill(text),
  ]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await apiLogin();
});
afterAll(async () => browser?.close());

describe('importing a file shows what it will create before writing anything', () => {
  it('previews a JSON file on My trees, creates nothing on cancel, and creates the tree on confirm', async () => {
    const { page, context, errors } = await loggedInPage('en-US');
    await page.goto('/trees');

    await openJsonImport(page);
    const dialog = page.getByRole('dialog', { name: 'New tree from a file' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"][accept*=".json"]').setInputFiles(jsonFile('bread.json', BREAD));
    const preview = dialog.getByTestId('import-preview');
    await expect(preview.getByTestId('import-preview-title').innerText()).resolves.toBe('Bread baking');
    await expect(preview.getByTestId('import-preview-nodes').innerText()).resolves.toBe('4');
    await expect(preview.getByTestId('import-preview-links').innerText()).resolves.toBe('1');
    await expect(preview.getByTestId('import-preview-images').innerText()).resolves.toMatch(
      /^2 node images are dropped/,
    );
    await expect(preview.getByTestId('import-preview-danglingLinks').innerText()).resolves.toMatch(/^1 link to a node/);

    // Cancel: the dialog goes and no tree by that name is in the list.
    await dialog.getByTestId('create-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await searchTrees(page, 'Bread baking');
    await page.getByTestId('trees-empty').waitFor();
    await expect(page.getByTestId('tree-card').count()).resolves.toBe(0);

    // Choose again, confirm: the editor opens on the imported nodes, without the foreign images or the dangling link.
    await openJsonImport(page);
    await dialog.waitFor();
    await dialog.locator('input[type="file"][accept*=".json"]').setInputFiles(jsonFile('bread.json', BREAD));
    await expect(dialog.getByTestId('import-preview-nodes').innerText()).resolves.toBe('4');
    await dialog.getByTestId('import-confirm').click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    await page
      .getByTestId('skill-node')
      .filter({ has: page.getByTestId('node-title').getByText('Shaping', { exact: true }) })
      .waitFor();
    await expect(page.getByTestId('skill-node').count()).resolves.toBe(4);
    const stored = await treeData(uuid);
    expect(stored.nodes.map((n) => n.title)).toEqual(['Bread baking', 'Flour', 'Sourdough starter', 'Shaping']);
    expect(stored.nodes.map((n) => n.image_id)).toEqual([null, null, null, null]);
    expect(stored.links).toEqual([{ source: 'flour', target: 'starter', kind: 'prerequisite' }]);

    // The tree is in the list now.
    await page.goto('/trees');
    await searchTrees(page, 'Bread baking');
    await expect(page.getByTestId('tree-card').filter({ hasText: 'Bread baking' }).count()).resolves.toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('previews the editor’s import before replacing the tree, and replaces only on confirm', async () => {
    const { page, context, errors } = await loggedInPage('en-US');
    await page.goto('/trees');
    await searchTrees(page, 'Bread baking');
    await page.getByRole('link', { name: 'Bread baking', exact: true }).click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop()!;
    // The editor's code loads on this first visit: on a busy machine that takes more than poll's 5 s.
    await expect.poll(() => page.getByTestId('skill-node').count(), { timeout: 20_000 }).toBe(4);

    const rye = {
      nodes: [
        { id: 'r', parent_id: null, title: 'Rye', image_id: 4242, mood: 'good' },
        { id: 'c', parent_id: 'r', title: 'Caraway' },
      ],
    };
    const chooseInMenu = async () => {
      await page.getByTestId('document-menu').click();
      await page.locator('input[type="file"][accept*=".markdown"]').setInputFiles(jsonFile('rye.json', rye));
    };
    await chooseInMenu();
    const dialog = page.getByRole('dialog', { name: 'Replace this tree?' });
    await expect(dialog.getByTestId('import-preview-nodes').innerText()).resolves.toBe('2');
    await expect(dialog.getByTestId('import-preview-images').innerText()).resolves.toMatch(/^1 node image is dropped/);
    await expect(dialog.getByTestId('import-preview-unknownFields').innerText()).resolves.toContain('mood');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByTestId('import-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('skill-node').count()).resolves.toBe(4);
    expect((await treeData(uuid)).nodes).toHaveLength(4);

    await chooseInMenu();
    await expect(dialog.getByTestId('import-preview-title').innerText()).resolves.toBe('Rye');
    await dialog.getByTestId('import-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('skill-node').count()).toBe(2);
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await treeData(uuid)).nodes.map((n) => [n.title, n.image_id]))
      .toEqual([
        ['Rye', null],
        ['Caraway', null],
      ]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a broken file’s problem in the UI language, never the parser’s English', async () => {
    const { page, context, errors } = await loggedInPage('zh-CN');
    await page.goto('/trees');
    await openJsonImport(page);
    const dialog = page.getByRole('dialog', { name: '从文件新建' });
    await dialog.waitFor();
    const input = dialog.locator('input[type="file"][accept*=".json"]');

    await input.setInputFiles(jsonFile('broken.json', '{ "nodes": [ { "id": "a", '));
    const error = dialog.getByTestId('import-preview-error');
    await expect(error.getAttribute('data-problem')).resolves.toBe('notJson');
    const notJson = await error.innerText();
    expect(notJson).toContain('无法导入该文件');
    expect(notJson).toContain('该文件不是 JSON，或 JSON 已损坏。');
    expect(notJson).not.toMatch(/Unexpected|JSON at position|not valid JSON/);
    await expect(dialog.getByTestId('import-confirm').isDisabled()).resolves.toBe(true);

    // A document tree-core refuses: the known problem in Chinese, naming the node.
    await input.setInputFiles(
      jsonFile('orphan.json', {
        nodes: [
          { id: 'r', parent_id: null, title: 'R' },
          { id: 'a', parent_id: 'nowhere', title: 'A' },
        ],
      }),
    );
    await expect(error.getAttribute('data-problem')).resolves.toBe('invalid');
    await expect.poll(() => error.innerText()).toContain('节点“a”：它的父节点“nowhere”不在文件中。');
    expect(await error.innerText()).not.toContain('does not exist');
    await expect(dialog.getByTestId('import-confirm').isDisabled()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
  it('works on a phone and from the keyboard: the preview fits, has no serious axe finding, and confirms with Enter', async () => {
    const { page, context, errors } = await loggedInPage('ja-JP', { width: 360, height: 740 });
    await page.goto('/trees');
    await openJsonImport(page);
    const dialog = page.getByRole('dialog', { name: 'ファイルから新規作成' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"][accept*=".json"]').setInputFiles(
      jsonFile('pottery.json', {
        nodes: [
          { id: 'p', parent_id: null, title: 'Pottery', image_id: 5 },
          { id: 'w', parent_id: 'p', title: 'Wheel throwing' },
        ],
      }),
    );
    await expect(dialog.getByTestId('import-preview-title').innerText()).resolves.toBe('Pottery');
    await expect(dialog.getByTestId('import-preview-images').innerText()).resolves.toContain('1 件のノード画像');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);

    // From the file button, Tab reaches the confirm button and Enter creates the tree.
    await dialog.getByTestId('create-json-file').focus();
    for (let i = 0; i < 5; i++) {
      if (await dialog.getByTestId('import-confirm').evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(dialog.getByTestId('import-confirm').evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    await page
      .getByTestId('skill-node')
      .filter({ has: page.getByTestId('node-title').getByText('Wheel throwing', { exact: true }) })
      .waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
