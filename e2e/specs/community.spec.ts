import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForApp } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { baseURL, launchBrowser, newPage } from '../support/browser.ts';
import { storeTokens, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let alice: ApiTokens & { username: string };
let bob: ApiTokens & { username: string };
let aliceTree: { id: number; uuid: string };

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function signedInPage(tokens: ApiTokens): Promise<Page> {
  const { page } = await newPage(browser, { locale: 'zh-CN' });
  await page.goto('/favicon.svg');
  await storeTokens(page, tokens);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const suffix = Date.now().toString(36);
  alice = await signUpByEmail(`alice_${suffix}`);
  bob = await signUpByEmail(`bob_${suffix}`);
  aliceTree = await api('POST', '/api/tree/skills_tree/', alice.access, {
    title: '量子计算入门',
    description: '从量子比特到量子算法',
    tags: ['量子'],
    data: {
      format: 1,
      nodes: [
        { id: 'root', parent_id: null, title: '量子计算入门' },
        { id: 'qubit', parent_id: 'root', title: '量子比特', summary: '叠加与测量' },
        { id: 'gates', parent_id: 'root', title: '量子门' },
      ],
    },
  });
});
afterAll(async () => browser?.close());

describe('sharing and using a template', () => {
  it("lets one user share a tree and another find it, like it, rate it and use it, leaving the author's tree alone", async () => {
    await api('POST', '/api/community/trees-shared/share_tree/', alice.access, {
      tree: aliceTree.id,
      tags: ['量子', 'physics'],
    });
    // A hot tag is one that several recent templates carry: two more make 量子 one of the hottest,
    // whatever the sample templates and other specs have shared.
    for (const title of ['量子信息', '量子纠错']) {
      const other = await api<{ id: number }>('POST', '/api/tree/skills_tree/', alice.access, {
        title,
        tags: ['量子'],
        data: { format: 1, nodes: [{ id: 'root', parent_id: null, title }] },
      });
      await api('POST', '/api/community/trees-shared/share_tree/', alice.access, { tree: other.id, tags: ['量子'] });
    }

    const page = await signedInPage(bob);
    await page.goto('/community');
    // Found by a Chinese word inside the title, with no spaces around it.
    await page.getByRole('searchbox', { name: '搜索' }).fill('计算');
    const card = page.getByRole('link', { name: /量子计算入门/ });
    await card.waitFor();
    // And by its hot tag.
    await page.getByRole('searchbox', { name: '搜索' }).fill('');
    await page.getByRole('group', { name: '热门标签' }).getByText('量子', { exact: true }).click();
    await page.waitForURL(/tags=/);
    // Wait for the filtered list itself (three templates have this tag), not the previous results
    // still shown while it loads.
    await page.getByText('共 3 个模板').waitFor();
    await page.locator('[data-testid="share-results"][aria-busy="false"]').waitFor();
    await card.waitFor();

    await card.click();
    await page.waitForURL(/\/community\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: '量子计算入门', level: 1 }).waitFor();
    await page.getByRole('button', { name: /点赞/ }).click();
    await page.getByRole('button', { name: /已点赞 · 1/ }).waitFor();
    // The stars are radio inputs: choose four by keyboard, as a keyboard user would.
    await page.getByLabel('4 星').focus();
    await page.keyboard.press('Space');
    await page.getByText('你打了 4 星').waitFor();

    await page.getByRole('button', { name: '使用此模板' }).click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    const copyUuid = page.url().split('/').pop()!;
    const copy = await api<{ id: number; owner: { username: string }; visibility: string }>(
      'GET',
      `/api/tree/skills_tree/get_data_by_uuid/?uuid=${copyUuid}`,
      bob.access,
    );
    expect(copy).toMatchObject({ owner: { username: bob.username }, visibility: 'private' });
    await api('PATCH', `/api/tree/skills_tree/${copy.id}/`, bob.access, { title: '我的量子笔记' });

    const original = await api<{ title: string; data: { nodes: unknown[] } }>(
      'GET',
      `/api/tree/skills_tree/${aliceTree.id}/`,
      alice.access,
    );
    expect(original.title).toBe('量子计算入门');
    expect(original.data.nodes).toHaveLength(3);

    // The card shows the counters the actions produced.
    await page.goto('/community?q=%E9%87%8F%E5%AD%90');
    const counters = page.getByRole('link', { name: /量子计算入门/ });
    await counters.waitFor();
    await expect(counters.getByLabel('点赞: 1').count()).resolves.toBe(1);
    await expect(counters.getByLabel('浏览: 1').count()).resolves.toBe(1);
    await expect(counters.getByLabel('使用: 1').count()).resolves.toBe(1);
    await expect(counters.getByText('4.0').count()).resolves.toBe(1);
    await page.context().close();
  });

  it('opens a template clicked while a search is still being typed, and stays on it', async () => {
    const tree = await api<{ id: number }>('POST', '/api/tree/skills_tree/', alice.access, {
      title: '拓扑绝缘体',
      data: { format: 1, nodes: [{ id: 'root', parent_id: null, title: '拓扑绝缘体' }] },
    });
    await api('POST', '/api/community/trees-shared/share_tree/', alice.access, { tree: tree.id });
    const page = await signedInPage(bob);
    await page.goto('/community?q=%E6%8B%93%E6%89%91');
    await waitForApp(page);
    const card = page.getByRole('link', { name: /拓扑绝缘体/ });
    await card.waitFor();
    // The template page's code arrives slowly, so its navigation is still under way when the search,
    // typed just before the click, would apply (350 ms after the last key).
    await page.route('**/assets/TemplateDetailPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.getByRole('searchbox', { name: '搜索' }).pressSequentially('绝缘');
    await card.click();
    await page.getByRole('heading', { name: '拓扑绝缘体', level: 1 }).waitFor();
    // The page's code was held back 1200 ms, far past the search's 350 ms: the search has applied by now
    // and did not pull the reader back to the list; the template page is what is on screen.
    expect(new URL(page.url()).pathname).toMatch(/^\/community\/[0-9a-f-]{36}$/);
    await page.getByRole('searchbox', { name: '搜索' }).waitFor({ state: 'detached' });
    await page.close();
  });
});
