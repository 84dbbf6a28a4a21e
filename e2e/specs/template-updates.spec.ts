// Template updates for forks (issue #17, UI.md "Forks"), driven through the UI as people do it: a learner
// uses a template and renames a node in their copy; the template's author renames the same node, adds
// another and shares the tree again from the editor; the learner reopens their copy, sees "The template
// has 2 updates", reviews the update (both names side by side), takes the template's name and applies
// it. The copy then shows the merged tree, and the learner's progress and private note are still there.
// Prepared through the API (not under test here): the accounts, the first share, the progress and note.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api, sharedTemplate, treeByUuid } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { canvasNode, nodeTitled, selectNode, typeTitle, waitSaveStatus } from '../support/editor.ts';
import { englishLeftovers, messagesIn } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

const t = messagesIn('en-US');
// the phone is a Chinese one: the product's first language
const zh = messagesIn('zh-CN');
const stamp = Date.now().toString(36);
const TITLE = `Linear algebra ${stamp}`;

let browser: Browser;
let author: ApiTokens & { username: string };
let learner: ApiTokens & { username: string };
let source: { id: number; uuid: string };
let share: { uuid: string };
// the learner's fork, made in the first test
let forkId: number;
let forkPath: string;
const contexts: BrowserContext[] = [];

async function open(
  tokens: ApiTokens,
  path: string,
  opts: { width?: number; height?: number; locale?: string } = {},
): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await signedInPage(browser, tokens, opts);
  contexts.push(context);
  await page.goto(path);
  return { page, errors };
}

/** Renames a canvas node from the keyboard (found through the search box, F2, type, Enter) and waits for the save. */
async function rename(page: Page, from: string, to: string) {
  await selectNode(page, from);
  await page.keyboard.press('F2');
  await typeTitle(page, to);
  await nodeTitled(page, to).waitFor();
  await waitSaveStatus(page, 'saved');
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`tua${stamp}`);
  learner = await signUpByEmail(`tul${stamp}`);
  ({ tree: source, share } = await sharedTemplate(author.access, {
    title: TITLE,
    tags: ['math'],
    description: 'From arrows to eigenvalues.',
    nodes: [
      { id: 'root', parent_id: null, title: TITLE },
      { id: 'vectors', parent_id: 'root', title: 'Vectors' },
      { id: 'matrices', parent_id: 'root', title: 'Matrices' },
      { id: 'det', parent_id: 'matrices', title: 'Determinants' },
    ],
  }));
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('template updates for forks', () => {
  it('a fork sees the template’s new revision, merges it with a conflict settled, and keeps progress and notes', async () => {
    // The learner uses the template: the copy opens in the editor, with no banner yet.
    const forker = await open(learner, `/community/${share.uuid}`);
    const page = forker.page;
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: t('community', 'detail.use') }).click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    const forkUuid = page.url().split('/').pop()!;
    await nodeTitled(page, 'Vectors').waitFor();
    expect(await page.getByTestId('upstream-banner').count()).toBe(0);

    // Progress and a private note on the copy (prepared through the API), then an edit in the editor.
    await api('PUT', '/api/learn/progress/', learner.access, { tree: forkUuid, node_id: 'matrices', status: 'done' });
    await api('PUT', '/api/learn/notes/', learner.access, {
      tree: forkUuid,
      node_id: 'matrices',
      content: 'Row times column.',
    });
    await rename(page, 'Vectors', 'Vectors, my way');

    // The author renames the same node, adds one, and shares the tree again from the editor.
    const writer = await open(author, `/trees/${source.uuid}`);
    await nodeTitled(writer.page, 'Vectors').waitFor();
    await rename(writer.page, 'Vectors', 'Vectors and spaces');
    await selectNode(writer.page, 'Determinants');
    await writer.page.keyboard.press('Enter');
    await typeTitle(writer.page, 'Eigenvalues');
    await waitSaveStatus(writer.page, 'saved');
    await writer.page.getByTestId('tree-editor').getByRole('button', { name: 'Share', exact: true }).click();
    const shareDialog = writer.page.getByRole('dialog', { name: t('community', 'share.dialogTitle') });
    await shareDialog.getByTestId('share-cover-preview').waitFor();
    await shareDialog.getByRole('button', { name: 'Update share' }).click();
    await toast(writer.page, t('community', 'share.done')).waitFor();

    // The learner comes back to the copy: the banner counts the template's two updates.
    await page.reload();
    const banner = page.getByRole('region', { name: t('reviews', 'upstream.bannerLabel') });
    await banner.getByText(t('reviews', 'upstream.banner_other', { count: 2, title: TITLE })).waitFor();
    await banner.getByRole('button', { name: t('reviews', 'upstream.review') }).click();

    // The dialog: what changed on each side, and the node both renamed, with both names.
    const dialog = page.getByRole('dialog', { name: t('reviews', 'upstream.dialogTitle') });
    await dialog.waitFor();
    await dialog.getByText(t('reviews', 'upstream.theirChanges')).waitFor();
    await dialog.getByText(t('reviews', 'changes.added', { count: 1 })).waitFor();
    const conflict = dialog.getByRole('group', { name: 'Vectors, my way' });
    await conflict.getByTestId('conflict-mine-values').getByText('Vectors, my way').waitFor();
    await conflict.getByTestId('conflict-theirs-values').getByText('Vectors and spaces').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    expect(await seriousViolations(page, COLOUR_RULES)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    // Applying without a choice is refused in place; then the template's name is taken, from the keyboard.
    await dialog.getByRole('button', { name: t('reviews', 'upstream.apply') }).click();
    await conflict.getByText(t('reviews', 'suggestions.conflicts.missing')).waitFor();
    await conflict.getByRole('radio', { name: t('reviews', 'upstream.conflicts.mine') }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await conflict.getByRole('radio', { name: t('reviews', 'upstream.conflicts.theirs') }).isChecked()).toBe(
      true,
    );
    await dialog.getByLabel(t('reviews', 'upstream.message')).fill('Took the new chapter');
    await dialog.getByRole('button', { name: t('reviews', 'upstream.apply') }).click();

    // Applied: a toast says what changed, the dialog and the banner are gone, the canvas shows the merge.
    await toast(
      page,
      t('reviews', 'upstream.applied', { revision: 2, version: 2, changes: '1 added, 1 changed' }),
    ).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    await nodeTitled(page, 'Vectors and spaces').waitFor();
    await nodeTitled(page, 'Eigenvalues').waitFor();
    expect(await nodeTitled(page, 'Vectors, my way').count()).toBe(0);
    await waitSaveStatus(page, 'saved');

    // The copy keeps its progress and note: learning mode shows Matrices done, with its note.
    await page.getByRole('button', { name: t('learning', 'mode.toggle'), exact: true }).click();
    await expect
      .poll(() => nodeTitled(page, 'Matrices').getByTestId('learning-status').getAttribute('data-status'))
      .toBe('done');
    await nodeTitled(page, 'Matrices').locator('[data-testid="learning-note-mark"]').waitFor();

    // On the server: the merged working copy, one version with the message, the note untouched.
    const fork = await treeByUuid(forkUuid, learner.access);
    expect(fork.data.nodes.map((n) => n.title).sort()).toEqual(
      ['Determinants', 'Eigenvalues', 'Matrices', TITLE, 'Vectors and spaces'].sort(),
    );
    const versions = await api<{ results: Array<{ message: string }> }>(
      'GET',
      `/api/tree/skills_tree_version/?tree=${fork.id}`,
      learner.access,
    );
    expect(versions.results.map((v) => v.message)).toContain('Took the new chapter');
    const notes = await api<Array<{ node_id: string; content: string }>>(
      'GET',
      `/api/learn/notes/?tree=${forkUuid}`,
      learner.access,
    );
    expect(notes).toMatchObject([{ node_id: 'matrices', content: 'Row times column.' }]);

    for (const { errors } of [forker, writer]) expect(errors).toEqual([]);
    forkId = fork.id;
    forkPath = `/trees/${forkUuid}`;
  });

  it('on a phone in Chinese: the banner fits the screen, the dialog fills it, and "Not now" lasts the session', async () => {
    // A third revision (the author's re-share is the first test's; here it only prepares the news).
    const current = await treeByUuid(source.uuid, author.access);
    await api('PUT', `/api/tree/skills_tree/${source.id}/`, author.access, {
      data: {
        ...current.data,
        nodes: [...current.data.nodes, { id: 'rank', parent_id: 'matrices', title: 'Rank' }],
      },
    });
    await api('POST', '/api/community/trees-shared/share_tree/', author.access, { tree: source.id, message: 'Rank' });

    const phone = await open(learner, forkPath, { width: 390, height: 844, locale: 'zh-CN' });
    const page = phone.page;
    const banner = page.getByRole('region', { name: zh('reviews', 'upstream.bannerLabel') });
    await banner.getByText(zh('reviews', 'upstream.banner_one', { count: 1, title: TITLE })).waitFor();
    const review = banner.getByRole('button', { name: zh('reviews', 'upstream.review') });
    const dismiss = banner.getByRole('button', { name: zh('reviews', 'upstream.dismiss') });
    for (const control of [review, dismiss]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    await review.click();
    const dialog = page.getByRole('dialog', { name: zh('reviews', 'upstream.dialogTitle') });
    await dialog.getByText(zh('reviews', 'upstream.noConflicts')).waitFor();
    const box = (await dialog.boundingBox())!;
    expect([box.x, box.width]).toEqual([0, 390]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await englishLeftovers(page, 'zh-CN')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await dismiss.click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await canvasNode(page, 'Matrices').waitFor();
    expect(await banner.count()).toBe(0);
    // Nothing was merged: the fork is still behind.
    const fork = await api<{ upstream: { behind: boolean } }>(
      'GET',
      `/api/tree/skills_tree/${forkId}/`,
      learner.access,
    );
    expect(fork.upstream.behind).toBe(true);
    expect(phone.errors).toEqual([]);
  });
});
