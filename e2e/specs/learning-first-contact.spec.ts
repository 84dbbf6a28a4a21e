// Learning on first contact (issue 28 items 1, 4 and 8; issue 27 item 5's template page), through the
// UI on a desktop (zh-CN) and a 390 px phone (ja-JP): a 21-node template, too wide to read whole,
// opens at a zoom where learning mode acts — a node is marked done with key 3 and with a click,
// without zooming — and its status bar is in view with the tree; zoomed out, a node is still a full
// target; the outline is a checklist; a card link on /learn and "Open node" in review land on their
// node, selected and centred, in learning mode. The template and the learner's card are prepared
// through the API; every step of the learner is a click, a tap or a key.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { boxOf, waitViewSettled, type Box } from '../support/canvas.ts';
import { nodeTitled } from '../support/editor.ts';
import { messagesIn, type Locale } from '../support/i18n.ts';
import { presetStorage, storeTokens, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let author: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`wide_author_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

const SKILLS = 20;
const skill = (i: number) => `Skill ${i}`;

/** Root and 20 skills side by side: fitted whole, the canvas would draw them as unreadable pills. */
async function shareWideTemplate(title: string): Promise<string> {
  const nodes = [
    { id: 'root', parent_id: null, title },
    ...Array.from({ length: SKILLS }, (_, i) => ({ id: `n${i + 1}`, parent_id: 'root', title: skill(i + 1) })),
  ];
  const tree = await api<{ id: number }>('POST', '/api/tree/skills_tree/', author.access, {
    title,
    description: 'Twenty skills in a row',
    tags: ['wide'],
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes,
      links: [{ source: 'n1', target: `n${SKILLS}`, kind: 'prerequisite' }],
    },
  });
  const share = await api<{ uuid: string }>('POST', '/api/community/trees-shared/share_tree/', author.access, {
    tree: tree.id,
    tags: ['wide'],
  });
  return share.uuid;
}

interface Viewport {
  name: string;
  locale: Locale;
  width: number;
  height: number;
}

const VIEWPORTS: Viewport[] = [
  { name: 'desktop', locale: 'zh-CN', width: 1280, height: 900 },
  { name: 'phone', locale: 'ja-JP', width: 390, height: 844 },
];

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

/**
 * The titles of the skills a person sees whole on the canvas and on the screen, left to right: drawn
 * in full, or as zoomed-out pills (`simple`), not yet done.
 */
async function skillsInView(page: Page, simple = false): Promise<string[]> {
  return page.evaluate((simple) => {
    const canvas = document.querySelector('[data-testid="tree-canvas"]')!.getBoundingClientRect();
    const seen: Array<{ x: number; title: string }> = [];
    const [node, text] = simple ? ['skill-node-simple', 'node-simple-title'] : ['skill-node', 'node-title'];
    for (const el of document.querySelectorAll(`[data-testid="${node}"]`)) {
      if (el.querySelector('[data-testid="learning-status"][data-status="done"]')) continue;
      const r = el.getBoundingClientRect();
      const title = el.querySelector(`[data-testid="${text}"]`)?.textContent ?? '';
      const whole =
        r.left >= canvas.left && r.right <= canvas.right && r.top >= canvas.top && r.bottom <= canvas.bottom;
      const onScreen = r.top >= 0 && r.bottom <= window.innerHeight;
      // not under anything drawn over the canvas (the node drawer)
      const uncovered = el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      if (whole && onScreen && uncovered && title.startsWith('Skill ')) seen.push({ x: r.left, title });
    }
    return seen.sort((a, b) => a.x - b.x).map((s) => s.title);
  }, simple);
}

/** The canvas's zoom as drawn (React Flow's viewport transform). */
const zoomOf = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);

const statusOf = (page: Page, title: string): Locator => nodeTitled(page, title).getByTestId('learning-status');

/**
 * The node is selected on the canvas, whole inside it, and named by learning mode's status bar; the
 * node and the bar are on screen together (`reveal`: after the person scrolls the bar into view).
 */
async function expectLandedOn(page: Page, title: string, reveal = false) {
  const bar = page.getByTestId('learning-bar');
  await expect.poll(() => bar.getByTestId('learning-bar-title').textContent(), { timeout: 15_000 }).toBe(title);
  const node = page.locator('.react-flow__node.selected').filter({ has: page.getByText(title, { exact: true }) });
  await node.waitFor();
  const canvas = page.getByTestId('tree-canvas');
  await expect.poll(async () => inside(await boxOf(node), await boxOf(canvas)), { timeout: 10_000 }).toBe(true);
  // the tree and the bar that acts on it, on screen together
  // (a person scrolls down until the bar shows at the screen's foot)
  if (reveal) await bar.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const screen = { x: 0, y: 0, width: page.viewportSize()!.width, height: page.viewportSize()!.height };
  // (the centring glides and the page scrolls: give them the time a loaded machine takes)
  await expect
    .poll(async () => inside(await boxOf(bar), screen) && inside(await boxOf(node), screen), { timeout: 10_000 })
    .toBe(true);
}

describe('learning on first contact', () => {
  for (const viewport of VIEWPORTS) {
    it(`acts at the opening zoom, ticks the checklist and lands on linked nodes (${viewport.name})`, async () => {
      const m = messagesIn(viewport.locale);
      const title = `Wide template ${viewport.name} ${Date.now().toString(36)}`;
      const uuid = await shareWideTemplate(title);
      const learner = await signUpByEmail(`wide_${viewport.name}_${Date.now().toString(36)}`);
      // Only the card made below is reviewed (no automatic cards for the nodes marked done).
      await api('PATCH', '/api/learn/settings/', learner.access, { auto_cards: false });
      const { context, page, errors } = await newPage(browser, {
        locale: viewport.locale,
        width: viewport.width,
        height: viewport.height,
      });
      await presetStorage(context, { 'arbor.locale': viewport.locale });
      await page.goto('/favicon.svg');
      await storeTokens(page, learner);

      await page.goto(`/community/${uuid}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The tree comes before the template's stats, and opens at a zoom where nodes are drawn in full.
      const canvasEl = page.getByTestId('tree-canvas');
      const stats = page.getByText(m('community', 'stats.views'), { exact: true });
      expect((await boxOf(canvasEl)).y).toBeLessThan((await boxOf(stats)).y);
      await canvasEl.scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByTestId('skill-node').count()).toBeGreaterThan(0);
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(0.35);
      expect(await page.getByTestId('skill-node-simple').count()).toBe(0);
      // The first skill opens in the canvas's upper third, where the canvas comes into view as the page is
      // scrolled, not in its middle under an empty half.
      const canvasBox = await boxOf(canvasEl);
      const firstSkill = await boxOf(nodeTitled(page, skill(1)));
      expect(firstSkill.y + firstSkill.height / 2).toBeLessThan(canvasBox.y + canvasBox.height / 3);
      // The link legend keeps off the root, where it is on screen (a phone's canvas draws only the nodes in view).
      const legend = await boxOf(page.getByTestId('link-legend'));
      const rootNode = nodeTitled(page, title);
      if (viewport.name === 'desktop' || (await rootNode.count()) > 0) {
        const root = await boxOf(rootNode);
        const apart =
          legend.x >= root.x + root.width ||
          legend.x + legend.width <= root.x ||
          legend.y >= root.y + root.height ||
          legend.y + legend.height <= root.y;
        expect(apart).toBe(true);
      }
      await page.screenshot({ path: `/tmp/arbor-first-contact-${viewport.name}.png` });

      // Learning mode on: the canvas goes to the next skill to learn, at a readable zoom.
      await page.getByRole('button', { name: m('learning', 'mode.toggle'), exact: true }).click();
      await page.getByTestId('learning-percent').getByText('0%', { exact: true }).waitFor();
      await expect.poll(() => skillsInView(page), { timeout: 10_000 }).toContain(skill(1));
      await waitViewSettled(page);
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(0.35);

      // Without zooming: a skill in view, clicked, then key 3 marks it done.
      const [first] = await skillsInView(page);
      expect(first).toBeDefined();
      await nodeTitled(page, first!).getByTestId('node-title').click();
      await expect.poll(() => page.getByTestId('learning-bar-title').textContent()).toBe(first);
      await page.keyboard.press('3');
      await expect.poll(() => statusOf(page, first!).getAttribute('data-status')).toBe('done');
      await page.getByTestId('learning-percent').getByText('5%', { exact: true }).waitFor();

      // A click: another skill (or the same one, back to learning) through the status bar under the canvas,
      // picked once the canvas has stopped moving to the next skill to learn (a person clicks what they see).
      await waitViewSettled(page);
      const next = (await skillsInView(page))[0] ?? first!;
      await nodeTitled(page, next).getByTestId('node-title').click();
      await expectLandedOn(page, next, true);
      await page
        .getByTestId('learning-bar-status')
        .getByText(m('learning', next === first ? 'status.learning' : 'status.done'), { exact: true })
        .click();
      await expect
        .poll(() => statusOf(page, next).getAttribute('data-status'))
        .toBe(next === first ? 'learning' : 'done');
      await page.screenshot({ path: `/tmp/arbor-first-contact-${viewport.name}-bar.png` });
      expect(await seriousViolations(page)).toEqual([]);

      // Zoomed far out, a node is a pill that still shows its status and takes a click and key 3.
      // the person scrolls back up to the canvas (the status bar's reveal may have moved it off screen)
      await page.getByTestId('tree-canvas').scrollIntoViewIfNeeded();
      const zoomOut = page.getByRole('button', { name: m('trees', 'canvas.zoomOut') });
      for (let i = 0; i < 8 && (await page.getByTestId('skill-node-simple').count()) === 0; i++) await zoomOut.click();
      await expect.poll(() => page.getByTestId('skill-node-simple').count()).toBeGreaterThan(0);
      // the zoom glides: pills count as in view once it has come to rest
      await waitViewSettled(page);
      await expect.poll(async () => (await skillsInView(page, true)).length, { timeout: 10_000 }).toBeGreaterThan(0);
      const [target] = await skillsInView(page, true);
      expect(target).toBeDefined();
      const targetPill = page
        .getByTestId('skill-node-simple')
        .filter({ has: page.getByText(target!, { exact: true }) });
      await expect(targetPill.getByTestId('learning-status').isVisible()).resolves.toBe(true);
      await targetPill.getByTestId('node-simple-title').click();
      await expect.poll(() => page.getByTestId('learning-bar-title').textContent()).toBe(target);
      await page.keyboard.press('3');
      await expect.poll(() => targetPill.getByTestId('learning-status').getAttribute('data-status')).toBe('done');

      // The outline is a checklist: ticking a skill marks it done.
      await page.getByRole('tab', { name: m('community', 'detail.outline'), exact: true }).click();
      const check = page.getByRole('checkbox', { name: m('learning', 'node.check', { title: skill(7) }) });
      await check.click();
      await expect.poll(() => check.isChecked()).toBe(true);
      await expect.poll(() => check.getAttribute('data-status')).toBe('done');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/arbor-first-contact-${viewport.name}-checklist.png` });

      // A card on a far skill: its link on /learn lands on it, selected and centred, in learning mode.
      const far = skill(SKILLS - 1);
      await api('POST', '/api/learn/cards/', learner.access, {
        share: uuid,
        node_id: `n${SKILLS - 1}`,
        front: `What comes with ${far}?`,
        back: 'Practice',
      });
      await page.goto('/learn');
      const row = page
        .getByTestId('own-cards')
        .getByTestId('card-row')
        .filter({ hasText: `What comes with ${far}?` });
      await row.getByRole('link', { name: title }).click();
      await page.waitForURL((url) => url.pathname === `/community/${uuid}`);
      expect(new URL(page.url()).searchParams.get('learn')).toBe('1');
      await expectLandedOn(page, far, true);

      // "Open node" in review lands there too.
      await page.goto('/learn/review');
      await page.getByTestId('review-front').getByText(`What comes with ${far}?`).waitFor();
      await page.getByTestId('review-node-link').click();
      await page.waitForURL((url) => url.pathname === `/community/${uuid}`);
      await expectLandedOn(page, far, true);

      // A reply in the learner's thread on a skill: the notification opens that skill's threads.
      const share = await api<{ id: number }>('GET', `/api/community/trees-shared/${uuid}/`, learner.access);
      const thread = await api<{ id: number }>(
        'POST',
        `/api/community/trees-shared/${share.id}/comments/`,
        learner.access,
        { body: `How long does ${far} take?`, node_id: `n${SKILLS - 1}` },
      );
      await api('POST', `/api/community/trees-shared/${share.id}/comments/`, author.access, {
        body: 'About a week of practice.',
        parent: thread.id,
      });
      await page.goto('/notifications');
      await page
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === `/community/${uuid}`);
      await page.getByText(m('reviews', 'discussion.filteredOn', { title: far })).waitFor();
      await page.getByText(`How long does ${far} take?`).waitFor();
      expect(new URL(page.url()).searchParams.get('node')).toBe(`n${SKILLS - 1}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('keeps the node being edited in sight above the node panel on a phone, opened from a deep link (phone)', async () => {
    const m = messagesIn('ja-JP');
    const learner = await signUpByEmail(`drawer_${Date.now().toString(36)}`);
    const nodes = [
      { id: 'root', parent_id: null, title: 'Pocket tree' },
      ...Array.from({ length: 8 }, (_, i) => ({
        id: `p${i + 1}`,
        parent_id: i ? `p${i}` : 'root',
        title: `Step ${i + 1}`,
      })),
    ];
    const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
      title: 'Pocket tree',
      data: { format: 1, layout: { direction: 'TB' }, nodes, links: [] },
    });
    const { context, page, errors } = await newPage(browser, { locale: 'ja-JP', width: 390, height: 844 });
    await presetStorage(context, { 'arbor.locale': 'ja-JP' });
    await page.goto('/favicon.svg');
    await storeTokens(page, learner);

    // The deep link's node, deep down the tree, is selected and on the canvas in learning mode.
    await page.goto(`/trees/${tree.uuid}?learn=1&node=p8`);
    const node = page.locator('.react-flow__node.selected').filter({ has: page.getByText('Step 8', { exact: true }) });
    await node.waitFor();
    expect(inside(await boxOf(node), await boxOf(page.getByTestId('tree-canvas')))).toBe(true);

    // The node panel rises from the bottom; the node moves above it, and its status is set there.
    await page.getByTestId('open-node-panel').click();
    const panel = page.getByTestId('node-panel');
    await panel.getByRole('heading', { name: 'Step 8', exact: true }).waitFor();
    const drawer = page.getByRole('dialog');
    await waitViewSettled(page);
    await expect
      .poll(async () => (await boxOf(node)).y + (await boxOf(node)).height <= (await boxOf(drawer)).y)
      .toBe(true);
    await panel.getByTestId('learning-status-control').getByText(m('learning', 'status.done'), { exact: true }).click();
    await expect.poll(() => node.getByTestId('learning-status').getAttribute('data-status')).toBe('done');
    await page.screenshot({ path: '/tmp/arbor-first-contact-editor-drawer.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
