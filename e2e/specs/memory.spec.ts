// The Memory view, Settings → Memory and "Review these" through the UI (UI.md "Third wave", API.md
// "Memory on the tree"), on a desktop in en-US and on a 390 px phone in zh-CN, with axe in light and
// dark. The API only prepares what is not under test: a tree, two cards and their past reviews (one
// long ago, so it has faded; one days ago, so it is fresh).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeBothSchemes } from '../support/a11y.ts';
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

/** Set MEMORY_SCREENSHOTS=<folder> to keep screenshots of what the spec opens. */
const SHOTS = process.env.MEMORY_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

const DAY = 86_400_000;

interface Prepared {
  learner: ApiTokens;
  uuid: string;
}

/** A learner with a tree (HTML, CSS; JavaScript waits for both) and a card on HTML and on CSS, reviewed in the past. */
async function prepare(tag: string): Promise<Prepared> {
  const learner = await signUpByEmail(`memory_${tag}_${Date.now().toString(36)}`);
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
    title: `Web basics ${tag}`,
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title: `Web basics ${tag}` },
        { id: 'html', parent_id: 'root', title: 'HTML', summary: 'The structure of a page.' },
        { id: 'css', parent_id: 'root', title: 'CSS', summary: 'How a page looks.' },
        { id: 'js', parent_id: 'root', title: 'JavaScript', summary: 'What a page does.' },
      ],
      links: [
        { source: 'html', target: 'js', kind: 'prerequisite' },
        { source: 'css', target: 'js', kind: 'prerequisite' },
      ],
    },
  });
  const review = async (node: string, front: string, daysAgo: number) => {
    const card = await api<{ id: number }>('POST', '/api/learn/cards/', learner.access, {
      tree: tree.uuid,
      node_id: node,
      front,
      back: `${front} — answer`,
    });
    await api('POST', `/api/learn/cards/${card.id}/review/`, learner.access, {
      rating: 4,
      review_id: crypto.randomUUID(),
      reviewed_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    });
  };
  await review('html', 'What does a list tag make?', 120);
  await review('css', 'What does margin do?', 1);
  return { learner, uuid: tree.uuid };
}

const cases: { name: string; locale: Locale; width: number; height: number; phone: boolean }[] = [
  { name: 'desktop (en-US)', locale: 'en-US', width: 1280, height: 860, phone: false },
  // From 1440 px the toolbar holds the toggle and the retention button side by side (the wide controls).
  { name: 'wide desktop (en-US)', locale: 'en-US', width: 1440, height: 900, phone: false },
  { name: '390 px phone (zh-CN)', locale: 'zh-CN', width: 390, height: 844, phone: true },
];

describe.each(cases)('memory on the tree, $name', ({ name, locale, width, height, phone }) => {
  const m = messagesIn(locale);
  const tag = phone ? 'phone' : `desk${width}`;
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepare(tag);
  });

  it('shows retention on the canvas, previews forgetting and reviews the nodes at risk', async () => {
    const { page, context } = await signedInPage(browser, prepared.learner, { locale, width, height });
    try {
      await page.goto(`/trees/${prepared.uuid}?learn=1`);
      const open = page.getByTestId('memory-open');
      await open.waitFor();
      if (!phone) {
        // Each node with a reviewed card shows its retention; its name says what the tooltip says.
        const chips = page.getByTestId('memory-chip');
        await expect.poll(() => chips.count()).toBe(2);
        const labels = await chips.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
        const remembered = m('learning', 'memory.remembered').split('{{')[0]!;
        expect(labels.filter((label) => label.startsWith(remembered))).toHaveLength(2);
        await chips.first().hover();
        await page.getByRole('tooltip').waitFor();
      }

      // Below 1440 px the toolbar holds one brain icon: the panel it opens starts with the toggle.
      const compact = width < 1440;
      if (compact) await open.click();
      const toggle = page.getByTestId('memory-toggle');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');

      // "Memory" colours the whole canvas by retention.
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      if (!phone) await expect.poll(() => page.getByTestId('memory-tint').count()).toBeGreaterThanOrEqual(3);
      await shot(page, `${tag}-canvas-memory`);

      // The subject's retention opens the date slider and "At risk" (the long-forgotten HTML).
      if (!compact) await open.click();
      const panel = page.getByTestId('memory-panel');
      await panel.waitFor();
      const atRisk = panel.getByTestId('memory-at-risk');
      await expect.poll(() => atRisk.textContent()).toContain('HTML');
      expect(await atRisk.textContent()).not.toContain('CSS');
      expect(await axeBothSchemes(page)).toEqual([]);

      // The slider moves by the keyboard to a year ahead: "in a year / next year, if you don't review".
      const when = panel.getByTestId('memory-when');
      expect(await when.textContent()).toBe(m('learning', 'memory.today'));
      const memoryAnswer = page.waitForResponse(
        (r) => r.url().includes('/api/learn/memory/?') && r.url().includes('at='),
      );
      await panel.getByRole('slider').focus();
      await page.keyboard.press('End');
      expect((await memoryAnswer).status()).toBe(200);
      await expect.poll(() => when.textContent()).not.toBe(m('learning', 'memory.today'));
      // A year without reviews: CSS has faded below the target too.
      await expect.poll(() => atRisk.textContent()).toContain('CSS');
      await shot(page, `${tag}-memory-panel`);
      await page.keyboard.press('Home');
      await expect.poll(() => when.textContent()).toBe(m('learning', 'memory.today'));
      await expect.poll(() => atRisk.textContent()).not.toContain('CSS');

      // "Review these": a session of just HTML's card.
      await panel.getByTestId('memory-review-these').click();
      await page.waitForURL((url) => url.pathname === '/learn/review' && url.searchParams.get('nodes') === 'html');
      await expect.poll(() => page.getByTestId('review-front').textContent()).toContain('What does a list tag make?');
      expect(await page.getByTestId('review-progress').textContent()).toBe(
        m('recall', 'review.progress', { done: 1, total: 1 }),
      );
      await page.getByTestId('review-show-answer').click();
      await page.getByTestId('review-grade-3').click();
      await page.getByTestId('review-done').waitFor();
      await shot(page, `${tag}-review-done`);
    } finally {
      await context.close();
    }
  });

  it('shows the workload at three retentions in Settings → Memory and saves its options', async () => {
    const { page, context } = await signedInPage(browser, prepared.learner, { locale, width, height });
    try {
      await page.goto('/settings');
      const section = page.getByTestId('memory-settings');
      await section.waitFor();
      const totals = section.getByTestId('memory-workload-total');
      // (three forecasts, loaded with the chart's chunk)
      await expect.poll(() => totals.count(), { timeout: 20_000 }).toBe(3);
      expect(await totals.nth(1).textContent()).toContain('90 %');
      await section.scrollIntoViewIfNeeded();
      await shot(page, `${tag}-settings-memory`);
      expect(await axeBothSchemes(page)).toEqual([]);

      // The retention slider by the keyboard: the chart follows it.
      await section.getByTestId('memory-retention').getByRole('slider').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => totals.nth(1).textContent()).toContain('91 %');

      // A malformed step is refused and shown at its field; a good one saves.
      const steps = section.getByTestId('memory-learning-steps');
      await steps.click();
      await page.keyboard.type('5x');
      await page.keyboard.press('Enter');
      await section.getByTestId('memory-settings-save').click();
      const stepsError = section.locator(
        '[data-testid="memory-learning-steps"] ~ .mantine-InputWrapper-error, .mantine-TagsInput-error',
      );
      await stepsError.first().waitFor();
      await steps.click();
      await page.keyboard.press('Backspace');
      await page.keyboard.type('2m');
      await page.keyboard.press('Enter');
      await section.getByTestId('memory-implicit-credit').click();
      await section.getByTestId('memory-settings-save').click();
      await expect
        .poll(async () => {
          const saved = await api<Record<string, unknown>>('GET', '/api/learn/settings/', prepared.learner.access);
          return [saved.request_retention, saved.implicit_credit, saved.learning_steps];
        })
        .toEqual([0.91, false, ['1m', '10m', '2m']]);
      void name;
    } finally {
      await context.close();
    }
  });
});
