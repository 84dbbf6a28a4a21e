// Per-subject study and custom review sessions through the UI (issue 33 "Per-subject study"): a learner
// with two subjects opens one subject's session from /learn and sees only its cards, reviews ahead 7
// days and grades a card not yet due, then reviews the at-risk ones weakest first. Desktop in en-US and
// a 390 px phone in zh-CN, axe clean in light and dark. The API only prepares the trees, the cards and
// their past reviews.
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

const DAY = 86_400_000;

interface Prepared {
  learner: ApiTokens;
  alpha: string;
  beta: string;
}

/**
 * Two subjects: Alpha has a card last reviewed 120 days ago (due, and the weakest); Beta a card
 * reviewed 40 days ago (due, weak) and one reviewed twice yesterday (due in a day or two: not yet due).
 */
async function prepare(tag: string): Promise<Prepared> {
  const learner = await signUpByEmail(`study_${tag}_${Date.now().toString(36)}`);
  const tree = (title: string) =>
    api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
      title,
      data: {
        format: 1,
        layout: { direction: 'TB' },
        nodes: [
          { id: 'root', parent_id: null, title },
          { id: 'one', parent_id: 'root', title: `${title} one`, summary: 'The first part.' },
        ],
        links: [],
      },
    });
  const alpha = await tree(`Alpha ${tag}`);
  const beta = await tree(`Beta ${tag}`);
  const card = async (subject: string, front: string, reviews: { rating: number; daysAgo: number }[]) => {
    const made = await api<{ id: number }>('POST', '/api/learn/cards/', learner.access, {
      tree: subject,
      node_id: 'one',
      front,
      back: `${front} — answer`,
    });
    for (const review of reviews)
      await api('POST', `/api/learn/cards/${made.id}/review/`, learner.access, {
        rating: review.rating,
        review_id: crypto.randomUUID(),
        reviewed_at: new Date(Date.now() - review.daysAgo * DAY).toISOString(),
      });
  };
  await card(alpha.uuid, 'Alpha faded', [{ rating: 4, daysAgo: 120 }]);
  await card(beta.uuid, 'Beta fading', [{ rating: 4, daysAgo: 40 }]);
  await card(beta.uuid, 'Beta soon', [
    { rating: 3, daysAgo: 1 },
    { rating: 3, daysAgo: 1 - 15 / 1440 },
  ]);
  return { learner, alpha: alpha.uuid, beta: beta.uuid };
}

const cases: { name: string; locale: Locale; width: number; height: number; tag: string }[] = [
  { name: 'desktop (en-US)', locale: 'en-US', width: 1280, height: 860, tag: 'desk' },
  { name: '390 px phone (zh-CN)', locale: 'zh-CN', width: 390, height: 844, tag: 'phone' },
];

async function fronts(page: Page): Promise<string> {
  return (await page.getByTestId('review-front').textContent()) ?? '';
}

/** Reveals the current card and grades it Good by the keyboard. */
async function gradeGood(page: Page) {
  await page.getByTestId('review-show-answer').click();
  await page.getByTestId('review-grade-3').waitFor();
  const graded = page.waitForResponse((r) => r.url().includes('/review/') && r.request().method() === 'POST');
  await page.getByTestId('review-grade-3').click();
  expect((await graded).status()).toBe(200);
}

/** Opens the custom session dialog from /learn's cards and starts a session. */
async function startCustom(page: Page, m: ReturnType<typeof messagesIn>, mode: 'ahead' | 'at-risk', days?: number) {
  await page.goto('/learn');
  await page.getByTestId('custom-session-open').click();
  const dialog = page.getByRole('dialog', { name: m('recall', 'session.customTitle') });
  await dialog.waitFor();
  await dialog.getByLabel(m('recall', mode === 'ahead' ? 'session.aheadOption' : 'session.atRiskOption')).check();
  if (days !== undefined) await dialog.getByLabel(m('recall', 'session.daysLabel')).fill(String(days));
  return dialog;
}

describe.each(cases)('custom study, $name', ({ locale, width, height, tag }) => {
  const m = messagesIn(locale);
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepare(tag);
  });

  let page: Page;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await signedInPage(browser, prepared.learner, { locale, width, height });
    page = opened.page;
    close = () => opened.context.close();
  });
  afterAll(async () => close?.());
  const title = () => page.getByTestId('review-session-title');

  it('studies one subject from its card on /learn: only its due cards', async () => {
    await page.goto('/learn');
    const alphaCard = page.getByTestId('subject-card').filter({ hasText: `Alpha ${tag}` });
    await alphaCard.getByTestId('subject-review').click();
    await page.waitForURL((url) => url.pathname === '/learn/review' && url.searchParams.get('tree') === prepared.alpha);
    await expect
      .poll(() => title().textContent())
      .toBe(m('recall', 'session.titleOf', { kind: m('recall', 'session.due'), subject: `Alpha ${tag}` }));
    expect(await fronts(page)).toContain('Alpha faded');
    expect(await page.getByTestId('review-progress').textContent()).toBe(
      m('recall', 'review.progress', { done: 1, total: 1 }),
    );
    await page.screenshot({ path: `/tmp/study-subject-${tag}.png` });
  });

  it('reviews ahead 7 days and grades a card not yet due', async () => {
    const dialog = await startCustom(page, m, 'ahead', 7);
    if (tag === 'desk') expect(await axeBothSchemes(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/study-dialog-${tag}.png` });
    await dialog.getByTestId('custom-start').click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'ahead' && url.searchParams.get('days') === '7');
    await expect.poll(() => title().textContent()).toBe(m('recall', 'session.ahead_other', { count: 7 }));
    expect(await fronts(page)).toContain('Beta soon');
    expect(await page.getByTestId('review-progress').textContent()).toBe(
      m('recall', 'review.progress', { done: 1, total: 1 }),
    );
    await gradeGood(page);
    await page.getByTestId('review-done').waitFor();
    await page.getByRole('heading', { name: m('recall', 'session.doneTitle') }).waitFor();
  });

  it('reviews the at-risk ones, the weakest first', async () => {
    const risky = await startCustom(page, m, 'at-risk');
    await risky.getByTestId('custom-start').click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'at_risk');
    await expect.poll(() => title().textContent()).toBe(m('recall', 'session.atRisk'));
    expect(await fronts(page)).toContain('Alpha faded');
    expect(await page.getByTestId('review-progress').textContent()).toBe(
      m('recall', 'review.progress', { done: 1, total: 2 }),
    );
    if (tag === 'phone') expect(await axeBothSchemes(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/study-at-risk-${tag}.png` });
    await gradeGood(page);
    await expect.poll(() => fronts(page)).toContain('Beta fading');
    await gradeGood(page);
    await page.getByTestId('review-done').waitFor();
    await page.screenshot({ path: `/tmp/study-done-${tag}.png` });
    await page.getByTestId('review-back-to-learn').click();
    await page.waitForURL((url) => url.pathname === '/learn');
  });
});
