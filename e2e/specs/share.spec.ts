import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';
import type { ApiTokens } from '../support/session.ts';

interface ShareAnswer {
  uuid: string;
  tree: number | null;
  title: string;
  description: string;
  tags: string[];
  cover_url: string | null;
  updated_at: string;
}

let browser: Browser;
let author: ApiTokens & { username: string };
let small: { id: number; uuid: string };
let wide: { id: number; uuid: string };

/** The author's share of a tree, read back through the API (only to check what the UI did). */
async function shareOf(treeId: number): Promise<ShareAnswer | undefined> {
  const mine = await api<{ results: ShareAnswer[] }>(
    'GET',
    '/api/community/trees-shared/my_shares/?page_size=100',
    author.access,
  );
  return mine.results.find((share) => share.tree === treeId);
}

/** A signed-in page in English, as the author. */
async function authorPage(): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser, { locale: 'en-US', width: 1440, height: 900 });
  await context.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('__arbor__jwt__', JSON.stringify({ accessToken: access, refreshToken: refresh }));
      localStorage.setItem('arbor.locale', 'en-US');
    },
    [author.access, author.refresh] as const,
  );
  return { page, errors };
}

/** Opens a tree in the editor and its share dialog through the toolbar's Share button. */
async function openShareDialog(page: Page, uuid: string): Promise<Locator> {
  await page.goto(`/trees/${uuid}`);
  const editor = page.getByTestId('tree-editor');
  await editor.waitFor();
  await page.getByTestId('skill-node').first().waitFor();
  await editor.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share to the community' });
  await dialog.waitFor();
  // The form appears once the existing share has been looked up, and the cover preview once drawn.
  await dialog.getByLabel('Description').waitFor();
  await dialog.getByTestId('share-cover-preview').waitFor();
  return dialog;
}

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`sharer_${Date.now().toString(36)}`);
  small = await api('POST', '/api/tree/skills_tree/', author.access, {
    title: 'Rust from scratch',
    description: 'The description of the tree itself',
    data: {
      format: 1,
      nodes: [
        { id: 'root', parent_id: null, title: 'Rust from scratch' },
        { id: 'own', parent_id: 'root', title: 'Ownership' },
        { id: 'async', parent_id: 'root', title: 'Async' },
      ],
    },
  });
  // 80 nodes: a root, 74 children on one level, and 5 grandchildren.
  const nodes = [{ id: 'root', parent_id: null as string | null, title: 'A very wide tree' }];
  for (let i = 0; i < 74; i++) nodes.push({ id: `c${i}`, parent_id: 'root', title: `Topic ${i + 1}` });
  for (let i = 0; i < 5; i++) nodes.push({ id: `g${i}`, parent_id: `c${i}`, title: `Detail ${i + 1}` });
  wide = await api('POST', '/api/tree/skills_tree/', author.access, {
    title: 'A very wide tree',
    tags: ['breadth'],
    data: { format: 1, nodes },
  });
});
afterAll(async () => browser?.close());

describe('sharing a tree from the editor', () => {
  it('shares a small tree with a description and tags, and the toast opens the template page in a working app', async () => {
    const { page, errors } = await authorPage();
    const dialog = await openShareDialog(page, small.uuid);

    // The tree has no tags: the dialog says so in its own words before anything is sent.
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('Add at least one tag.').waitFor();

    await dialog.getByLabel('Description').fill('From ownership to async, one step at a time');
    const tags = dialog.getByLabel(/^Tags/);
    await tags.fill('rust');
    await tags.press('Enter');
    await tags.fill('systems');
    await tags.press('Enter');
    // Leaving the field closes its list of hot tags, which covers the dialog's buttons.
    await tags.press('Tab');
    await expect(dialog.getByText('Add at least one tag.').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();

    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Shared to the community' });
    await toast.waitFor();
    await dialog.waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: 'Open the template page' }).click();

    await page.waitForURL(/\/community\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Rust from scratch', level: 1 }).waitFor();
    await page.getByText('From ownership to async, one step at a time').first().waitFor();
    // The app still works: the navigation leads to another page.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My trees' }).click();
    await page.waitForURL(/\/trees$/);
    await page.getByText('Rust from scratch').first().waitFor();

    const share = await shareOf(small.id);
    expect(share).toMatchObject({
      title: 'Rust from scratch',
      description: 'From ownership to async, one step at a time',
      tags: ['rust', 'systems'],
    });
    expect(share?.cover_url).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('shares a wide tree (80 nodes, 74 on one level) with a 1200×630 cover', async () => {
    const { page, errors } = await authorPage();
    const dialog = await openShareDialog(page, wide.uuid);
    await dialog.getByLabel('Description').fill('Seventy-four topics side by side');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Shared to the community' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const share = await shareOf(wide.id);
    expect(share).toMatchObject({ description: 'Seventy-four topics side by side', tags: ['breadth'] });
    expect(share?.cover_url).toBeTruthy();
    const cover = await fetch(new URL(new URL(share!.cover_url!).pathname, baseURL()));
    expect(cover.status).toBe(200);
    const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(errors).toEqual([]);
  });

  it("opens a re-share with the share's current description and tags, and updates it", async () => {
    const { page, errors } = await authorPage();
    const dialog = await openShareDialog(page, small.uuid);
    await expect(dialog.getByLabel('Description').inputValue()).resolves.toBe(
      'From ownership to async, one step at a time',
    );
    await dialog.getByText('rust', { exact: true }).waitFor();
    await dialog.getByText('systems', { exact: true }).waitFor();
    await dialog.getByText(/This tree is already shared/).waitFor();

    await dialog.getByLabel('Description').fill('Now with a chapter on macros');
    await dialog.getByRole('button', { name: 'Update share' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Shared to the community' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const share = await shareOf(small.id);
    expect(share).toMatchObject({ description: 'Now with a chapter on macros', tags: ['rust', 'systems'] });
    expect(errors).toEqual([]);
  });

  it("shares from a tree card's menu on My trees with a cover drawn from the tree", async () => {
    const listed = await api<{ id: number }>('POST', '/api/tree/skills_tree/', author.access, {
      title: 'Shared from the list',
      tags: ['list'],
      data: {
        format: 1,
        nodes: [
          { id: 'root', parent_id: null, title: 'Shared from the list' },
          { id: 'a', parent_id: 'root', title: 'First step' },
        ],
      },
    });
    const { page, errors } = await authorPage();
    await page.goto('/trees');
    await page.getByRole('button', { name: 'Actions for Shared from the list' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share to the community' });
    await dialog.getByTestId('share-cover-preview').waitFor();
    // The dialog outlives the card's menu, which closes at the first click in it.
    await dialog.getByLabel('Description').fill('Shared without opening the editor');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Shared to the community' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const share = await shareOf(listed.id);
    expect(share).toMatchObject({ description: 'Shared without opening the editor', tags: ['list'] });
    const cover = await fetch(new URL(new URL(share!.cover_url!).pathname, baseURL()));
    const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(errors).toEqual([]);
  });

  it("checks the template's edit form with its own messages before sending it", async () => {
    const share = (await shareOf(small.id))!;
    const { page, errors } = await authorPage();
    await page.goto(`/community/${share.uuid}`);
    await page.getByRole('heading', { name: 'Rust from scratch', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit template details' });
    await dialog.getByLabel(/^Title/).fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Give the template a title.').waitFor();

    await dialog.getByLabel(/^Title/).fill('Rust from scratch, second edition');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Rust from scratch, second edition', level: 1 }).waitFor();
    await expect(shareOf(small.id)).resolves.toMatchObject({ title: 'Rust from scratch, second edition' });
    expect(errors).toEqual([]);
  });
});
