// Offline reading and edits (issue #35, UI.md "Third wave": Offline): a learner learns a tree online
// (marks a node), goes offline and reloads; `/learn` still lists the tree and the tree opens in learning
// mode with its progress and the node's note, both kept on the device. Offline, another node is marked
// done and the note edited: both wait on the device. Meanwhile the note changes on the server (another
// device, through the API). Back online, the progress reaches the server and the note, instead of being
// overwritten, opens the side-by-side choice; choosing resolves it and the server holds the chosen text.
// Desktop en-US (keep mine) and 390 px zh-CN (keep theirs), axe clean.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import learningEn from '../../apps/web/src/i18n/learning/en-US.json' with { type: 'json' };
import learningZh from '../../apps/web/src/i18n/learning/zh-CN.json' with { type: 'json' };
import offlineEn from '../../apps/web/src/i18n/offline/en-US.json' with { type: 'json' };
import offlineZh from '../../apps/web/src/i18n/offline/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { nodeTitled } from '../support/editor.ts';
import { allowConsoleErrors } from '../support/error-guard.ts';
import { signedInPage } from '../support/session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const VIEWPORTS = [
  { name: 'desktop', locale: 'en-US', width: 1280, height: 900, L: learningEn, O: offlineEn.learning, choice: 'mine' },
  { name: 'phone', locale: 'zh-CN', width: 390, height: 844, L: learningZh, O: offlineZh.learning, choice: 'theirs' },
] as const;

/** Marks a node through its status menu, as a person would (touch or click). */
async function mark(page: Page, title: string, status: string) {
  await nodeTitled(page, title).getByTestId('learning-status').click();
  await page.getByRole('menuitem', { name: status, exact: true }).click();
  await page.getByRole('menuitem', { name: status, exact: true }).waitFor({ state: 'detached' });
}

describe('offline reading and edits', () => {
  for (const { name, locale, width, height, L, O, choice } of VIEWPORTS) {
    it(`opens a learnt tree offline, queues edits and offers the note choice (${name})`, async () => {
      allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|409/);
      const phone = width < 500;
      const learner = await signUpByEmail(`offread_${name}_${Date.now().toString(36)}`);
      const title = `Offline reading ${name}`;
      const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
        title,
        data: {
          format: 1,
          layout: { direction: 'TB' },
          nodes: [
            { id: 'root', parent_id: null, title },
            { id: 'html', parent_id: 'root', title: 'HTML basics' },
            { id: 'css', parent_id: 'root', title: 'CSS layout' },
          ],
          links: [],
        },
      });
      // A note written earlier (the page opens it from the device later).
      await api('PUT', '/api/learn/notes/', learner.access, {
        tree: tree.uuid,
        node_id: 'css',
        content: 'Flexbox first.',
      });

      const { page, context } = await signedInPage(browser, learner, {
        locale,
        width,
        height,
        serviceWorkers: 'allow',
      });
      // Online: the tree in learning mode, one node marked; then `/learn` lists it.
      await page.goto(`/trees/${tree.uuid}?learn=1`);
      await page.getByTestId('learning-percent').getByText('0%', { exact: true }).waitFor();
      await mark(page, 'HTML basics', L.status.done);
      await page.getByTestId('learning-percent').getByText('50%', { exact: true }).waitFor();
      await page.goto('/learn');
      await page.getByRole('link', { name: fill(L.home.continueLabel, { title }) }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

      // Offline, after a reload: `/learn` from the device, and the tree with its progress and note.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('link', { name: fill(L.home.continueLabel, { title }) }).click();
      await page.getByTestId('learning-percent').getByText('50%', { exact: true }).waitFor();
      await expect
        .poll(() => nodeTitled(page, 'HTML basics').getByTestId('learning-status').getAttribute('data-status'))
        .toBe('done');
      await page.screenshot({ path: `/tmp/offread-tree-offline-${locale}-${width}.png` });

      // Offline edits: CSS marked done, and its note edited; both wait on the device.
      await mark(page, 'CSS layout', L.status.done);
      await expect
        .poll(() => nodeTitled(page, 'CSS layout').getByTestId('learning-status').getAttribute('data-status'))
        .toBe('done');
      await nodeTitled(page, 'CSS layout').getByTestId('node-title').click();
      if (phone) await page.getByTestId('open-node-panel').click();
      const panel = page.getByTestId('node-panel');
      const note = panel.getByRole('textbox', { name: fill(L.notes.label, { title: 'CSS layout' }) });
      await expect.poll(() => note.inputValue()).toBe('Flexbox first.');
      await note.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Then grid.');
      await note.blur();
      await page
        .getByTestId('learning-waiting')
        .getByText(fill(O.waiting_other, { count: 2 }))
        .waitFor();
      await page.screenshot({ path: `/tmp/offread-waiting-${locale}-${width}.png` });

      // Meanwhile the note changes elsewhere.
      await api('PUT', '/api/learn/notes/', learner.access, {
        tree: tree.uuid,
        node_id: 'css',
        content: 'Grid first, from my laptop.',
      });

      // Back online: the progress goes out, and the note asks.
      await context.setOffline(false);
      const dialog = page.getByRole('dialog', { name: O.conflict.title });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByTestId('conflict-mine').getByText('Flexbox first. Then grid.').waitFor();
      await dialog.getByTestId('conflict-theirs').getByText('Grid first, from my laptop.').waitFor();
      await page.screenshot({ path: `/tmp/offread-conflict-${locale}-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      const progress = await api<{ nodes: Record<string, { status: string }> }>(
        'GET',
        `/api/learn/progress/?tree=${tree.uuid}`,
        learner.access,
      );
      expect(Object.fromEntries(Object.entries(progress.nodes).map(([id, n]) => [id, n.status]))).toEqual({
        html: 'done',
        css: 'done',
      });

      // The choice, by keyboard on the desktop and by touch on the phone.
      const button = dialog.getByRole('button', {
        name: choice === 'mine' ? O.conflict.keepMine : O.conflict.keepTheirs,
      });
      if (phone) await button.click();
      else {
        await button.focus();
        await page.keyboard.press('Enter');
      }
      await dialog.waitFor({ state: 'detached' });
      const expected = choice === 'mine' ? 'Flexbox first. Then grid.' : 'Grid first, from my laptop.';
      const notes = await api<{ node_id: string; content: string }[]>(
        'GET',
        `/api/learn/notes/?tree=${tree.uuid}`,
        learner.access,
      );
      expect(notes.map((n) => [n.node_id, n.content])).toEqual([['css', expected]]);
      if (phone && !(await note.isVisible())) await page.getByTestId('open-node-panel').click();
      await expect.poll(() => note.inputValue()).toBe(expected);
      await context.close();
    });
  }
});
