// Learning mode through the UI (UI.md "Learning, recall and plans"): a learner opens a community
// template, turns learning mode on, marks a node done and sees a locked node unlock, asks for the
// path to a goal and reads it with its total time, writes a private note, uses the template, and
// finds both the progress and the note on the copy. The author's template is prepared through the
// API; every step of the learner is a click or a key. On a desktop (en-US) and a phone (zh-CN).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import learningEn from '../../apps/web/src/i18n/learning/en-US.json' with { type: 'json' };
import learningZh from '../../apps/web/src/i18n/learning/zh-CN.json' with { type: 'json' };
import communityEn from '../../apps/web/src/i18n/community/en-US.json' with { type: 'json' };
import communityZh from '../../apps/web/src/i18n/community/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { nodeTitled } from '../support/editor.ts';
import { presetStorage, storeTokens, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let author: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`author_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

/**
 * A small deep tree (it fits a phone's canvas): CSS and JavaScript wait for HTML, React waits for
 * JavaScript. Four counted nodes, so one done is 25 %.
 */
async function shareTemplate(title: string): Promise<string> {
  const tree = await api<{ id: number }>('POST', '/api/tree/skills_tree/', author.access, {
    title,
    description: 'From HTML to React',
    tags: ['web'],
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title },
        { id: 'html', parent_id: 'root', title: 'HTML basics', estimate_minutes: 30 },
        { id: 'css', parent_id: 'html', title: 'CSS layout', estimate_minutes: 45 },
        { id: 'js', parent_id: 'html', title: 'JavaScript', estimate_minutes: 90 },
        { id: 'react', parent_id: 'css', title: 'React', estimate_minutes: 120 },
      ],
      links: [
        { source: 'html', target: 'css', kind: 'prerequisite' },
        { source: 'html', target: 'js', kind: 'prerequisite' },
        { source: 'js', target: 'react', kind: 'prerequisite' },
      ],
    },
  });
  const share = await api<{ uuid: string }>('POST', '/api/community/trees-shared/share_tree/', author.access, {
    tree: tree.id,
    tags: ['web'],
  });
  return share.uuid;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const statusButton = (page: Page, title: string): Locator => nodeTitled(page, title).getByTestId('learning-status');

interface Viewport {
  name: string;
  locale: 'en-US' | 'zh-CN';
  width: number;
  height: number;
  learning: typeof learningEn;
  community: typeof communityEn;
}

const VIEWPORTS: Viewport[] = [
  { name: 'desktop', locale: 'en-US', width: 1280, height: 900, learning: learningEn, community: communityEn },
  { name: 'phone', locale: 'zh-CN', width: 390, height: 844, learning: learningZh, community: communityZh },
];

describe('learning mode', () => {
  for (const viewport of VIEWPORTS) {
    it(`learns a template, keeps progress and notes on its copy (${viewport.name})`, async () => {
      const L = viewport.learning;
      const phone = viewport.width < 500;
      const title = `Web development ${viewport.name} ${Date.now().toString(36)}`;
      const shareUuid = await shareTemplate(title);
      const learner = await signUpByEmail(`learner_${viewport.name}_${Date.now().toString(36)}`);

      const { context, page, errors } = await newPage(browser, {
        locale: viewport.locale,
        width: viewport.width,
        height: viewport.height,
      });
      await presetStorage(context, { 'arbor.locale': viewport.locale });
      await page.goto('/favicon.svg');
      await storeTokens(page, learner);
      await page.goto(`/community/${shareUuid}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();

      // Learning mode on: statuses on the nodes and a progress bar at 0 %.
      await page.getByRole('button', { name: L.mode.toggle, exact: true }).click();
      await page.getByTestId('learning-percent').getByText('0%', { exact: true }).waitFor();
      expect(page.url()).toContain('learn=1');

      // CSS waits for HTML: dimmed, with a lock that names what it waits for.
      const cssStatus = statusButton(page, 'CSS layout');
      await cssStatus.waitFor();
      const lockText = fill(L.node.locked, { titles: 'HTML basics' });
      await expect(cssStatus.getAttribute('aria-label')).resolves.toContain(lockText);
      await expect(cssStatus.getAttribute('data-locked')).resolves.toBe('true');

      // HTML marked done from its status menu, by keyboard on the desktop and by touch on the phone.
      const htmlStatus = statusButton(page, 'HTML basics');
      if (phone) {
        await htmlStatus.click();
        await page.getByRole('menuitem', { name: L.status.done, exact: true }).click();
      } else {
        await htmlStatus.focus();
        await page.keyboard.press('Enter');
        const done = page.getByRole('menuitem', { name: L.status.done, exact: true });
        await done.waitFor();
        // Down the menu until "Done" has the focus, as a keyboard user would.
        for (let i = 0; i < 6 && !(await done.evaluate((el) => el === document.activeElement)); i++) {
          await page.keyboard.press('ArrowDown');
        }
        await expect(done.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
        await page.keyboard.press('Enter');
      }
      await page.getByRole('menuitem', { name: L.status.done, exact: true }).waitFor({ state: 'detached' });
      await expect.poll(() => htmlStatus.getAttribute('data-status')).toBe('done');
      // The lock is gone: the server's answer unlocked CSS (and JavaScript); one of four counted is done.
      await expect.poll(() => cssStatus.getAttribute('data-locked')).toBeNull();
      await expect(cssStatus.getAttribute('aria-label')).resolves.not.toContain(lockText);
      await page.getByTestId('learning-percent').getByText('25%', { exact: true }).waitFor();

      // Key 2 on the selected node: CSS layout is now being learnt.
      await nodeTitled(page, 'CSS layout').getByTestId('node-title').click();
      await page.keyboard.press('2');
      await expect.poll(() => cssStatus.getAttribute('data-status')).toBe('learning');

      // The path to React: JavaScript then React, with the total time.
      await nodeTitled(page, 'React').getByTestId('node-title').click();
      const details = page.getByTestId('learning-details');
      await details.getByText('React', { exact: true }).first().waitFor();
      await details.getByRole('button', { name: L.node.showPath }).click();
      const path = details.getByTestId('learning-path');
      await path.getByText(fill(L.path.title, { title: 'React' })).waitFor();
      await path
        .getByTestId('learning-path-total')
        .getByText(fill(L.path.total, { time: fill(L.path.hours, { hours: 3, minutes: 30 }) }), { exact: false })
        .waitFor();
      const steps = await path.getByRole('listitem').allInnerTexts();
      expect(
        steps.map((s) =>
          s
            .split('\n')
            .find((line) => /JavaScript|React/.test(line))
            ?.trim(),
        ),
      ).toEqual([expect.stringContaining('JavaScript'), expect.stringContaining('React')]);
      // The path's nodes are highlighted on the canvas.
      await expect(nodeTitled(page, 'JavaScript').locator('[data-path]').count()).resolves.toBe(1);
      await expect(nodeTitled(page, 'HTML basics').locator('[data-path]').count()).resolves.toBe(0);

      // A private note on React, autosaved.
      await details.getByText(L.notes.private).waitFor();
      const note = details.getByRole('textbox', { name: fill(L.notes.label, { title: 'React' }) });
      await note.click();
      await page.keyboard.type('Hooks **first**, then state.');
      await details.getByTestId('note-state').getByText(L.notes.saved).waitFor({ timeout: 10_000 });
      await page.getByTestId('skill-node').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Use the template: the copy opens in the editor.
      await page.getByRole('button', { name: viewport.community.detail.use }).click();
      await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
      await page.getByTestId('tree-editor').waitFor();
      await page.getByRole('button', { name: L.mode.toggle, exact: true }).click();
      await page.getByTestId('learning-percent').getByText('25%', { exact: true }).waitFor();
      if (phone) {
        // The percent fits beside the toolbar's "More" menu, which stays on screen (Share lives there).
        const more = await page.getByTestId('toolbar-more').boundingBox();
        expect(more!.x + more!.width).toBeLessThanOrEqual(viewport.width);
      }
      await expect.poll(() => statusButton(page, 'HTML basics').getAttribute('data-status')).toBe('done');
      await expect.poll(() => statusButton(page, 'CSS layout').getAttribute('data-status')).toBe('learning');
      await nodeTitled(page, 'React').locator('[data-testid="learning-note-mark"]').waitFor();

      // React's note is there, in the node panel (a drawer on the phone).
      await nodeTitled(page, 'React').getByTestId('node-title').click();
      if (phone) await page.getByTestId('open-node-panel').click();
      const panel = page.getByTestId('node-panel');
      await panel.getByRole('heading', { name: 'React', exact: true }).waitFor();
      const copyNote = panel.getByRole('textbox', { name: fill(L.notes.label, { title: 'React' }) });
      await expect.poll(() => copyNote.inputValue()).toBe('Hooks **first**, then state.');
      expect(await seriousViolations(page)).toEqual([]);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
