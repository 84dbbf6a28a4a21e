// A template's History tab (UI.md "Community review"): a reader sees the revisions with their changelog
// lines, ticks two of them and compares them on the canvas, the changed nodes coloured, and reads a
// node's fields before and after, by pointer and by keyboard, on a desktop and on a phone. The API only
// prepares what is not under test here: the accounts and the author's three revisions.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let reader: ApiTokens;
let template: { uuid: string };

const stamp = Date.now().toString(36);
const TITLE = `Go concurrency ${stamp}`;

const nodes = (channels: string, extra: Array<{ id: string; parent_id: string; title: string }> = []) => ({
  format: 1,
  nodes: [
    { id: 'root', parent_id: null, title: TITLE },
    { id: 'goroutines', parent_id: 'root', title: 'Goroutines', summary: 'Cheap threads' },
    { id: 'channels', parent_id: 'root', title: 'Channels', summary: channels },
    { id: 'mutex', parent_id: 'root', title: 'Mutexes' },
    ...extra,
  ],
});

beforeAll(async () => {
  browser = await launchBrowser();
  const author = await signUpByEmail(`hist${stamp}`);
  reader = await signUpByEmail(`hisr${stamp}`);
  const tree = await api<{ id: number }>('POST', '/api/tree/skills_tree/', author.access, {
    title: TITLE,
    data: nodes('Typed pipes'),
  });
  const share = async (message: string) =>
    api<{ uuid: string }>('POST', '/api/community/trees-shared/', author.access, {
      tree: tree.id,
      description: 'Revisions for the history spec',
      message,
    });
  const save = (data: object) => api('PUT', `/api/tree/skills_tree/${tree.id}/`, author.access, { title: TITLE, data });
  template = await share('First cut');
  await save(nodes('Typed pipes between goroutines', [{ id: 'select', parent_id: 'channels', title: 'Select' }]));
  await share('Select statement, better channel summary');
  await save(nodes('Typed pipes between goroutines', [{ id: 'select', parent_id: 'root', title: 'Select' }]));
  await share('Select moved to the top level');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('template history', () => {
  it('lists the revisions with their changelog, compares two on the canvas and shows a node before and after', async () => {
    const { page, context } = await signedInPage(browser, reader);
    await page.goto(`/community/${template.uuid}`);
    await page.getByRole('tab', { name: 'History' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');

    const rows = page.getByTestId('revision-row');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.first().innerText()).resolves.toContain('Select moved to the top level');
    await expect(rows.first().innerText()).resolves.toMatch(/latest/i);
    await expect(rows.nth(1).innerText()).resolves.toContain('Select statement, better channel summary');
    await expect(rows.nth(2).innerText()).resolves.toContain('First cut');

    // Revisions 1 and 2: one node added, one changed.
    await page.getByRole('checkbox', { name: 'Compare revision 1' }).check();
    await page.getByRole('checkbox', { name: 'Compare revision 2' }).check();
    await page.getByRole('heading', { name: 'Revision 1 → revision 2' }).waitFor();
    const canvas = page.getByTestId('diff-canvas');
    await canvas.locator('.react-flow__node').filter({ hasText: 'Select' }).first().waitFor();

    // A node picked on the canvas shows its fields before and after.
    await canvas.locator('.react-flow__node').filter({ hasText: 'Channels' }).first().click();
    const panel = page.getByRole('region', { name: 'Changes of the selected node' });
    await panel.getByText('Changed', { exact: true }).waitFor();
    await panel.getByText('Typed pipes between goroutines', { exact: true }).waitFor();
    await panel.getByText('Typed pipes', { exact: true }).waitFor();

    // The keyboard way: the changed-node picker, without touching the canvas.
    const picker = page.getByRole('combobox', { name: 'Changed node' });
    await picker.click();
    await page.getByRole('option', { name: /^Select · Added/ }).click();
    await panel.getByRole('heading', { name: 'Select' }).waitFor();
    await panel.getByText('Added', { exact: true }).waitFor();

    // Ticking revision 3 instead of 1 compares 2 → 3: the move.
    await page.getByRole('checkbox', { name: 'Compare revision 1' }).uncheck();
    await page.getByRole('checkbox', { name: 'Compare revision 3' }).check();
    await page.getByRole('heading', { name: 'Revision 2 → revision 3' }).waitFor();
    await picker.click();
    await page.getByRole('option', { name: /^Select · Moved/ }).click();
    await panel.getByText('Moved', { exact: true }).waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('works on a phone in Chinese: the tabs stay on screen and the comparison fits', async () => {
    const { page, context } = await signedInPage(browser, reader, { locale: 'zh-CN', width: 390, height: 844 });
    await page.goto(`/community/${template.uuid}?tab=history`);
    await page.getByTestId('revision-row').first().waitFor();
    await page.getByRole('checkbox', { name: '比较第 3 版' }).check();
    await page.getByRole('heading', { name: '第 2 版 → 第 3 版' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: '历史' }).waitFor();
    await context.close();
  });
});
