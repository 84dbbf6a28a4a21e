// /learn, through the UI on a desktop and a phone: a learner with progress on two trees and a note
// opens it from the navigation, reads the subjects with their percent, the heatmap and the streak,
// continues a tree, finds a note from the command palette and opens its node, and sets a node's
// estimate and the tree's unlock mode in the editor, which stay after a reload.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { seriousViolations } from '../support/a11y.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { waitSaveStatus } from '../support/editor.ts';
import { presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

let browser: Browser;

interface SavedDocNode {
  id: string;
  estimate_minutes?: number | null;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A fresh learner with two trees: four of five nodes of the first done, one of three of the second, a note. */
async function prepareLearner(tag: string) {
  const learner = await signUpByEmail(`learner_${tag}_${Date.now().toString(36)}`);
  const tree = (title: string, nodes: Array<{ id: string; parent_id: string | null; title: string }>) =>
    api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
      title,
      data: { format: 1, layout: { direction: 'TB' }, nodes, links: [] },
    });
  const algebra = await tree(`Linear algebra ${tag}`, [
    { id: 'root', parent_id: null, title: `Linear algebra ${tag}` },
    { id: 'vectors', parent_id: 'root', title: 'Vectors' },
    { id: 'matrices', parent_id: 'root', title: 'Matrices' },
    { id: 'determinants', parent_id: 'matrices', title: 'Determinants' },
    { id: 'eigen', parent_id: 'matrices', title: 'Eigenvalues' },
    { id: 'svd', parent_id: 'matrices', title: 'Singular values' },
  ]);
  const cooking = await tree(`Bread baking ${tag}`, [
    { id: 'root', parent_id: null, title: `Bread baking ${tag}` },
    { id: 'flour', parent_id: 'root', title: 'Flour' },
    { id: 'starter', parent_id: 'root', title: 'Sourdough starter' },
    { id: 'shaping', parent_id: 'root', title: 'Shaping' },
  ]);
  for (const node of ['vectors', 'matrices', 'determinants', 'eigen']) {
    await api('PUT', '/api/learn/progress/', learner.access, { tree: algebra.uuid, node_id: node, status: 'done' });
  }
  await api('PUT', '/api/learn/progress/', learner.access, { tree: cooking.uuid, node_id: 'flour', status: 'done' });
  await api('PUT', '/api/learn/notes/', learner.access, {
    tree: cooking.uuid,
    node_id: 'starter',
    content: `Feed the starter twice a day; keep it near ${tag}warmth`,
  });
  return { learner, algebra, cooking };
}

async function learnerPage(
  tokens: ApiTokens,
  phone: boolean,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await newPage(browser, {
    locale: 'en-US',
    ...(phone ? { width: 390, height: 844 } : {}),
  });
  await presetStorage(context, { 'arbor.locale': 'en-US' });
  const signedIn = await signInContext(context, tokens);
  await page.close();
  signedIn.on('pageerror', (e) => errors.push(e.message));
  return { page: signedIn, errors, close: () => context.close() };
}

async function openPaletteAndSearch(page: Page, phone: boolean, query: string) {
  if (phone) await page.getByRole('button', { name: 'Open the command palette' }).click();
  else await page.keyboard.press('Control+K');
  const search = page.getByTestId('palette-search');
  await search.waitFor();
  await search.fill(query);
}

for (const phone of [false, true]) {
  const tag = phone ? 'phone' : 'desk';
  describe(`learning home on a ${phone ? 'phone (390×844)' : 'desktop'}`, () => {
    it('lists the subjects with percent, the heatmap and the streak, continues a tree, finds a note and keeps editor fields', async () => {
      const { learner, algebra, cooking } = await prepareLearner(tag);
      const { page, errors, close } = await learnerPage(learner, phone);

      // From the navigation (the drawer on a phone).
      await page.goto('/');
      if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('link', { name: 'Learning', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/learn');
      await page.getByRole('heading', { name: 'What I am learning', level: 1 }).waitFor();

      // Two subjects, newest activity first, with their percent.
      const cards = page.getByTestId('subject-card');
      await expect.poll(() => cards.count()).toBe(2);
      const algebraCard = cards.filter({ hasText: `Linear algebra ${tag}` });
      const cookingCard = cards.filter({ hasText: `Bread baking ${tag}` });
      expect(await algebraCard.getByTestId('subject-percent').textContent()).toBe('80%');
      expect(await cookingCard.getByTestId('subject-percent').textContent()).toBe('33%');
      expect(await algebraCard.getByText('4 of 5 done').count()).toBe(1);
      expect(await cookingCard.getByText('Tree', { exact: true }).count()).toBe(1);

      // The heatmap: today holds every progress change made above; the streak is today.
      const activity = await api<{ days: Array<{ date: string; progress: number; reviews: number }> }>(
        'GET',
        '/api/learn/activity/?days=1',
        learner.access,
      );
      const changes = activity.days[0]!.progress;
      expect(changes).toBeGreaterThanOrEqual(5);
      const heatmap = page.getByTestId('activity-heatmap');
      await heatmap.waitFor();
      const today = heatmap.locator(`td[data-date="${activity.days[0]!.date}"]`);
      expect(await today.getAttribute('data-total')).toBe(String(changes));
      expect(await today.getAttribute('aria-label')).toMatch(new RegExp(`: ${changes} progress changes, 0 reviews$`));
      expect(await heatmap.locator('td[data-date]').count()).toBeGreaterThanOrEqual(360);
      expect(await page.getByTestId('streak-current').textContent()).toContain('1 day');
      expect(await page.getByTestId('streak-longest').textContent()).toContain('1 day');
      expect(await page.getByTestId('activity-summary').textContent()).toBe(
        `Last year: 1 active day, ${changes} progress changes, 0 reviews`,
      );
      // A keyboard user reaches the days and reads today's counts in the tooltip.
      await today.focus();
      expect(await page.getByTestId('heatmap-tip').textContent()).toContain(`${changes} progress changes`);
      expect(await seriousViolations(page)).toEqual([]);

      // Continue opens the tree in the editor.
      await algebraCard.getByTestId('subject-continue').click();
      await page.waitForURL((url) => url.pathname === `/trees/${algebra.uuid}`);
      await page.getByTestId('editor-title').getByText(`Linear algebra ${tag}`).waitFor();

      // A note found from the command palette opens its node.
      await openPaletteAndSearch(page, phone, `${tag}warmth`);
      const hit = page.locator('.mantine-Spotlight-action', { hasText: 'Sourdough starter' });
      await hit.waitFor();
      expect(await hit.textContent()).toContain(`Bread baking ${tag}`);
      await hit.click();
      await page.waitForURL(
        (url) => url.pathname === `/trees/${cooking.uuid}` && url.search === '?learn=1&node=starter',
      );
      if (phone) await page.getByTestId('open-node-panel').click();
      const panel = page.getByTestId('node-panel');
      await panel.getByRole('heading', { name: 'Sourdough starter', exact: true }).waitFor();

      // The node's estimate and the tree's unlock mode, autosaved.
      const estimate = panel.getByTestId('node-estimate-field');
      await estimate.fill('45');
      if (phone) await page.keyboard.press('Escape');
      // The unlock mode sits in the tree's settings menu, on a phone in the toolbar's More menu.
      await page.getByTestId(phone ? 'toolbar-more' : 'tree-settings').click();
      const parentMode = page.getByTestId('unlock-parent');
      expect(await parentMode.getAttribute('aria-checked')).toBe('false');
      await parentMode.click();
      await waitSaveStatus(page, 'saved');
      await expect
        .poll(async () => {
          const saved = await api<{ data: { unlock?: string; nodes: SavedDocNode[] } }>(
            'GET',
            `/api/tree/skills_tree/get_data_by_uuid/?uuid=${cooking.uuid}`,
            learner.access,
          );
          return [saved.data.unlock, saved.data.nodes.find((n) => n.id === 'starter')?.estimate_minutes];
        })
        .toEqual(['parent', 45]);

      await page.reload();
      await page.getByTestId('tree-editor').waitFor();
      if (phone) await page.getByTestId('open-node-panel').click();
      await page.getByTestId('node-panel').getByRole('heading', { name: 'Sourdough starter', exact: true }).waitFor();
      expect(await page.getByTestId('node-estimate-field').inputValue()).toBe('45');
      if (phone) await page.keyboard.press('Escape');
      // The unlock mode sits in the tree's settings menu, on a phone in the toolbar's More menu.
      await page.getByTestId(phone ? 'toolbar-more' : 'tree-settings').click();
      expect(await page.getByTestId('unlock-parent').getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('unlock-links').getAttribute('aria-checked')).toBe('false');
      expect(errors).toEqual([]);
      await close();
    });
  });
}
