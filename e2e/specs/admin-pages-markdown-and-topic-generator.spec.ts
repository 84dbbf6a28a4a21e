import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../apps/server/src/testing/fake-llm.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { baseURL, launchBrowser } from '../support/browser.ts';
import { apiLogin, signedInPage, type ApiTokens } from '../support/session.ts';

// Driven through the UI: the admin breadcrumb, the notice for a non-admin, GFM in
// node previews, where toasts open, and the topic generator without AI and before it spends calls.

/** Screenshots for design review go to /tmp when UX_E2E_SHOTS=1; the run itself never depends on them. */
const SHOTS = process.env.UX_E2E_SHOTS === '1';
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `/tmp/ux-${name}.png` });
};

let browser: Browser;
let admin: ApiTokens;
let user: ApiTokens;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function api<T>(path: string, tokens: ApiTokens, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${tokens.access}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.ok, `${init.method ?? 'GET'} ${path} answered ${res.status}`).toBe(true);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Opens the New tree menu on /trees and returns the "Generate from a topic" item. */
async function topicItem(page: Page) {
  await page.goto('/trees');
  await page.getByTestId('new-tree').click();
  const item = page.getByTestId('new-ai');
  await item.waitFor();
  return item;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin();
  user = await signUpByEmail(`ux${Date.now().toString(36)}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('admin breadcrumb and admin-only pages', () => {
  const LANGUAGES = [
    { locale: 'zh-CN', nav: '面包屑导航', section: '管理后台', title: 'AI 配置' },
    { locale: 'en-US', nav: 'Breadcrumb', section: 'Administration', title: 'AI Configuration' },
    { locale: 'ja-JP', nav: 'パンくずリスト', section: '管理', title: 'AI 設定' },
  ];

  for (const language of LANGUAGES) {
    it(`shows /admin/ai's breadcrumb translated in ${language.locale}, with no link to a missing page`, async () => {
      const { page, context, errors } = await signedInPage(browser, admin, { locale: language.locale });
      await page.goto('/admin/ai');
      const crumbs = page.getByRole('navigation', { name: language.nav });
      await crumbs.getByText(language.title, { exact: true }).waitFor();
      const section = crumbs.getByTestId('breadcrumb-section');
      expect(await section.innerText()).toBe(language.section);
      // The section is text, not a link; the only link goes home, and home is a real page.
      expect(await section.evaluate((el) => el.closest('a'))).toBeNull();
      const hrefs = await crumbs.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['/']);
      await crumbs.getByRole('link').click();
      await page.waitForURL(`${baseURL()}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.title()).not.toMatch(/not found|找不到|見つかりません/i);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const width of [1440, 390]) {
    it(`tells a non-admin why /admin/ai sent them home, in a toast that stays clear of the header (${width}px)`, async () => {
      const { page, context, errors } = await signedInPage(browser, user, { width, height: width > 800 ? 900 : 844 });
      await page.goto('/admin/ai');
      const notice = page.getByRole('alert').filter({ hasText: 'No access' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('“AI Configuration” is for administrators only');
      await page.waitForURL(`${baseURL()}/`);

      const avatar = page.getByTestId('avatar-menu');
      await avatar.waitFor();
      const toastBox = (await notice.boundingBox())!;
      const avatarBox = (await avatar.boundingBox())!;
      const headerBox = (await page.locator('header.arbor-header').boundingBox())!;
      expect(overlaps(toastBox, avatarBox), JSON.stringify({ toastBox, avatarBox })).toBe(false);
      expect(overlaps(toastBox, headerBox), JSON.stringify({ toastBox, headerBox })).toBe(false);
      await shot(page, `forbidden-toast-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('GitHub-flavoured Markdown in a node', () => {
  it('renders a table, a task list and strikethrough typed into a node’s content', async () => {
    const tree = await api<{ uuid: string }>('/api/tree/skills_tree/', user, {
      method: 'POST',
      body: { title: 'Study plan' },
    });
    const { page, context, errors } = await signedInPage(browser, user);
    await page.goto(`/trees/${tree.uuid}`);
    const panel = page.getByTestId('node-panel');
    await panel.getByRole('heading', { name: 'Study plan', exact: true }).waitFor();
    await panel
      .getByTestId('node-content')
      .fill(
        [
          '| Week | Topic |',
          '| --- | --- |',
          '| 1 | Vectors |',
          '| 2 | Matrices |',
          '',
          '- [x] Read chapter 1',
          '- [ ] Solve the exercises',
          '',
          'Use ~~the old edition~~ the new one.',
        ].join('\n'),
      );
    await panel.getByText('Preview', { exact: true }).click();
    const preview = panel.getByTestId('markdown-preview');
    await preview.locator('table').waitFor();
    expect(await preview.locator('th').allInnerTexts()).toEqual(['Week', 'Topic']);
    expect(await preview.locator('tbody tr').count()).toBe(2);
    const boxes = preview.locator('li.task-list-item input[type="checkbox"]');
    expect(await boxes.count()).toBe(2);
    expect(
      await boxes.evaluateAll((inputs) =>
        inputs.map((i) => [(i as HTMLInputElement).checked, (i as HTMLInputElement).disabled]),
      ),
    ).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(await preview.locator('del').innerText()).toBe('the old edition');
    await shot(page, 'gfm-preview');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('generating a tree from a topic', () => {
  let fake: FakeLlm | undefined;
  /** Providers this spec switched off (another spec may have left one active), switched back on after. */
  let wasActive: number[] = [];
  let ownProvider: number | undefined;

  beforeAll(async () => {
    const configs = await api<{ results: Array<{ id: number; is_active: boolean }> }>(
      '/api/llm/deepseek-config/?page_size=100',
      admin,
    );
    wasActive = configs.results.filter((c) => c.is_active).map((c) => c.id);
    for (const id of wasActive)
      await api(`/api/llm/deepseek-config/${id}/`, admin, { method: 'PATCH', body: { is_active: false } });
  });
  afterAll(async () => {
    if (ownProvider !== undefined) await api(`/api/llm/deepseek-config/${ownProvider}/`, admin, { method: 'DELETE' });
    for (const id of wasActive)
      await api(`/api/llm/deepseek-config/${id}/`, admin, { method: 'PATCH', body: { is_active: true } });
    await fake?.close();
  });

  it('shows the item disabled with the reason when no AI model is set up, and no dialog opens', async () => {
    const { page, context, errors } = await signedInPage(browser, user);
    const item = await topicItem(page);
    await page.locator('[data-testid="new-ai"][data-unavailable="not_configured"]').waitFor();
    expect(await item.isDisabled()).toBe(true);
    await shot(page, 'topic-item-disabled');
    expect(await item.getByTestId('new-ai-reason').innerText()).toBe(
      'No AI model is set up yet: ask an administrator to configure one.',
    );
    await item.click({ force: true });
    expect(await page.getByTestId('generate-tree-modal').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows what a generation will cost and asks before spending any call', async () => {
    fake = await startFakeLlm();
    const provider = await api<{ id: number }>('/api/llm/deepseek-config/', admin, {
      method: 'POST',
      body: { name: 'UX fake', base_url: fake.url, api_key: 'sk-ux-fake', is_active: true },
    });
    ownProvider = provider.id;
    await api('/api/llm/deepseek-models/', admin, {
      method: 'POST',
      body: { config: provider.id, name: 'fake-chat', kind: 'chat', is_default: true },
    });
    const status = await api<{ quota: { remaining: number; limit: number } }>('/api/llm/status/', user);

    const { page, context, errors } = await signedInPage(browser, user);
    const item = await topicItem(page);
    await page.locator('[data-testid="new-ai"]:not([data-unavailable])').waitFor();
    await item.click();
    const modal = page.getByTestId('generate-tree-modal');
    await modal.getByTestId('generate-tree-topic').fill('Cooking');
    await modal.getByTestId('generate-tree-depth').getByText('3', { exact: true }).click();
    await modal.getByTestId('generate-tree-submit').click();

    const cost = modal.getByTestId('generate-tree-cost');
    await cost.waitFor();
    expect(await cost.getAttribute('data-calls')).toBe('43');
    expect(await cost.innerText()).toContain('up to 43 AI calls');
    expect(await modal.getByTestId('generate-tree-quota').innerText()).toBe(
      `You have ${status.quota.remaining} of ${status.quota.limit} left today.`,
    );
    await shot(page, 'generate-cost');
    // Nothing was asked of the model yet.
    expect(fake.requests.filter((r) => r.path.includes('/chat/completions'))).toEqual([]);

    // Back to a smaller tree, which costs one call, then confirm.
    await modal.getByTestId('generate-tree-back').click();
    await cost.waitFor({ state: 'detached' });
    await modal.getByTestId('generate-tree-depth').getByText('1', { exact: true }).click();
    await modal.getByTestId('generate-tree-submit').click();
    expect(await cost.getAttribute('data-calls')).toBe('1');
    expect(await cost.innerText()).toContain('up to 1 AI call:');
    await modal.getByTestId('generate-tree-confirm').click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByTestId('skill-node').filter({ hasText: 'Cooking: Foundations' }).first().waitFor();
    expect(fake.requests.filter((r) => r.path.includes('/chat/completions'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
