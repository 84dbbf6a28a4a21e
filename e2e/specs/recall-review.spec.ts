// Recall through the UI (UI.md "Learning, recall and plans"): a learner marks nodes done in learning
// mode and their automatic cards appear in the node panel, adds a card there by hand, opens /learn,
// starts the review, reveals with Space, grades with the keys, undoes with Z (the card comes back),
// finishes and reads the end screen; on a phone the grade buttons sit at the bottom of the screen.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import learningEn from '../../apps/web/src/i18n/learning/en-US.json' with { type: 'json' };
import recallEn from '../../apps/web/src/i18n/recall/en-US.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { selectNode } from '../support/editor.ts';
import { presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Set RECALL_SCREENSHOTS=<folder> to keep screenshots of the review screen. */
const SHOTS = process.env.RECALL_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function learnerWithTree(tag: string): Promise<{ learner: ApiTokens; uuid: string }> {
  const learner = await signUpByEmail(`recall_${tag}_${Date.now().toString(36)}`);
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
    title: `Linear algebra ${tag}`,
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title: `Linear algebra ${tag}` },
        { id: 'vectors', parent_id: 'root', title: 'Vectors', summary: 'Arrows with a length and a direction.' },
        { id: 'matrices', parent_id: 'root', title: 'Matrices', summary: 'Grids of numbers that map vectors.' },
      ],
      links: [],
    },
  });
  return { learner, uuid: tree.uuid };
}

async function markDone(page: Page, title: string) {
  await selectNode(page, title);
  const panel = page.getByTestId('node-panel');
  await panel.getByTestId('learning-status-control').getByText(learningEn.status.done, { exact: true }).click();
  // the automatic card arrives with the progress change
  await panel
    .getByTestId('cards-section')
    .getByTestId('card-row-front')
    .filter({ hasText: title })
    .waitFor({ timeout: 15_000 });
}

const L = recallEn;

/**
 * A signed-in page in en-US (`signedInPage` writes storage from an init script that throws on the
 * about:blank page axe opens, so the axe checks here sign in the way learn-home.spec does).
 */
async function learnerPage(
  tokens: ApiTokens,
  opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
) {
  const { context, page, errors } = await newPage(browser, { locale: 'en-US', ...opts });
  await presetStorage(context, { 'arbor.locale': 'en-US' });
  const signedIn = await signInContext(context, tokens);
  await page.close();
  signedIn.on('pageerror', (e) => errors.push(e.message));
  return { page: signedIn, errors, context };
}

describe('recall', () => {
  it('makes cards from done nodes and by hand, then reviews them with the keyboard and undoes a grade', async () => {
    const { learner, uuid } = await learnerWithTree('desk');
    const { page, errors, context } = await learnerPage(learner);
    try {
      await page.goto(`/trees/${uuid}?learn=1`);
      await markDone(page, 'Vectors');
      await markDone(page, 'Matrices');

      // A card by hand in the node panel.
      const section = page.getByTestId('node-panel').getByTestId('cards-section');
      await section.getByTestId('card-add').click();
      const form = section.getByTestId('card-add-form');
      await form.getByLabel(L.card.front).fill('What maps one vector to another?');
      await form.getByLabel(L.card.back).fill('A **matrix**');
      await form.getByTestId('card-submit').click();
      await expect.poll(() => section.getByTestId('card-row').count()).toBe(2);
      expect(await section.getByText(L.card.count_other.replace('{{count}}', '2')).count()).toBe(1);

      // /learn: three cards due today and Start review.
      await page.goto('/learn');
      const cards = page.getByTestId('learn-cards');
      await expect.poll(() => cards.getByTestId('cards-due-today').textContent()).toBe('3 cards to review today');
      // (the list loads beside the headline, which no longer waits for a second query)
      await expect.poll(() => cards.getByTestId('own-cards').getByTestId('card-row').count()).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await cards.getByTestId('start-review').click();
      await page.waitForURL((url) => url.pathname === '/learn/review');

      const progress = page.getByTestId('review-progress');
      await expect.poll(() => progress.textContent()).toBe('1 of 3');
      const firstFront = await page.getByTestId('review-front').textContent();
      expect(await page.getByTestId('review-back').count()).toBe(0);

      // Space reveals the answer (in a live region), then the grades show their intervals.
      await page.keyboard.press('Space');
      await page.getByTestId('review-back').waitFor();
      expect(await page.getByTestId('review-answer-region').getAttribute('aria-live')).toBe('polite');
      expect(await page.getByTestId('review-grade-1').textContent()).toContain('1 min');
      expect(await page.getByTestId('review-grade-3').textContent()).toContain('10 min');
      expect(await page.getByTestId('review-grade-4').textContent()).toMatch(/\d+ d/);
      await shot(page, 'review-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      // Easy (key 4) moves on; Z brings the card back.
      await page.keyboard.press('4');
      await expect.poll(() => progress.textContent()).toBe('2 of 3');
      expect(await page.getByTestId('review-back').count()).toBe(0);
      await page.keyboard.press('z');
      await expect.poll(() => progress.textContent()).toBe('1 of 3');
      expect(await page.getByTestId('review-front').textContent()).toBe(firstFront);

      // Through the queue by keys.
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press('Space');
        await page.getByTestId('review-back').waitFor();
        await page.keyboard.press('4');
        if (i < 2) await expect.poll(() => progress.textContent()).toBe(`${i + 2} of 3`);
      }
      const done = page.getByTestId('review-done');
      await done.getByText(L.review.doneTitle).waitFor();
      await expect.poll(() => done.getByTestId('stats-reviews').textContent()).toBe('3');
      const stats = await api<{ reviews_today: number; due_today: number }>(
        'GET',
        '/api/learn/review/stats/',
        learner.access,
      );
      expect(stats.reviews_today).toBe(3);
      expect(stats.due_today).toBe(0);
      await shot(page, 'review-done-desktop');
      await done.getByTestId('review-back-to-learn').click();
      await page.waitForURL((url) => url.pathname === '/learn');
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'failure-desktop');
      throw error;
    } finally {
      await context.close();
    }
  }, 240_000);

  it('puts thumb-sized grade buttons at the bottom of a phone screen, in the dark scheme too', async () => {
    const { learner, uuid } = await learnerWithTree('phone');
    for (const node of ['vectors', 'matrices'])
      await api('PUT', '/api/learn/progress/', learner.access, { tree: uuid, node_id: node, status: 'done' });
    const { page, errors, context } = await learnerPage(learner, { width: 390, height: 844, colorScheme: 'dark' });
    try {
      await page.goto('/learn/review');
      await page.getByTestId('review-show-answer').click();
      await page.getByTestId('review-back').waitFor();
      const box = await page.getByTestId('review-grade-3').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      expect(box!.y).toBeGreaterThan(844 - 160);
      await shot(page, 'review-phone');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('review-grade-3').click();
      await expect.poll(() => page.getByTestId('review-progress').textContent()).toMatch(/^2 of [34]$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
