// The changelog line of a share (issue 27): the author writes it in the share dialog, and readers find
// it in the template's History; sharing again a tree that did not change records no empty revision and
// the author is told so. Through the editor's Share action (the toolbar on a desktop, the More menu on
// a 390 px phone), in zh-CN; the tree is prepared through the API.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { messagesIn } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let author: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`changelog_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

const m = messagesIn('zh-CN');

/** Opens the share dialog from the editor, as the author does on this screen. */
async function openShareDialog(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByTestId('toolbar-more').click();
    await page.getByTestId('more-share').click();
  } else {
    await page
      .getByTestId('tree-editor')
      .getByRole('button', { name: m('community', 'share.action'), exact: true })
      .click();
  }
  const dialog = page.getByRole('dialog', { name: m('community', 'share.dialogTitle') });
  await dialog.getByTestId('share-cover-preview').waitFor();
  return dialog;
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

describe('a share with its changelog line', () => {
  for (const viewport of VIEWPORTS) {
    it(`is written in the share dialog and read in the template's History (${viewport.name})`, async () => {
      const phone = viewport.width < 500;
      const title = `网页基础 ${viewport.name} ${Date.now().toString(36)}`;
      const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', author.access, {
        title,
        tags: ['web'],
        data: {
          format: 1,
          layout: { direction: 'TB' },
          nodes: [
            { id: 'root', parent_id: null, title },
            { id: 'html', parent_id: 'root', title: 'HTML' },
          ],
          links: [],
        },
      });
      const { context, page, errors } = await signedInPage(browser, author, { locale: 'zh-CN', ...viewport });
      await page.goto(`/trees/${tree.uuid}`);
      await page.getByTestId('skill-node').first().waitFor();

      const line = '首次发布：HTML 入门';
      let dialog = await openShareDialog(page, phone);
      await dialog.getByLabel(m('community', 'share.message')).fill(line);
      await dialog.getByRole('button', { name: m('community', 'share.submit'), exact: true }).click();
      const done = page.locator('.mantine-Notification-root').filter({ hasText: m('community', 'share.done') });
      await done.waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect(done.getByTestId('share-unchanged').count()).resolves.toBe(0);
      await done.getByRole('button', { name: m('community', 'share.open') }).click();

      // The History tab shows revision 1 with the line.
      await page.getByRole('tab', { name: m('reviews', 'tabs.history') }).click();
      const rows = page.getByTestId('revision-row');
      await rows.first().waitFor();
      await expect(rows.count()).resolves.toBe(1);
      await expect(rows.first().innerText()).resolves.toContain(line);

      // Shared again without a change: no empty revision, and the author is told so.
      await page.goto(`/trees/${tree.uuid}`);
      await page.getByTestId('skill-node').first().waitFor();
      dialog = await openShareDialog(page, phone);
      await dialog.getByLabel(m('community', 'share.message')).fill('没有改动');
      await dialog.getByRole('button', { name: m('community', 'share.resubmit'), exact: true }).click();
      await page.getByTestId('share-unchanged').getByText(m('community', 'share.unchanged'), { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('share-unchanged').locator('xpath=..').getByRole('button').click();
      await page.getByRole('tab', { name: m('reviews', 'tabs.history') }).click();
      await page.getByTestId('revision-row').first().waitFor();
      await expect(page.getByTestId('revision-row').count()).resolves.toBe(1);
      await expect(page.getByText('没有改动').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
