// Suggested edits (issue #17), driven through the UI as people do it: a reader makes their copy of a
// template from "Suggest an edit", changes a node in the editor and proposes it; the author hears of it
// (the bell), sees the change on the diff canvas and in the side panel, and accepts it: the template
// gets a new revision and the author's tree a version "Suggestion #id: …". A second suggestion is
// rejected with a reason the reader then reads, a third withdrawn, and a fourth accepted over the
// author's own edit of the same field through the conflict form. Then axe, and a 390 px phone.
// Prepared through the API (not under test here): the two accounts and the author's shared template.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { seriousViolations } from '../support/a11y.ts';
import { api, sharedTemplate, treeByUuid } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { canvasNode, selectNode } from '../support/editor.ts';
import { messagesIn } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

const t = messagesIn('en-US');
const stamp = Date.now().toString(36);
const TITLE = `Bread baking ${stamp}`;
const SHAPING_BEFORE = 'Fold the dough twice.';
const SHAPING_AFTER = 'Fold the dough twice, then shape a tight boule and proof it seam side up.';
const BAKING_BEFORE = 'Bake until golden.';

let browser: Browser;
let author: ApiTokens & { username: string };
let reader: ApiTokens & { username: string };
let share: { id: number; uuid: string };
let authorTree: { id: number; uuid: string };
const contexts: BrowserContext[] = [];
const templatePath = () => `/community/${share.uuid}`;

// Pages that live through the whole scenario, one per person.
let authorPage: Page;
let readerPage: Page;
let readerCopy = '';
const allErrors: string[][] = [];

async function open(tokens: ApiTokens, path: string, size?: { width: number; height: number }): Promise<Page> {
  const { page, context, errors } = await signedInPage(browser, tokens, size ?? {});
  contexts.push(context);
  allErrors.push(errors);
  await page.goto(path);
  return page;
}

/** The header's bell, named with the unread count when there is one. */
const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread === 0 ? t('shell', 'notifications.bell') : t('shell', 'notifications.bellUnread', { count: unread }),
    exact: true,
  });

const tab = (page: Page, name: 'tree' | 'suggestions' | 'history') =>
  page.getByRole('tab', { name: t('reviews', `tabs.${name}`), exact: true });

const suggestionView = (page: Page) => page.getByTestId('suggestion-view');

/** The status badge of the open suggestion reads `status`. */
async function statusIs(page: Page, status: 'open' | 'accepted' | 'rejected' | 'withdrawn') {
  await suggestionView(page)
    .getByText(t('reviews', `suggestions.statuses.${status}`), { exact: true })
    .first()
    .waitFor();
}

/** "Suggest an edit" on the template page: the dialog, once it knows my trees. */
async function suggestDialog(page: Page): Promise<Locator> {
  await page.goto(templatePath());
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await page.getByRole('button', { name: t('reviews', 'suggestions.suggest.button') }).click();
  const dialog = page.getByRole('dialog', { name: t('reviews', 'suggestions.suggest.title') });
  await dialog.waitFor();
  return dialog;
}

/** Writes `text` as the content of node `title` in the editor open on `page`, and waits until it is saved. */
async function editContent(page: Page, tokens: ApiTokens, title: string, text: string) {
  const uuid = new URL(page.url()).pathname.split('/').pop()!;
  await canvasNode(page, title).first().waitFor();
  await selectNode(page, title);
  await page.getByTestId('node-content').fill(text);
  await expect
    .poll(async () => (await treeByUuid(uuid, tokens.access)).data.nodes.find((n) => n.title === title)?.content, {
      timeout: 15_000,
    })
    .toBe(text);
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 15_000 });
}

/** Opens my copy from the dialog ("Edit my copy"), changes node `title`'s content, then proposes it; answers its id. */
async function proposeFromCopy(node: string, text: string, title: string, message: string): Promise<number> {
  const page = readerPage;
  const dialog = await suggestDialog(page);
  await dialog.getByTestId('suggest-open-copy').click();
  await page.waitForURL(`**/trees/${readerCopy}`);
  await editContent(page, reader, node, text);
  return propose(title, message);
}

/** Fills the dialog with my copy (picked by default), a title and a message, sends it; answers the suggestion's id. */
async function propose(title: string, message: string): Promise<number> {
  const page = readerPage;
  const dialog = await suggestDialog(page);
  await expect
    .poll(() => dialog.getByRole('combobox', { name: t('reviews', 'suggestions.suggest.tree') }).inputValue())
    .toBe(TITLE);
  await dialog.getByRole('textbox', { name: t('reviews', 'suggestions.suggest.titleLabel') }).fill(title);
  await dialog.getByRole('textbox', { name: t('reviews', 'suggestions.suggest.message') }).fill(message);
  await dialog.getByRole('button', { name: t('reviews', 'suggestions.suggest.submit') }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL(/[?&]suggestion=\d+/);
  await statusIs(page, 'open');
  await suggestionView(page).getByRole('heading', { name: title }).waitFor();
  return Number(new URL(page.url()).searchParams.get('suggestion'));
}

/** The Suggestions tab's status filter set to `status`. */
async function filterStatus(page: Page, status: 'open' | 'accepted' | 'rejected' | 'withdrawn') {
  const label = t('reviews', `suggestions.statuses.${status}`);
  await page
    .getByTestId('suggestions-tab')
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await expect.poll(() => page.getByRole('radio', { name: label }).isChecked()).toBe(true);
}

/** The author opens a suggestion from the Suggestions tab's list (status Open). */
async function openFromList(page: Page, title: string) {
  await page.goto(`${templatePath()}?tab=suggestions`);
  const list = page.getByTestId('suggestions-tab');
  await list.getByRole('button', { name: title, exact: true }).click();
  await suggestionView(page).getByRole('heading', { name: title }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`sga${stamp}`);
  reader = await signUpByEmail(`sgb${stamp}`);
  ({ tree: authorTree, share } = await sharedTemplate(author.access, {
    title: TITLE,
    description: 'From starter to loaf.',
    nodes: [
      { id: 'root', parent_id: null, title: TITLE },
      { id: 'starter', parent_id: 'root', title: 'Starter', content: 'Feed it daily.' },
      { id: 'shaping', parent_id: 'root', title: 'Shaping', content: SHAPING_BEFORE },
      { id: 'baking', parent_id: 'root', title: 'Oven', content: BAKING_BEFORE },
    ],
  }));
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('suggested edits', () => {
  it('a reader makes their copy from "Suggest an edit", changes a node and proposes it', async () => {
    authorPage = await open(author, '/trees');
    await bell(authorPage, 0).waitFor();

    readerPage = await open(reader, templatePath());
    const dialog = await suggestDialog(readerPage);
    // No copy yet: the dialog offers to make one, and opens it in the editor.
    await dialog.getByText(t('reviews', 'suggestions.suggest.noCopy')).waitFor();
    await dialog.getByRole('button', { name: t('reviews', 'suggestions.suggest.makeCopy') }).click();
    await readerPage.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    readerCopy = new URL(readerPage.url()).pathname.split('/').pop()!;
    await editContent(readerPage, reader, 'Shaping', SHAPING_AFTER);

    const id = await propose('Shaping: the boule', 'A tight boule holds its shape in the oven.');
    expect(id).toBeGreaterThan(0);
    await suggestionView(readerPage).getByText('A tight boule holds its shape in the oven.').waitFor();
  });

  it('the author hears of it, sees the change on the canvas and in the side panel, and accepts it', async () => {
    // The bell counts it, live; its entry opens the template's Suggestions tab.
    await bell(authorPage, 1).waitFor({ timeout: 15_000 });
    await bell(authorPage, 1).click();
    await authorPage.getByRole('link').filter({ hasText: reader.username }).filter({ hasText: TITLE }).first().click();
    await authorPage.waitForURL(/tab=suggestions/);
    await authorPage.getByTestId('suggestions-tab').getByRole('button', { name: 'Shaping: the boule' }).click();
    const view = suggestionView(authorPage);
    await view.getByRole('heading', { name: 'Shaping: the boule' }).waitFor();
    const id = Number(new URL(authorPage.url()).searchParams.get('suggestion'));

    // The changed node is marked on the canvas, the others are not.
    const canvas = view.getByTestId('diff-canvas');
    const shaping = canvas.locator('.react-flow__node').filter({ hasText: 'Shaping' });
    await shaping.locator('[data-diff="changed"]').waitFor();
    expect(await canvas.locator('[data-diff]').count()).toBe(1);
    // Picking it shows its content before and after.
    await shaping.click();
    const panel = view.getByRole('region', { name: t('reviews', 'compare.panelTitle') });
    await panel.getByRole('heading', { name: 'Shaping' }).waitFor();
    await panel.getByText(t('reviews', 'compare.changed'), { exact: true }).waitFor();
    await panel.getByText(SHAPING_BEFORE, { exact: true }).waitFor();
    await panel.getByText(SHAPING_AFTER, { exact: true }).waitFor();

    await view.getByRole('button', { name: t('reviews', 'suggestions.accept'), exact: true }).click();
    await authorPage.getByText(t('reviews', 'suggestions.accepted')).waitFor();
    await statusIs(authorPage, 'accepted');
    await view.getByTestId('suggestion-decision').waitFor();
    expect(await view.getByRole('button', { name: t('reviews', 'suggestions.accept'), exact: true }).count()).toBe(0);

    // The template's History has revision 2 with the suggestion's title.
    await tab(authorPage, 'history').click();
    const latest = authorPage.getByTestId('revision-row').first();
    await latest.getByText(t('reviews', 'history.revision', { revision: 2 })).waitFor();
    await latest.getByText('Shaping: the boule').waitFor();
    // The reader is credited on the template.
    await authorPage.getByTestId('contributors').getByRole('link', { name: reader.username }).waitFor();

    // The author's tree has the change and a version named after the suggestion.
    await authorPage.goto(`/trees/${authorTree.uuid}`);
    await selectNode(authorPage, 'Shaping');
    await expect.poll(() => authorPage.getByTestId('node-content').inputValue()).toBe(SHAPING_AFTER);
    await authorPage.getByTestId('open-versions').click();
    await authorPage.getByTestId('version-item').first().getByText(`Suggestion #${id}: Shaping: the boule`).waitFor();

    // The reader sees the decision: news in the bell, and the status on the suggestion's page.
    await readerPage.getByRole('button', { name: /\(\d+ unread\)/ }).waitFor({ timeout: 15_000 });
    await readerPage.goto(`${templatePath()}?tab=suggestions&suggestion=${id}`);
    await statusIs(readerPage, 'accepted');
    await suggestionView(readerPage).getByTestId('suggestion-decision').getByText(author.username).waitFor();
  });

  it('a second suggestion is rejected with a reason the reader reads; a third is withdrawn', async () => {
    const second = await proposeFromCopy('Oven', 'Bake at 280 °C for 20 minutes.', 'Hotter oven', 'Crustier.');
    await openFromList(authorPage, 'Hotter oven');
    await suggestionView(authorPage)
      .getByRole('button', { name: t('reviews', 'suggestions.reject'), exact: true })
      .click();
    const dialog = authorPage.getByRole('dialog', { name: t('reviews', 'suggestions.rejectTitle') });
    await dialog.getByRole('textbox', { name: t('reviews', 'suggestions.reasonLabel') }).fill('280 °C burns the base.');
    await dialog.getByRole('button', { name: t('reviews', 'suggestions.reject'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusIs(authorPage, 'rejected');

    await readerPage.goto(`${templatePath()}?tab=suggestions&suggestion=${second}`);
    await statusIs(readerPage, 'rejected');
    await suggestionView(readerPage).getByTestId('suggestion-reason').getByText('280 °C burns the base.').waitFor();

    // A third one, withdrawn by the reader from its page.
    await proposeFromCopy('Oven', 'Bake at 260 °C for 25 minutes.', 'Slightly hotter oven', 'A compromise.');
    await suggestionView(readerPage)
      .getByRole('button', { name: t('reviews', 'suggestions.withdraw') })
      .click();
    const confirm = readerPage.getByRole('dialog', { name: t('reviews', 'suggestions.withdrawTitle') });
    await confirm.getByRole('button', { name: t('reviews', 'suggestions.withdraw') }).click();
    await statusIs(readerPage, 'withdrawn');
    await readerPage.getByText(t('reviews', 'suggestions.withdrawn')).waitFor();
  });

  it('accepting over the author’s own edit of the same field asks for a side per node, and keeps the chosen one', async () => {
    const READER_TEXT = 'Bake at 240 °C for 35 minutes with steam.';
    const AUTHOR_TEXT = 'Bake at 230 °C for 40 minutes.';
    await proposeFromCopy('Oven', READER_TEXT, 'Steam while baking', 'Steam makes the crust shine.');

    // Meanwhile the author changes the same node's content in their own tree.
    await authorPage.goto(`/trees/${authorTree.uuid}`);
    await editContent(authorPage, author, 'Oven', AUTHOR_TEXT);

    await openFromList(authorPage, 'Steam while baking');
    const view = suggestionView(authorPage);
    await view.getByRole('button', { name: t('reviews', 'suggestions.accept'), exact: true }).click();
    const form = view.getByTestId('conflict-form');
    await form.waitFor();
    const nodes = form.getByTestId('conflict-node');
    expect(await nodes.count()).toBe(1);
    const baking = nodes.filter({ hasText: 'Oven' });
    await baking
      .getByText(t('reviews', 'suggestions.conflicts.fields', { fields: t('trees', 'diff.fields.content') }))
      .waitFor();
    // Each side shows its value: mine is the author's tree as it is now, not the template's snapshot.
    await baking.getByTestId('conflict-mine-values').getByText(AUTHOR_TEXT).waitFor();
    await baking.getByTestId('conflict-theirs-values').getByText(READER_TEXT).waitFor();
    expect(await baking.getByText(BAKING_BEFORE).count()).toBe(0);
    await statusIs(authorPage, 'open');
    // Accepting without a side says what is missing.
    await form.getByRole('button', { name: t('reviews', 'suggestions.conflicts.submit') }).click();
    await baking.getByText(t('reviews', 'suggestions.conflicts.missing')).waitFor();
    await baking.getByRole('radio', { name: t('reviews', 'suggestions.conflicts.theirs') }).check();
    await form.getByRole('button', { name: t('reviews', 'suggestions.conflicts.submit') }).click();
    await statusIs(authorPage, 'accepted');
    await form.waitFor({ state: 'detached' });

    // The result holds the suggestion's side: in the author's tree and in the template.
    await authorPage.goto(`/trees/${authorTree.uuid}`);
    await selectNode(authorPage, 'Oven');
    await expect.poll(() => authorPage.getByTestId('node-content').inputValue()).toBe(READER_TEXT);
    await authorPage.goto(`${templatePath()}?tab=history`);
    await authorPage.getByTestId('revision-row').first().getByText('Steam while baking').waitFor();
    const template = await api<{ data: { nodes: Array<{ id: string; content?: string }> } }>(
      'GET',
      `/api/community/trees-shared/${share.uuid}/`,
    );
    expect(template.data.nodes.find((n) => n.id === 'baking')?.content).toBe(READER_TEXT);
  });

  it('the Suggestions tab and a suggestion page pass axe', async () => {
    await authorPage.goto(`${templatePath()}?tab=suggestions`);
    await authorPage.getByTestId('suggestions-tab').getByText(t('reviews', 'suggestions.empty')).waitFor();
    await filterStatus(authorPage, 'accepted');
    await authorPage.getByTestId('suggestion-row').nth(1).waitFor();
    expect(await seriousViolations(authorPage)).toEqual([]);

    await authorPage.getByTestId('suggestions-tab').getByRole('button', { name: 'Shaping: the boule' }).click();
    await suggestionView(authorPage).getByTestId('diff-canvas').locator('.react-flow__node').first().waitFor();
    expect(await seriousViolations(authorPage)).toEqual([]);
  });

  it('on a 390 px phone the template tabs and a suggestion page fit the screen', async () => {
    const phone = await open(reader, templatePath(), { width: 390, height: 844 });
    await phone.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const fits = () => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    // The tabs stay on one line and every one can be reached.
    const tops = await phone
      .getByRole('tablist', { name: t('reviews', 'tabs.label') })
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops).toHaveLength(5);
    expect(new Set(tops).size).toBe(1);
    expect(await fits()).toBe(true);
    // A link to the last tab shows that tab whole: the list scrolls to it.
    await phone.goto(`${templatePath()}?tab=history`);
    await phone.getByTestId('revision-row').first().waitFor();
    await expect
      .poll(async () => {
        const box = await tab(phone, 'history').boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390;
      })
      .toBe(true);
    for (const name of ['tree', 'suggestions'] as const) {
      await tab(phone, name).click();
      await expect.poll(() => tab(phone, name).getAttribute('aria-selected')).toBe('true');
      expect(await fits()).toBe(true);
    }

    await filterStatus(phone, 'rejected');
    await phone.getByTestId('suggestion-row').first().waitFor();
    expect(await fits()).toBe(true);
    await phone.getByTestId('suggestions-tab').getByRole('button', { name: 'Hotter oven', exact: true }).click();
    const view = suggestionView(phone);
    await view.getByTestId('suggestion-reason').waitFor();
    await view.getByTestId('diff-canvas').locator('.react-flow__node').first().waitFor();
    expect(await fits()).toBe(true);
    // The whole of the view is within the screen's width.
    const box = await view.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);

    for (const errors of allErrors) expect(errors).toEqual([]);
  });
});
