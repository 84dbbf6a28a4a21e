// The card browser and the review statistics on /learn through the UI (issues #31 and #33): search a
// CJK substring, filter by state, suspend every card of the page at once, move one card to another node,
// and read the statistics charts; on a desktop in en-US and on a 390 px phone in zh-CN, with axe in light
// and dark. The API only prepares what is not under test: a tree, three cards and two past reviews.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeBothSchemes, waitForApp } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { messagesIn, type Locale } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Prepared {
  learner: ApiTokens;
  uuid: string;
}

/** A learner with a tree (Basics, Advanced), three cards on Basics, and two of them reviewed once. */
async function prepare(tag: string): Promise<Prepared> {
  const learner = await signUpByEmail(`browser_${tag}_${Date.now().toString(36)}`);
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
    title: `TypeScript ${tag}`,
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title: `TypeScript ${tag}` },
        { id: 'basics', parent_id: 'root', title: 'Basics' },
        { id: 'advanced', parent_id: 'root', title: 'Advanced' },
      ],
      links: [],
    },
  });
  const card = (front: string) =>
    api<{ id: number }>('POST', '/api/learn/cards/', learner.access, {
      tree: tree.uuid,
      node_id: 'basics',
      front,
      back: `${front} — answer`,
    });
  const cards = [await card('什么是类型推断？'), await card('What is a union type?'), await card('Generics')];
  for (const [index, rating] of [
    [1, 3],
    [2, 1],
  ] as const)
    await api('POST', `/api/learn/cards/${cards[index]!.id}/review/`, learner.access, {
      rating,
      review_id: crypto.randomUUID(),
      duration_ms: 90_000,
    });
  return { learner, uuid: tree.uuid };
}

const cases: { name: string; locale: Locale; width: number; height: number; phone: boolean }[] = [
  { name: 'desktop (en-US)', locale: 'en-US', width: 1280, height: 900, phone: false },
  { name: '390 px phone (zh-CN)', locale: 'zh-CN', width: 390, height: 844, phone: true },
];

describe.each(cases)('card browser and statistics, $name', ({ locale, width, height, phone }) => {
  const m = messagesIn(locale);
  const tag = phone ? 'phone' : 'desk';
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepare(tag);
  });

  it('searches, filters, suspends the page and moves a card; the statistics show the reviews', async () => {
    const { page, context } = await signedInPage(browser, prepared.learner, { locale, width, height });
    try {
      await page.goto('/learn');
      await waitForApp(page);

      // Statistics: two reviews, three minutes, one recalled of one review-state... as figures and a chart.
      const stats = page.getByTestId('learn-stats');
      await stats.getByTestId('learn-stats-reviews').waitFor();
      expect(await stats.getByTestId('learn-stats-reviews').innerText()).toContain('2');
      expect(await stats.getByTestId('learn-stats-time').innerText()).toContain('3');
      await page.getByRole('img', { name: m('recall', 'stats.perDay') }).waitFor();
      await stats.getByText(m('recall', 'stats.periods.365')).click();
      await stats.getByTestId('learn-stats-reviews-chart').waitFor();
      await page.screenshot({ path: `/tmp/memstats-stats-${tag}.png`, fullPage: false });

      // Search: a Chinese substring finds the one card whose front holds it.
      const browserBox = page.getByTestId('card-browser');
      const rows = browserBox.getByTestId('card-row');
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByRole('textbox', { name: m('recall', 'browser.search') }).fill('类型');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain('什么是类型推断');
      await page.getByRole('textbox', { name: m('recall', 'browser.search') }).fill('');
      await expect.poll(() => rows.count()).toBe(3);

      // Filter: only the new card (the other two were reviewed).
      await page.getByRole('combobox', { name: m('recall', 'home.filter') }).click();
      await page.getByRole('option', { name: m('recall', 'state.new') }).click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain('什么是类型推断');
      await page.getByRole('combobox', { name: m('recall', 'home.filter') }).click();
      await page.getByRole('option', { name: m('recall', 'home.all') }).click();
      await expect.poll(() => rows.count()).toBe(3);

      // Bulk: select the page, suspend; every card shows it is suspended.
      await page.getByRole('checkbox', { name: m('recall', 'browser.selectPage') }).check();
      await page.getByTestId('cards-bulk-suspend').click();
      await expect
        .poll(() => page.getByTestId('cards-bulk-status').innerText())
        .toBe(m('recall', 'browser.done.suspend_other', { count: 3 }));
      await expect.poll(() => browserBox.getByTestId('card-row-suspended').count()).toBe(3);
      await page.screenshot({ path: `/tmp/memstats-browser-${tag}.png`, fullPage: false });

      // Move one card to Advanced, chosen by its title.
      await rows
        .first()
        .getByRole('checkbox', { name: m('recall', 'browser.select') })
        .check();
      await page.getByTestId('cards-bulk-move').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: m('recall', 'browser.moveTo') }).click();
      await page.getByRole('option', { name: 'Advanced' }).click();
      await page.screenshot({ path: `/tmp/memstats-move-${tag}.png`, fullPage: false });
      await dialog.getByTestId('cards-move-confirm').click();
      const moved = locale === 'en-US' ? 'browser.done.move_one' : 'browser.done.move_other';
      await expect.poll(() => page.getByTestId('cards-bulk-status').innerText()).toBe(m('recall', moved, { count: 1 }));
      const onAdvanced = await api<{ count: number }>(
        'GET',
        `/api/learn/cards/?tree=${prepared.uuid}&node_id=advanced`,
        prepared.learner.access,
      );
      expect(onAdvanced.count).toBe(1);

      expect(await axeBothSchemes(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
