// The editor's one action registry (issue #30): Ctrl/⌘+S saves without the browser's "Save page as",
// `?` shows the keyboard shortcuts from the registry in the UI language, and a phone's More menu holds
// the same actions as a wide toolbar.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, treeByUuid } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { selectNode, waitSaveStatus } from '../support/editor.ts';
import { messagesIn } from '../support/i18n.ts';
import { apiLogin, presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let tokens: ApiTokens;
const m = messagesIn('en-US');

beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await apiLogin();
});
afterAll(async () => browser?.close());

async function openTree(title: string, viewport: { width: number; height: number }) {
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', tokens.access, {
    title,
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title: `${title} root` },
        { id: 'a', parent_id: 'root', title: 'Shortcut skill' },
      ],
      links: [],
    },
  });
  const { context, page, errors } = await newPage(browser, { locale: 'en-US', ...viewport });
  await presetStorage(context, { 'arbor.locale': 'en-US' });
  const signedIn = await signInContext(context, tokens);
  await page.close();
  await signedIn.goto(`/trees/${tree.uuid}`);
  await signedIn.getByTestId('save-status').waitFor();
  return { tree, context, page: signedIn, errors };
}

/** Remembers, after the editor's own listeners, whether the last Ctrl/⌘+S had its default prevented. */
async function watchSaveKey(page: Page) {
  await page.evaluate(() => {
    window.addEventListener('keydown', (event) => {
      if (event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey))
        (window as unknown as { savePrevented: boolean }).savePrevented = event.defaultPrevented;
    });
  });
  return () => page.evaluate(() => (window as unknown as { savePrevented?: boolean }).savePrevented);
}

describe('editor shortcuts', () => {
  it('saves with Ctrl+S from a text field and lists the shortcuts with ?', async () => {
    const { tree, context, page, errors } = await openTree('Shortcuts desk', { width: 1280, height: 860 });
    const savePrevented = await watchSaveKey(page);

    await selectNode(page, 'Shortcut skill');
    await page.getByTestId('node-panel').getByTestId('node-summary-field').fill('Saved by the keyboard');
    await page.keyboard.press('ControlOrMeta+s');
    await waitSaveStatus(page, 'saved');
    await expect.poll(savePrevented).toBe(true);
    await expect
      .poll(async () => (await treeByUuid(tree.uuid, tokens.access)).data.nodes.find((n) => n.id === 'a')?.summary, {
        timeout: 15_000,
      })
      .toBe('Saved by the keyboard');

    // `?` on the canvas: the sheet lists the registry's actions with their keys.
    await page.getByTestId('tree-canvas').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: m('trees', 'shortcuts.title') });
    await sheet.waitFor();
    const undo = sheet.getByRole('row').filter({ hasText: m('trees', 'toolbar.undo') });
    await expect(undo.innerText()).resolves.toMatch(/Ctrl\+Z|⌘Z/);
    await sheet
      .getByRole('row')
      .filter({ hasText: m('trees', 'actions.save') })
      .waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The desktop toolbar draws the same entries: Undo, the document menu, Save version.
    await page.getByRole('button', { name: m('trees', 'toolbar.undo') }).waitFor();
    await page.getByTestId('document-menu').waitFor();
    await page.getByTestId('save-version').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the same actions in the phone More menu, the shortcut sheet among them', async () => {
    const { context, page, errors } = await openTree('Shortcuts phone', { width: 390, height: 844 });
    await page.getByRole('button', { name: m('trees', 'toolbar.undo') }).waitFor();
    await page.getByTestId('toolbar-more').click();
    const menu = page.getByTestId('toolbar-more-menu');
    for (const name of [
      m('trees', 'toolbar.fit'),
      m('trees', 'toolbar.versions'),
      m('trees', 'toolbar.saveVersion'),
      m('trees', 'io.png'),
      m('trees', 'io.importFile'),
      m('trees', 'layout.LR'),
      m('community', 'share.action'),
    ])
      await menu.getByRole('menuitem', { name, exact: true }).or(menu.getByRole('menuitemradio', { name })).waitFor();
    await menu.getByRole('menuitem', { name: m('trees', 'shortcuts.title') }).click();
    const sheet = page.getByRole('dialog', { name: m('trees', 'shortcuts.title') });
    await sheet
      .getByRole('row')
      .filter({ hasText: m('trees', 'toolbar.redo') })
      .waitFor();
    const box = await sheet.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
