// Community review (issue #16), driven through the UI as people do it: two readers review and discuss a
// template (one comment pinned to a node, which then shows a badge on the canvas), its author answers a
// review, a third reader reports the template, an admin hides it from /admin/moderation, and it is gone
// for everyone else. The author's bell counts the news as it happens, without a reload.
// Prepared through the API (not under test here): the accounts and the shared template.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { sharedTemplate } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { messagesIn } from '../support/i18n.ts';
import { apiLogin, signedInPage, type ApiTokens } from '../support/session.ts';

const t = messagesIn('en-US');
const stamp = Date.now().toString(36);
const TITLE = `Bread baking ${stamp}`;

let browser: Browser;
let author: ApiTokens & { username: string };
let reviewer: ApiTokens & { username: string };
let commenter: ApiTokens & { username: string };
let reporter: ApiTokens & { username: string };
let admin: ApiTokens;
let share: { id: number; uuid: string };
const contexts: BrowserContext[] = [];

async function open(tokens: ApiTokens, path: string): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await signedInPage(browser, tokens);
  contexts.push(context);
  await page.goto(path);
  return { page, errors };
}

/** The header's bell, named with the unread count when there is one. */
const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread === 0 ? t('shell', 'notifications.bell') : t('shell', 'notifications.bellUnread', { count: unread }),
    exact: true,
  });

/** Clicks the star that gives `stars` (the star symbols are the labels of the group's radios). */
async function chooseStars(form: Locator, stars: number) {
  const radio = form.getByRole('radio', {
    name: t('reviews', stars === 1 ? 'stars_one' : 'stars_other', { count: stars }),
  });
  await form.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  expect(await radio.isChecked()).toBe(true);
}

async function openTab(page: Page, name: 'tree' | 'reviews' | 'discussion') {
  await page.getByRole('tab', { name: t('reviews', `tabs.${name}`), exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`cra${stamp}`);
  reviewer = await signUpByEmail(`crb${stamp}`);
  commenter = await signUpByEmail(`crc${stamp}`);
  reporter = await signUpByEmail(`crd${stamp}`);
  admin = await apiLogin();
  ({ share } = await sharedTemplate(author.access, {
    title: TITLE,
    description: 'From starter to loaf.',
    nodes: [
      { id: 'root', parent_id: null, title: TITLE },
      { id: 'starter', parent_id: 'root', title: 'Sourdough starter' },
      { id: 'shaping', parent_id: 'root', title: 'Shaping' },
    ],
  }));
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('community review', () => {
  it('reviews, discussion on a node, the author’s reply, a report, hiding, and a live bell', async () => {
    const templatePath = `/community/${share.uuid}`;
    const owner = await open(author, '/trees');
    await bell(owner.page, 0).waitFor();

    // A reader writes a review: four stars and a few words.
    const first = await open(reviewer, templatePath);
    await first.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await openTab(first.page, 'reviews');
    await first.page.getByRole('button', { name: t('reviews', 'form.write') }).click();
    const form = first.page.getByRole('dialog', { name: t('reviews', 'form.writeTitle') });
    await chooseStars(form, 4);
    await form.getByLabel(t('reviews', 'form.body')).fill('Clear steps; the **starter** part saved my loaf.');
    await form.getByRole('button', { name: t('reviews', 'form.post') }).click();
    await form.waitFor({ state: 'detached' });
    const review = first.page.getByRole('article', { name: t('reviews', 'item.label', { author: reviewer.username }) });
    await review.getByText('saved my loaf').waitFor();
    expect(await review.locator('strong').innerText()).toBe('starter');

    // The author's bell counts it, live.
    await bell(owner.page, 1).waitFor({ timeout: 15_000 });

    // The same reader starts a discussion.
    await openTab(first.page, 'discussion');
    await first.page
      .getByLabel(t('reviews', 'discussion.new'), { exact: true })
      .fill('How warm should the kitchen be?');
    await first.page.getByRole('button', { name: t('reviews', 'discussion.post') }).click();
    await first.page
      .getByRole('article', { name: t('reviews', 'discussion.commentBy', { author: reviewer.username }) })
      .getByText('How warm should the kitchen be?')
      .waitFor();

    // A second reader reviews too, and comments on one node of the tree.
    const second = await open(commenter, `${templatePath}?tab=reviews`);
    await second.page.getByRole('button', { name: t('reviews', 'form.write') }).click();
    const secondForm = second.page.getByRole('dialog', { name: t('reviews', 'form.writeTitle') });
    await chooseStars(secondForm, 5);
    await secondForm.getByLabel(t('reviews', 'form.body')).fill('The best bread tree here.');
    await secondForm.getByRole('button', { name: t('reviews', 'form.post') }).click();
    await secondForm.waitFor({ state: 'detached' });
    await openTab(second.page, 'discussion');
    await second.page.getByRole('combobox', { name: t('reviews', 'discussion.node') }).fill('Sour');
    await second.page.getByRole('option', { name: 'Sourdough starter' }).click();
    await second.page.getByLabel(t('reviews', 'discussion.new'), { exact: true }).fill('Feed it twice a day.');
    await second.page.getByRole('button', { name: t('reviews', 'discussion.post') }).click();
    const pinned = second.page.getByRole('article', {
      name: t('reviews', 'discussion.commentBy', { author: commenter.username }),
    });
    await pinned
      .getByRole('button', { name: t('reviews', 'discussion.showNode', { title: 'Sourdough starter' }) })
      .waitFor();

    // The node shows a comment badge on the canvas; it opens that node's discussion.
    await openTab(second.page, 'tree');
    const badge = second.page.getByRole('button', {
      name: t('reviews', 'badge.label_one', { count: 1, title: 'Sourdough starter' }),
    });
    await badge.click();
    await second.page.getByText(t('reviews', 'discussion.filteredOn', { title: 'Sourdough starter' })).waitFor();
    await second.page.getByText('Feed it twice a day.').waitFor();
    expect(await second.page.getByText('How warm should the kitchen be?').count()).toBe(0);

    // Four pieces of news for the author so far, all counted without a reload.
    await bell(owner.page, 4).waitFor({ timeout: 15_000 });

    // The author answers the first review.
    await owner.page.goto(`${templatePath}?tab=reviews`);
    const toAnswer = owner.page.getByRole('article', {
      name: t('reviews', 'item.label', { author: reviewer.username }),
    });
    await toAnswer.getByRole('button', { name: t('reviews', 'reply.write'), exact: true }).click();
    await toAnswer.getByLabel(t('reviews', 'reply.label')).fill('Thank you! Keep it at 24 °C.');
    await toAnswer.getByRole('button', { name: t('reviews', 'reply.save') }).click();
    await toAnswer.getByText('Keep it at 24 °C.').waitFor();
    await first.page.goto(`${templatePath}?tab=reviews`);
    await first.page.getByText('Keep it at 24 °C.').waitFor();

    // A third reader reports the template.
    const third = await open(reporter, templatePath);
    await third.page.getByRole('button', { name: t('reviews', 'report.template') }).click();
    const report = third.page.getByRole('dialog', { name: t('reviews', 'report.title') });
    await report.waitFor();
    await report.getByRole('radio', { name: t('reviews', 'report.reasons.spam') }).check();
    await report.getByLabel(t('reviews', 'report.details')).fill('Copied from a shop’s leaflet.');
    await report.getByRole('button', { name: t('reviews', 'report.submit') }).click();
    await third.page.getByText(t('reviews', 'report.sent')).waitFor();

    // An admin hides it from the moderation queue.
    const moderator = await open(admin, '/admin/moderation');
    const queued = moderator.page.getByRole('article').filter({ hasText: TITLE });
    await queued.getByText('Copied from a shop’s leaflet.').waitFor();
    await queued.getByRole('button', { name: t('moderation', 'action.hide'), exact: true }).click();
    await moderator.page.getByText(t('moderation', 'done', { action: t('moderation', 'action.hide') })).waitFor();

    // Gone for everyone else: the template page and the community search.
    await third.page.goto(templatePath);
    await third.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor({ state: 'detached' });
    await third.page.goto('/community');
    await third.page.getByRole('searchbox', { name: t('community', 'filters.search') }).fill(stamp);
    await expect.poll(() => third.page.locator(`main a[href="${templatePath}"]`).count(), { timeout: 10_000 }).toBe(0);
    await first.page.goto(templatePath);
    await first.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor({ state: 'detached' });

    // The author still sees their own template, and the bell's list has the news.
    await owner.page.goto(templatePath);
    await owner.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await owner.page.getByRole('button', { name: /^Notifications/ }).click();
    // (in the author's own language, so the sentence is found by who did it and to what)
    await owner.page.getByText(reviewer.username).filter({ hasText: TITLE }).first().waitFor();

    for (const { errors } of [owner, first, second, third, moderator]) expect(errors).toEqual([]);
  });
});
