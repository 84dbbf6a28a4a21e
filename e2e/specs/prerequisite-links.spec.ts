// A prerequisite link made from a node's own panel (issue 27): on JavaScript's panel the author says
// "JavaScript needs HTML first", reads the sentence the form and the link list show ("先学 HTML，再学
// JavaScript"), and in learning mode finds HTML open and JavaScript locked behind it. The tree is
// prepared through the API without links; every step of the author is a click or a key. In zh-CN on a
// desktop and a 390 px phone.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api, treeByUuid } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { nodeTitled, waitSaveStatus } from '../support/editor.ts';
import { messagesIn } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let author: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`linker_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

const m = messagesIn('zh-CN');
const statusButton = (page: Page, title: string): Locator => nodeTitled(page, title).getByTestId('learning-status');

/** Picks `option` in the Select labelled `label` inside `scope`, by clicking as a person does. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

describe('prerequisite links from a node panel', () => {
  for (const viewport of VIEWPORTS) {
    it(`"JavaScript needs HTML first" locks JavaScript behind HTML (${viewport.name})`, async () => {
      const phone = viewport.width < 500;
      const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', author.access, {
        title: `Web ${viewport.name}`,
        data: {
          format: 1,
          layout: { direction: 'TB' },
          unlock: 'links',
          nodes: [
            { id: 'root', parent_id: null, title: `Web ${viewport.name}` },
            { id: 'html', parent_id: 'root', title: 'HTML' },
            { id: 'js', parent_id: 'root', title: 'JavaScript' },
          ],
          links: [],
        },
      });
      const { context, page, errors } = await signedInPage(browser, author, { locale: 'zh-CN', ...viewport });
      await page.goto(`/trees/${tree.uuid}`);

      // JavaScript's panel: the side panel on a desktop, the bottom drawer on a phone.
      await nodeTitled(page, 'JavaScript').getByTestId('node-title').click();
      if (phone) await page.getByTestId('open-node-panel').click();
      const panel = page.getByTestId('node-panel');
      await panel.getByRole('heading', { name: 'JavaScript', exact: true }).waitFor();

      await panel.getByTestId('add-link').click();
      const form = panel.getByTestId('link-form');
      await pick(page, form, m('trees', 'panel.linkKind'), m('trees', 'panel.relation.needs'));
      await pick(page, form, m('trees', 'panel.linkTarget'), 'HTML');
      // The form says in words which one comes first, before anything is stored.
      const sentence = m('trees', 'links.before', { first: 'HTML', then: 'JavaScript' });
      await form.getByTestId('link-sentence').getByText(sentence, { exact: true }).waitFor();
      await form.getByRole('button', { name: m('trees', 'panel.addLink'), exact: true }).click();
      await panel.getByTestId('link-line').getByText(sentence, { exact: true }).waitFor();
      await waitSaveStatus(page, 'saved');
      const saved = await treeByUuid(tree.uuid, author.access);
      expect(saved.data.links).toEqual([{ source: 'html', target: 'js', kind: 'prerequisite' }]);

      if (phone) await page.keyboard.press('Escape');
      await panel.waitFor({ state: phone ? 'hidden' : 'visible' });

      // Learning mode: HTML is open, JavaScript waits for it.
      await page.getByTestId('learning-toggle').click();
      const js = statusButton(page, 'JavaScript');
      await expect.poll(() => js.getAttribute('data-locked')).toBe('true');
      await expect(js.getAttribute('aria-label')).resolves.toContain(m('learning', 'node.locked', { titles: 'HTML' }));
      await expect.poll(() => statusButton(page, 'HTML').getAttribute('data-status')).not.toBeNull();
      expect(await statusButton(page, 'HTML').getAttribute('data-locked')).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
