import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api, treeByUuid } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { nodeTitled, selectNode, typeTitle, waitSaveStatus } from '../support/editor.ts';
import { presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

/**
 * Two tabs of one user edit the same tree. The second save hits 412 and the conflict dialog lets the
 * user pick a side; whichever is picked, the server ends up with exactly that side, and nothing is
 * overwritten without the user choosing it.
 */

let browser: Browser;
let user: ApiTokens & { username: string };
let context: BrowserContext;
let tabA: Page;
let tabB: Page;
let tree: { id: number; uuid: string };

const titlesOnServer = async () => (await treeByUuid(tree.uuid, user.access)).data.nodes.map((n) => n.title).sort();

async function openEditor(page: Page) {
  await page.goto(`/trees/${tree.uuid}`);
  await nodeTitled(page, 'Alpha').waitFor();
  await waitSaveStatus(page, 'saved');
}

/** Renames the node `from` to `to` in place (F2) in the front tab. */
async function rename(page: Page, from: string, to: string) {
  await page.bringToFront();
  await selectNode(page, from);
  await page.keyboard.press('F2');
  await typeTitle(page, to);
  await nodeTitled(page, to).waitFor();
}

/** Adds a child titled `title` under `parent` from the keyboard (Tab) in the front tab. */
async function addChild(page: Page, parent: string, title: string) {
  await page.bringToFront();
  await selectNode(page, parent);
  await page.keyboard.press('Tab');
  await typeTitle(page, title);
  await nodeTitled(page, title).waitFor();
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'This tree was changed elsewhere' });

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpByEmail(`conflict_${Date.now().toString(36)}`);
  tree = await api('POST', '/api/tree/skills_tree/', user.access, {
    title: 'Shared plan',
    data: {
      format: 1,
      nodes: [
        { id: 'root', parent_id: null, title: 'Shared plan' },
        { id: 'alpha', parent_id: 'root', title: 'Alpha' },
        { id: 'beta', parent_id: 'root', title: 'Beta' },
      ],
    },
  });
  const opened = await newPage(browser, { locale: 'en-US', width: 1440, height: 900 });
  context = opened.context;
  await opened.page.close();
  await presetStorage(context, { 'arbor.locale': 'en-US' });
  // Two tabs of the same signed-in user (one browser profile: shared storage and tokens).
  tabA = await signInContext(context, user);
  tabB = await context.newPage();
  await openEditor(tabA);
  await openEditor(tabB);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('two tabs editing one tree', () => {
  it("stops the stale tab's save with the conflict dialog, and 'Overwrite with mine' writes exactly that tab's copy", async () => {
    // Tab A renames a node and adds one; both reach the server.
    await rename(tabA, 'Alpha', 'Alpha from A');
    await addChild(tabA, 'Beta', 'Child from A');
    await waitSaveStatus(tabA, 'saved');
    expect(await titlesOnServer()).toEqual(['Alpha from A', 'Beta', 'Child from A', 'Shared plan']);

    // Tab B still shows the old copy; its edit is refused with 412 and the dialog asks.
    await nodeTitled(tabB, 'Alpha').waitFor();
    await addChild(tabB, 'Alpha', 'Child from B');
    await dialogOf(tabB).waitFor();
    await waitSaveStatus(tabB, 'conflict');
    await expect(tabB.getByTestId('conflict-reload').innerText()).resolves.toBe('Reload theirs');
    await expect(tabB.getByTestId('conflict-overwrite').innerText()).resolves.toBe('Overwrite with mine');
    // Nothing was written over tab A's save while the user has not chosen.
    expect(await titlesOnServer()).toEqual(['Alpha from A', 'Beta', 'Child from A', 'Shared plan']);

    // "Overwrite with mine": the server holds tab B's copy, A's edits replaced as announced.
    await tabB.getByTestId('conflict-overwrite').click();
    await dialogOf(tabB).waitFor({ state: 'detached' });
    await waitSaveStatus(tabB, 'saved');
    const saved = await treeByUuid(tree.uuid, user.access);
    expect(saved.data.nodes.map((n) => n.title).sort()).toEqual(['Alpha', 'Beta', 'Child from B', 'Shared plan']);
    expect(saved.data.nodes.find((n) => n.title === 'Child from B')?.parent_id).toBe('alpha');
    // Tab B goes on saving normally from the new revision.
    await rename(tabB, 'Beta', 'Beta from B');
    await waitSaveStatus(tabB, 'saved');
    expect(await titlesOnServer()).toEqual(['Alpha', 'Beta from B', 'Child from B', 'Shared plan']);
  });

  it("'Reload theirs' drops the stale tab's edit and continues from the server's copy", async () => {
    // Tab A is now the stale one (tab B overwrote and saved after it).
    await nodeTitled(tabA, 'Alpha from A').waitFor();
    await rename(tabA, 'Alpha from A', 'Lost on reload');
    await dialogOf(tabA).waitFor();
    await waitSaveStatus(tabA, 'conflict');
    expect(await titlesOnServer()).toEqual(['Alpha', 'Beta from B', 'Child from B', 'Shared plan']);

    await tabA.getByTestId('conflict-reload').click();
    await dialogOf(tabA).waitFor({ state: 'detached' });
    await waitSaveStatus(tabA, 'saved');
    // The canvas shows the server's copy; the server was not touched by the reload.
    await nodeTitled(tabA, 'Child from B').waitFor();
    await nodeTitled(tabA, 'Beta from B').waitFor();
    await expect(nodeTitled(tabA, 'Lost on reload').count()).resolves.toBe(0);
    await expect(nodeTitled(tabA, 'Child from A').count()).resolves.toBe(0);
    expect(await titlesOnServer()).toEqual(['Alpha', 'Beta from B', 'Child from B', 'Shared plan']);

    // And the next edit in tab A saves on top of it, keeping tab B's work.
    await addChild(tabA, 'Child from B', 'After reload');
    await waitSaveStatus(tabA, 'saved');
    expect(await titlesOnServer()).toEqual(['After reload', 'Alpha', 'Beta from B', 'Child from B', 'Shared plan']);
  });
});
