// AI-drafted cards, quizzes, study plans and the calendar feed through the UI (UI.md "Learning, recall and plans"): a
// learner opens their tree in learning mode, accepts two of the AI's card drafts, takes the AI quiz on a node (the fake provider's quiz
// has known answers: question i's right choice is i % 4), passes it (the node becomes done, stars
// show), plans the rest of the tree (finish date, remaining time, the calendar), copies the private
// calendar link, reads the feed from it, and rotates it. On a desktop (en-US), then a phone (zh-CN)
// where "Plan my study" lives in the editor's More menu and the schedule is a list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../apps/server/src/testing/fake-llm.ts';
import plansEn from '../../apps/web/src/i18n/plans/en-US.json' with { type: 'json' };
import plansZh from '../../apps/web/src/i18n/plans/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { baseURL, launchBrowser } from '../support/browser.ts';
import { nodeTitled } from '../support/editor.ts';
import { apiLogin, signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let fake: FakeLlm;
let admin: ApiTokens;
let learner: ApiTokens;
let treeUuid: string;
let ownProvider: number | undefined;
/** Providers another spec left active: switched off while this one runs, back on after. */
let wasActive: number[] = [];

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The feed's path on this test's server (the URL names PUBLIC_BASE_URL, which e2e does not set). */
const onServer = (url: string) => `${baseURL()}${new URL(url).pathname}`;

beforeAll(async () => {
  browser = await launchBrowser();
  fake = await startFakeLlm();
  admin = await apiLogin();
  const configs = await api<{ results: Array<{ id: number; is_active: boolean }> }>(
    'GET',
    '/api/llm/deepseek-config/?page_size=100',
    admin.access,
  );
  wasActive = configs.results.filter((c) => c.is_active).map((c) => c.id);
  for (const id of wasActive) await api('PATCH', `/api/llm/deepseek-config/${id}/`, admin.access, { is_active: false });
  const provider = await api<{ id: number }>('POST', '/api/llm/deepseek-config/', admin.access, {
    name: 'Fake provider for plans',
    base_url: fake.url,
    api_key: 'sk-e2e-plans-fake',
    is_active: true,
  });
  ownProvider = provider.id;
  await api('POST', '/api/llm/deepseek-models/', admin.access, {
    config: provider.id,
    name: 'fake-chat',
    display_name: 'Fake chat',
    kind: 'chat',
    is_default: true,
    is_active: true,
  });
  learner = await signUpByEmail(`plans_${Date.now().toString(36)}`);
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
    title: 'Web basics',
    description: '',
    tags: [],
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title: 'Web basics' },
        { id: 'html', parent_id: 'root', title: 'HTML basics', estimate_minutes: 30 },
        { id: 'css', parent_id: 'html', title: 'CSS layout', estimate_minutes: 45 },
        { id: 'js', parent_id: 'html', title: 'JavaScript', estimate_minutes: 90 },
        { id: 'react', parent_id: 'css', title: 'React', estimate_minutes: 120 },
      ],
      links: [],
    },
  });
  treeUuid = tree.uuid;
});

afterAll(async () => {
  await browser?.close();
  if (ownProvider !== undefined)
    await api('DELETE', `/api/llm/deepseek-config/${ownProvider}/`, admin.access).catch(() => undefined);
  for (const id of wasActive)
    await api('PATCH', `/api/llm/deepseek-config/${id}/`, admin.access, { is_active: true }).catch(() => undefined);
  await fake?.close();
});

describe('quiz, plan and calendar', () => {
  it(
    'passes a quiz, plans the tree, and subscribes to the calendar feed on a desktop',
    { timeout: 240_000 },
    async () => {
      const L = plansEn;
      const { context, page, errors } = await signedInPage(browser, learner, { width: 1280, height: 900 });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
      await page.goto(`/trees/${treeUuid}?learn=1&node=html`);
      const section = page.getByTestId('learning-section');

      // Cards drafted by AI (the fake provider drafts three), accepted one at a time after an edit.
      const cardsSection = page.getByTestId('cards-section');
      await cardsSection.getByTestId('cards-generate').click();
      const drafts = cardsSection.getByTestId('card-drafts').getByTestId('card-draft');
      await expect.poll(() => drafts.count(), { timeout: 20_000 }).toBe(3);
      expect(await drafts.first().getByTestId('card-front-input').inputValue()).toBe('Question 1 about HTML basics?');
      await drafts.first().getByTestId('card-front-input').fill('What does an HTML element consist of?');
      await drafts.first().getByTestId('card-submit').click();
      await expect.poll(() => drafts.count()).toBe(2);
      const savedCards = cardsSection.getByTestId('node-cards').getByTestId('card-row-front');
      await expect.poll(() => savedCards.allTextContents()).toEqual(['What does an HTML element consist of?']);
      await drafts.first().getByTestId('card-submit').click();
      await expect.poll(() => savedCards.count()).toBe(2);
      await expect.poll(() => drafts.count()).toBe(1);
      const cards = await api<{ results: { front: string }[] }>(
        'GET',
        `/api/learn/cards/?tree=${treeUuid}&node_id=html`,
        learner.access,
      );
      expect(cards.results.map((c) => c.front).sort()).toEqual([
        'Question 2 about HTML basics?',
        'What does an HTML element consist of?',
      ]);

      await section.getByTestId('quiz-open').click();

      // The fake's quiz: five questions (a sixth with three choices is dropped by the server), question i right at i % 4.
      const dialog = page.getByTestId('quiz-dialog');
      await dialog.getByTestId('quiz-form').waitFor({ timeout: 20_000 });
      const questions = dialog.getByTestId('quiz-question');
      const count = await questions.count();
      expect(count).toBe(5);
      expect(await dialog.getByTestId('quiz-submit').isDisabled()).toBe(true);
      for (let i = 0; i < count; i++) {
        const radio = questions
          .nth(i)
          .getByRole('radio')
          .nth(i % 4);
        // by keyboard: focus the choice and select it with Space
        await radio.focus();
        await page.keyboard.press('Space');
        expect(await radio.isChecked()).toBe(true);
      }
      await dialog.getByTestId('quiz-submit').click();
      await dialog.getByTestId('quiz-result').waitFor();
      expect(await dialog.getByTestId('quiz-score').textContent()).toBe(fill(L.quiz.score, { correct: 5, total: 5 }));
      expect(await dialog.getByTestId('quiz-mastery').getAttribute('data-mastery')).toBe('3');
      expect(await dialog.getByTestId('quiz-explanation').first().textContent()).toContain('Because of the key idea 1');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByTestId('quiz-close').click();

      // The node is done (from the answer's progress), and its stars show on the canvas and in the section.
      const html = nodeTitled(page, 'HTML basics');
      await expect.poll(() => html.getByTestId('learning-status').getAttribute('data-status')).toBe('done');
      expect(await html.getByTestId('mastery-mark').getAttribute('data-mastery')).toBe('3');
      expect(await section.getByTestId('learning-mastery').getAttribute('data-mastery')).toBe('3');
      expect(await page.getByTestId('learning-percent').textContent()).toBe('25%');

      // Plan my study: 120 minutes a week on Mon, Wed, Fri (learner settings), from the default start.
      await page.getByTestId('plan-open').click();
      const plan = page.getByTestId('plan-dialog');
      await plan.getByTestId('plan-form').waitFor();
      await plan.getByTestId('plan-weekly-minutes').fill('120');
      for (const day of ['Tuesday', 'Thursday']) {
        // the chips are checkboxes: Space toggles the focused one
        await plan.getByRole('checkbox', { name: day }).focus();
        await page.keyboard.press('Space');
        expect(await plan.getByRole('checkbox', { name: day }).isChecked()).toBe(false);
      }
      await plan.getByTestId('plan-save').click();
      await plan.getByTestId('plan-result').waitFor();
      const settings = await api<{ weekly_minutes: number; study_days: number[] }>(
        'GET',
        '/api/learn/settings/',
        learner.access,
      );
      expect(settings).toMatchObject({ weekly_minutes: 120, study_days: [0, 2, 4] });
      const [saved] = await api<Array<{ finish_date: string; remaining_minutes: number; schedule: unknown[] }>>(
        'GET',
        '/api/learn/plans/',
        learner.access,
      );
      expect(saved!.remaining_minutes).toBe(45 + 90 + 120);
      expect(await plan.getByTestId('plan-finish').getAttribute('data-date')).toBe(saved!.finish_date);
      expect(await plan.getByTestId('plan-remaining').textContent()).toBe(
        fill(L.duration.hm, { hours: 4, minutes: 15 }),
      );
      // The month grid shows the study days of the month it opens on; the last month holds the finish date.
      await plan.getByTestId('plan-calendar').waitFor();
      expect(await plan.getByTestId('plan-day').count()).toBeGreaterThan(0);
      while (await plan.getByTestId('plan-next-month').isEnabled()) await plan.getByTestId('plan-next-month').click();
      await plan.locator(`[data-testid="plan-day"][data-date="${saved!.finish_date}"]`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Add to calendar: copy the private link, read the feed with it.
      await plan.getByTestId('plan-add-to-calendar').click();
      const panel = plan.getByTestId('calendar-panel');
      await panel.waitFor();
      expect(await panel.textContent()).toContain(L.calendar.private);
      const url = await panel.getByTestId('calendar-url').inputValue();
      expect(url).toMatch(/\/api\/learn\/calendar\/[^/]+\.ics$/);
      expect(await panel.getByTestId('calendar-webcal').getAttribute('href')).toBe(url.replace(/^https?:/, 'webcal:'));
      await panel.getByTestId('calendar-copy').click();
      await expect.poll(() => panel.getByTestId('calendar-copy').textContent()).toContain(L.calendar.copied);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(url);
      const feed = await fetch(onServer(copied));
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
      const ics = await feed.text();
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics.match(/BEGIN:VEVENT/g)?.length ?? 0).toBeGreaterThanOrEqual(saved!.schedule.length);

      // Rotate: after a confirmation, a new link; the old one is gone.
      await panel.getByTestId('calendar-rotate').click();
      await page.getByTestId('calendar-rotate-confirm').click();
      await expect.poll(() => panel.getByTestId('calendar-url').inputValue()).not.toBe(url);
      const rotated = await panel.getByTestId('calendar-url').inputValue();
      expect((await fetch(onServer(url))).status).toBe(404);
      expect((await fetch(onServer(rotated))).status).toBe(200);
      await page.keyboard.press('Escape');

      // /learn lists the plan with its finish date and a link back to the tree in learning mode.
      await page.goto('/learn');
      const card = page.getByTestId('plan-card');
      await card.waitFor();
      expect(await card.getByTestId('plan-card-link').getAttribute('href')).toBe(`/trees/${treeUuid}?learn=1`);
      expect(await card.getByTestId('plan-card-finish').textContent()).toContain(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${saved!.finish_date}T00:00:00Z`),
        ),
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('plans from the More menu and lists the schedule on a phone', { timeout: 120_000 }, async () => {
    const L = plansZh;
    const { context, page, errors } = await signedInPage(browser, learner, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      colorScheme: 'dark',
    });
    await page.goto(`/trees/${treeUuid}?learn=1`);
    await page.getByTestId('learning-percent').waitFor();
    // The toolbar's More menu stays on screen; "Plan my study" is in it.
    const more = page.getByTestId('toolbar-more');
    const box = await more.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await more.click();
    await page.getByRole('menuitem', { name: L.plan.button }).click();
    const plan = page.getByTestId('plan-dialog');
    // The saved plan shows at once, its schedule as a list of days.
    await plan.getByTestId('plan-result').waitFor();
    expect(await plan.getByTestId('plan-calendar').evaluate((el) => el.tagName)).toBe('OL');
    expect(await plan.getByTestId('plan-day').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
