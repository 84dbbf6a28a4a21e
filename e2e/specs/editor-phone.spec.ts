// The editor on a phone (390 px): the canvas takes the screen, the node panel is a bottom drawer
// opened from the toolbar, and edits made there are saved like on a desktop.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, treeByUuid } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { nodeTitled, waitSaveStatus } from '../support/editor.ts';
import { apiLogin, presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let tokens: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  tokens = await apiLogin();
});
afterAll(async () => browser?.close());

describe('the editor on a phone', () => {
  it('opens the node panel as a drawer from the toolbar and saves what is typed there', async () => {
    const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', tokens.access, {
      title: 'Phone tree',
      data: {
        format: 1,
        layout: { direction: 'TB' },
        nodes: [
          { id: 'root', parent_id: null, title: 'Phone root' },
          { id: 'a', parent_id: 'root', title: 'Pocket skill' },
        ],
        links: [],
      },
    });
    const { context, page, errors } = await newPage(browser, { locale: 'en-US', width: 390, height: 844 });
    await presetStorage(context, { 'arbor.locale': 'en-US' });
    const signedIn = await signInContext(context, tokens);
    await page.close();
    await signedIn.goto(`/trees/${tree.uuid}`);

    // The canvas is not squeezed by a side panel: the drawer stays closed until asked for.
    await nodeTitled(signedIn, 'Pocket skill').click();
    await expect(signedIn.getByTestId('node-panel').isVisible()).resolves.toBe(false);
    const canvasWidth = await signedIn.getByTestId('tree-canvas').evaluate((el) => el.getBoundingClientRect().width);
    expect(canvasWidth).toBeGreaterThan(380);
    // No minimap on a phone: it would cover the tree (no button for it either).
    await expect(signedIn.locator('.react-flow__minimap').count()).resolves.toBe(0);
    await expect(signedIn.getByRole('button', { name: 'Show or hide the minimap' }).count()).resolves.toBe(0);

    await signedIn.getByTestId('open-node-panel').click();
    const panel = signedIn.getByTestId('node-panel');
    await panel.getByRole('heading', { name: 'Pocket skill', exact: true }).waitFor();
    const summary = panel.getByTestId('node-summary-field');
    await summary.fill('Learned on the bus');
    await expect
      .poll(async () => (await treeByUuid(tree.uuid, tokens.access)).data.nodes.find((n) => n.id === 'a')?.summary, {
        timeout: 15_000,
      })
      .toBe('Learned on the bus');
    await waitSaveStatus(signedIn, 'saved');
    expect(errors).toEqual([]);
    await context.close();
  });
});
