// The tutor through the UI (UI.md "Third wave": Tutor): a learner opens a node's Tutor in learning
// mode, asks "Explain" and watches the answer stream in, clicks a cited node's chip (the canvas
// selects that node), turns the answer into a card, and after a reload goes on with the same
// conversation. On a desktop in Japanese, then on a 390 px phone in Chinese, where the panel fills
// the screen and "Tutor" is in the editor's More menu; axe finds nothing serious with the panel open.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../apps/server/src/testing/fake-llm.ts';
import recallJa from '../../apps/web/src/i18n/recall/ja-JP.json' with { type: 'json' };
import recallZh from '../../apps/web/src/i18n/recall/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { animationsSettled, launchBrowser } from '../support/browser.ts';
import { canvasNode } from '../support/editor.ts';
import { activateFakeProvider } from '../support/fake-provider.ts';
import { apiLogin, signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let fake: FakeLlm;
let admin: ApiTokens;
/** Puts the providers back as they were. */
let restoreProviders: (() => Promise<void>) | undefined;

const document = {
  format: 1,
  layout: { direction: 'TB' },
  nodes: [
    { id: 'root', parent_id: null, title: 'Rust' },
    { id: 'basics', parent_id: 'root', title: 'Basics', summary: 'Syntax and tools.' },
    { id: 'own', parent_id: 'root', title: 'Ownership', content: '# Moves and borrows\nEach value has one owner.' },
  ],
  links: [{ source: 'basics', target: 'own', kind: 'prerequisite' }],
};

beforeAll(async () => {
  browser = await launchBrowser();
  fake = await startFakeLlm();
  admin = await apiLogin();
  restoreProviders = await activateFakeProvider(fake, admin, 'Fake provider for the tutor');
});

afterAll(async () => {
  await browser?.close();
  await restoreProviders?.();
  await fake?.close();
});

async function learnerWithTree(name: string) {
  const learner = await signUpByEmail(`${name}_${Date.now().toString(36)}`);
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
    title: 'Rust',
    description: '',
    tags: [],
    data: document,
  });
  return { learner, treeUuid: tree.uuid };
}

async function openTutor(page: Page, phone: boolean) {
  if (phone) await page.getByTestId('toolbar-more').click();
  await page.getByTestId('tutor-open').first().click();
  await page.getByTestId('tutor-panel').getByTestId('tutor-explain').waitFor();
}

/** Everything the spec does, in one language on one screen. */
async function tutorJourney(opts: {
  L: typeof recallJa.tutor;
  locale: string;
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
  name: string;
}) {
  const { L } = opts;
  const phone = opts.width < 640;
  const { learner, treeUuid } = await learnerWithTree(opts.name);
  const { context, page, errors } = await signedInPage(browser, learner, opts);
  await page.goto(`/trees/${treeUuid}?learn=1&node=own`);
  await openTutor(page, phone);
  const panel = page.getByTestId('tutor-panel');
  if (phone) {
    const box = await panel.locator('.mantine-Drawer-content').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(opts.width - 1);
  }

  // "Explain": the answer arrives piece by piece, with Stop meanwhile. The fake holds its stream after
  // the first pieces, so the streamed text is read while it streams however loaded the machine is.
  const hold = fake.holdNextStream(36);
  await panel.getByTestId('tutor-explain').click();
  const streaming = panel.getByTestId('tutor-streaming');
  await panel.getByTestId('tutor-stop').waitFor();
  await hold.reached();
  await expect.poll(() => streaming.textContent(), { timeout: 15_000 }).toContain('Ownership');
  expect(await panel.getByTestId('tutor-answer').count()).toBe(0);
  hold.release();
  const answer = panel.getByTestId('tutor-answer');
  await answer.waitFor({ timeout: 20_000 });
  expect(await answer.textContent()).toContain('Exercise');
  expect(await answer.textContent()).not.toContain('[[node:');
  await panel.getByTestId('tutor-send').waitFor();
  expect(await panel.getByTestId('tutor-question').textContent()).toContain(L.prompts.explain);
  await animationsSettled(page);
  await page.screenshot({ path: `/tmp/tutor-${opts.name}-answer.png` });
  expect(await seriousViolations(page)).toEqual([]);

  // A cited node's chip selects it on the canvas.
  await answer.getByTestId('tutor-citation').filter({ hasText: 'Basics' }).click();
  await expect.poll(() => canvasNode(page, 'Basics').getAttribute('class')).toContain('selected');

  // "Make a card": the card form, prefilled with the question and the answer.
  await answer.getByTestId('tutor-make-card').click();
  const form = page.getByTestId('tutor-card-form');
  expect(await form.getByTestId('card-front-input').inputValue()).toBe(L.prompts.explain);
  expect(await form.getByTestId('card-back-input').inputValue()).toContain('Ownership');
  await page.screenshot({ path: `/tmp/tutor-${opts.name}-card.png` });
  await form.getByTestId('card-submit').click();
  await form.waitFor({ state: 'detached' });
  await expect
    .poll(async () => {
      const cards = await api<{ results: Array<{ front: string }> }>(
        'GET',
        `/api/learn/cards/?tree=${treeUuid}&node_id=own`,
        learner.access,
      );
      return cards.results.map((c) => c.front);
    })
    .toEqual([L.prompts.explain]);

  // After a reload the conversation goes on where it was.
  await page.goto(`/trees/${treeUuid}?learn=1&node=own`);
  await openTutor(page, phone);
  await expect.poll(() => panel.getByTestId('tutor-answer').count(), { timeout: 15_000 }).toBe(1);
  await panel.getByTestId('tutor-input').fill('Each value has one owner, right?');
  await panel.getByTestId('tutor-input').press('Enter');
  await expect.poll(() => panel.getByTestId('tutor-answer').count(), { timeout: 20_000 }).toBe(2);
  expect(await panel.getByTestId('tutor-answer').nth(1).textContent()).toContain('Each value has one owner, right?');
  const conversations = await api<Array<{ uuid: string }>>(
    'GET',
    `/api/llm/tutor/conversations/?tree=${treeUuid}`,
    learner.access,
  );
  expect(conversations).toHaveLength(1);
  const whole = await api<{ messages: unknown[] }>(
    'GET',
    `/api/llm/tutor/conversations/${conversations[0]!.uuid}/`,
    learner.access,
  );
  expect(whole.messages).toHaveLength(4);
  await panel.getByTestId('tutor-quota').waitFor();
  await animationsSettled(page);
  await page.screenshot({ path: `/tmp/tutor-${opts.name}-continued.png` });
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

describe('the tutor', () => {
  it('explains, cites, makes a card and goes on after a reload on a desktop in Japanese', { timeout: 180_000 }, () =>
    tutorJourney({
      L: recallJa.tutor,
      locale: 'ja-JP',
      width: 1280,
      height: 860,
      colorScheme: 'light',
      name: 'desktop',
    }),
  );

  it('does the same full screen on a 390 px phone in Chinese, in the dark', { timeout: 180_000 }, () =>
    tutorJourney({
      L: recallZh.tutor,
      locale: 'zh-CN',
      width: 390,
      height: 844,
      colorScheme: 'dark',
      name: 'phone',
    }),
  );
});
