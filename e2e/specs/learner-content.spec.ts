// Issue #28 items 9–10 through the UI, on a desktop (zh-CN) and a 390 px phone (ja-JP): a template's
// author deletes spam in their own discussion; math in what learners write is typeset; the rating
// bars count star-only ratings; community search finds a template by a node's title; the embed draws
// prerequisite arrows; an admin's bell tells of a new report and leads to the moderation page; the
// feed's caption is shown whole; a fork's update dialog names the nodes the template changed.
// Prepared through the API (not under test here): accounts, the template and its revision, the spam,
// the ratings, the report, the follow and the fork.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { messagesIn, type Locale } from '../support/i18n.ts';
import { apiLogin, signedInPage, type ApiTokens } from '../support/session.ts';

const stamp = Date.now().toString(36);
const TITLE = `Linear algebra ${stamp}`;
const NODE = `特征值${stamp}`;
const CHANGED = `Matrices ${stamp} (revised)`;
const MESSAGE = `Second edition: ${'eigenvectors, diagonalisation and the spectral theorem, '.repeat(3)}end-${stamp}`;

type Account = ApiTokens & { username: string };
let browser: Browser;
let author: Account;
let spammer: Account;
let reader: Account;
let admin: ApiTokens;
let tree: { id: number; uuid: string };
let share: { id: number; uuid: string };
let fork: { id: number; uuid: string };
const contexts: BrowserContext[] = [];

const treeData = (matrices: string) => ({
  format: 1,
  layout: { direction: 'TB' },
  nodes: [
    { id: 'root', parent_id: null, title: TITLE },
    { id: 'vec', parent_id: 'root', title: 'Vectors' },
    { id: 'mat', parent_id: 'root', title: matrices },
    { id: 'eig', parent_id: 'root', title: NODE },
  ],
  links: [{ source: 'mat', target: 'eig', kind: 'prerequisite' }],
});

async function open(tokens: ApiTokens, path: string, locale: Locale, width?: number): Promise<Page> {
  const { page, context } = await signedInPage(browser, tokens, { locale, ...(width ? { width, height: 844 } : {}) });
  contexts.push(context);
  await page.goto(path);
  return page;
}

const spam = (body: string) =>
  api<{ id: number }>('POST', `/api/community/trees-shared/${share.id}/comments/`, spammer.access, { body });

beforeAll(async () => {
  browser = await launchBrowser();
  [author, spammer, reader] = await Promise.all([
    signUpByEmail(`i28a${stamp}`),
    signUpByEmail(`i28s${stamp}`),
    signUpByEmail(`i28r${stamp}`),
  ]);
  admin = await apiLogin();
  tree = await api('POST', '/api/tree/skills_tree/', author.access, { title: TITLE, data: treeData('Matrices') });
  share = await api('POST', '/api/community/trees-shared/share_tree/', author.access, {
    tree: tree.id,
    description: 'From vectors to eigenvalues',
  });
  // A reader forks it and follows its author; the author then revises it with a long changelog line.
  fork = (
    await api<{ tree: { id: number; uuid: string } }>(
      'POST',
      `/api/community/trees-shared/${share.id}/use_tree/`,
      reader.access,
      {},
    )
  ).tree;
  await api('POST', `/api/community/authors/${author.username}/follow/`, reader.access, { following: true });
  await api('PUT', `/api/tree/skills_tree/${tree.id}/`, author.access, { data: treeData(CHANGED) });
  await api('POST', '/api/community/trees-shared/share_tree/', author.access, { tree: tree.id, message: MESSAGE });
  // One written review (3 stars) and one rating without a text (5 stars).
  await api('POST', `/api/community/trees-shared/${share.id}/reviews/`, spammer.access, { rating: 3, body: 'Fine.' });
  await api('POST', `/api/community/trees-shared/${share.id}/rate/`, reader.access, { score: 5 });
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

/** The author deletes `body`, a spam comment by someone else, from the Discussion tab. */
async function deleteSpam(page: Page, t: ReturnType<typeof messagesIn>, body: string) {
  const comment = page
    .getByRole('article', { name: t('reviews', 'discussion.commentBy', { author: spammer.username }) })
    .filter({ hasText: body });
  const remove = comment.getByRole('button', {
    name: t('reviews', 'discussion.deleteBy', { author: spammer.username }),
  });
  const confirm = page.getByRole('dialog', { name: t('reviews', 'confirm.commentTitle') });
  // A click that lands while the list is still being refreshed can be lost: click until it asks.
  await expect
    .poll(
      async () => {
        if (!(await confirm.isVisible())) await remove.click({ timeout: 2000 }).catch(() => undefined);
        return confirm.isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await confirm.getByRole('button', { name: t('reviews', 'actions.delete'), exact: true }).click();
  await page.getByText(body).waitFor({ state: 'detached' });
}

/** Writes a comment with math, and finds it typeset (KaTeX) with the text around it. */
async function postMath(page: Page, t: ReturnType<typeof messagesIn>, text: string) {
  await page.getByLabel(t('reviews', 'discussion.new'), { exact: true }).fill(`${text} $e^{i\\pi} + 1 = 0$`);
  await page.getByRole('button', { name: t('reviews', 'discussion.post') }).click();
  const mine = page.getByRole('article').filter({ hasText: text });
  await mine.locator('.katex').first().waitFor();
  expect(await mine.locator('.katex annotation').first().textContent()).toBe('e^{i\\pi} + 1 = 0');
  expect(await mine.innerText()).not.toContain('$e^');
}

/** The rating bars: one 5-star rating (without a text) and one 3-star review, as the average counts them. */
async function checkHistogram(page: Page, t: ReturnType<typeof messagesIn>) {
  await page.getByRole('tab', { name: t('reviews', 'tabs.reviews'), exact: true }).click();
  for (const [stars, count] of [
    [5, 1],
    [4, 0],
    [3, 1],
  ] as const) {
    await page.getByRole('button', { name: t('reviews', 'summary.bar', { stars, count }) }).waitFor();
  }
}

/** Community search by a node's title (not in the template's title, description or tags). */
async function searchByNode(page: Page, t: ReturnType<typeof messagesIn>) {
  await page.goto('/community');
  await page.getByRole('searchbox', { name: t('community', 'filters.search') }).fill(NODE);
  await page.locator(`main a[href="/community/${share.uuid}"]`).first().waitFor();
}

describe('issue 28: reviews, updates and content that explain themselves', () => {
  it('on a desktop in Chinese', async () => {
    const t = messagesIn('zh-CN');
    await spam(`Cheap watches ${stamp}`);

    // The author cleans their discussion, then writes math into it.
    const owner = await open(author, `/community/${share.uuid}?tab=discussion`, 'zh-CN');
    await deleteSpam(owner, t, `Cheap watches ${stamp}`);
    await postMath(owner, t, `欧拉公式 ${stamp}`);
    await checkHistogram(owner, t);
    await searchByNode(owner, t);

    // The embed draws the prerequisite as an arrow.
    const { page: embed, context } = await newPage(browser, { locale: 'zh-CN' });
    contexts.push(context);
    await embed.goto(`/embed/community/${share.uuid}`);
    const arrow = embed.locator('path.prerequisite[data-source="mat"][data-target="eig"]');
    await arrow.waitFor({ state: 'attached' });
    expect(await arrow.getAttribute('marker-end')).toBe('url(#prerequisite-arrow)');

    // A reader reports the template; an admin's bell says so and opens the moderation page.
    await api('POST', '/api/community/reports/', reader.access, {
      target_kind: 'share',
      target_id: share.id,
      reason: 'spam',
    });
    const moderator = await open(admin, '/trees', 'zh-CN');
    await moderator.getByRole('button', { name: new RegExp(`^${t('shell', 'notifications.bell')}`) }).click();
    const news = moderator.getByRole('link').filter({ hasText: reader.username }).filter({ hasText: TITLE });
    await news.first().click();
    await moderator.waitForURL('**/admin/moderation');

    // The reader's feed shows the revision's whole caption, not clipped.
    const follower = await open(reader, '/community?tab=following', 'zh-CN');
    const caption = follower.getByTestId('feed-caption').filter({ hasText: `end-${stamp}` });
    await caption.waitFor();
    const box = await caption.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);

    // The reader's fork: "Review update" names the node the template changed.
    await follower.goto(`/trees/${fork.uuid}`);
    await follower.getByRole('button', { name: t('reviews', 'upstream.review') }).click();
    const theirs = follower.getByRole('list', { name: t('reviews', 'upstream.theirChanges') });
    await theirs.getByText(CHANGED).waitFor();
    expect(await theirs.innerText()).toContain(t('reviews', 'upstream.change.changed'));
  });

  it('on a 390 px phone in Japanese', async () => {
    const t = messagesIn('ja-JP');
    await spam(`Free coins ${stamp}`);
    const owner = await open(author, `/community/${share.uuid}?tab=discussion`, 'ja-JP', 390);
    await deleteSpam(owner, t, `Free coins ${stamp}`);
    await postMath(owner, t, `オイラー ${stamp}`);
    // The comment's math fits the phone's width.
    const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkHistogram(owner, t);
    await searchByNode(owner, t);

    // The follower's feed caption, whole on a phone too; the fork's update dialog names the changed node.
    const follower = await open(reader, '/community?tab=following', 'ja-JP', 390);
    const caption = follower.getByTestId('feed-caption').filter({ hasText: `end-${stamp}` });
    await caption.waitFor();
    const box = await caption.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
    await follower.goto(`/trees/${fork.uuid}`);
    await follower.getByRole('button', { name: t('reviews', 'upstream.review') }).click();
    const theirs = follower.getByRole('list', { name: t('reviews', 'upstream.theirChanges') });
    await theirs.getByText(CHANGED).waitFor();
    expect(await theirs.innerText()).toContain(t('reviews', 'upstream.change.changed'));
  });
});
