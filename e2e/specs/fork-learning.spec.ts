// What a learner learnt on a template goes with them when they fork it (issue 28 items 3, 6 and 7):
// after "Use this template", /learn lists one subject (the fork, not the template beside it), every
// counter there says the same number of cards, review holds one card per question, and the learner's
// time zone is the browser's, not UTC. The template and what was learnt on it are prepared through
// the API; the fork, /learn, review and settings are driven through the UI. On a desktop (zh-CN,
// Beijing) and a 390 px phone (ja-JP, Tokyo).
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import communityJa from '../../apps/web/src/i18n/community/ja-JP.json' with { type: 'json' };
import communityZh from '../../apps/web/src/i18n/community/zh-CN.json' with { type: 'json' };
import learningJa from '../../apps/web/src/i18n/learning/ja-JP.json' with { type: 'json' };
import learningZh from '../../apps/web/src/i18n/learning/zh-CN.json' with { type: 'json' };
import recallJa from '../../apps/web/src/i18n/recall/ja-JP.json' with { type: 'json' };
import recallZh from '../../apps/web/src/i18n/recall/zh-CN.json' with { type: 'json' };
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { baseURL, launchBrowser } from '../support/browser.ts';
import { guardContext } from '../support/error-guard.ts';
import { TOKEN_STORAGE_KEY, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let author: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await signUpByEmail(`fork_author_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

async function shareTemplate(title: string): Promise<string> {
  const tree = await api<{ id: number }>('POST', '/api/tree/skills_tree/', author.access, {
    title,
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title },
        { id: 'alpha', parent_id: 'root', title: 'Alpha', summary: 'The first letter.' },
        { id: 'beta', parent_id: 'root', title: 'Beta', summary: 'The second letter.' },
        { id: 'gamma', parent_id: 'root', title: 'Gamma' },
      ],
      links: [],
    },
  });
  return (
    await api<{ uuid: string }>('POST', '/api/community/trees-shared/share_tree/', author.access, { tree: tree.id })
  ).uuid;
}

const VIEWPORTS = [
  {
    name: 'desktop',
    locale: 'zh-CN',
    zone: 'Asia/Shanghai',
    width: 1280,
    height: 900,
    community: communityZh,
    learning: learningZh,
    recall: recallZh,
  },
  {
    name: 'phone',
    locale: 'ja-JP',
    zone: 'Asia/Tokyo',
    width: 390,
    height: 844,
    community: communityJa,
    learning: learningJa,
    recall: recallJa,
  },
] as const;

describe.each(VIEWPORTS)('forking a template learnt on, on the $name', (viewport) => {
  const { name, locale, zone, width, height, community, learning, recall } = viewport;
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('finds one subject, one card per question in review, one count of them, and the browser’s time zone', async () => {
    const title = `Greek letters ${name} ${Date.now().toString(36)}`;
    const template = await shareTemplate(title);
    const learner = await signUpByEmail(`forker_${name}_${Date.now().toString(36)}`);
    // Learnt on the template before forking: two nodes done (a card each), and a card by hand.
    for (const node of ['alpha', 'beta']) {
      await api('PUT', '/api/learn/progress/', learner.access, { share: template, node_id: node, status: 'done' });
    }
    await api('POST', '/api/learn/cards/', learner.access, {
      share: template,
      node_id: 'alpha',
      front: 'What comes after alpha?',
      back: 'Beta',
    });

    context = await browser.newContext({ baseURL: baseURL(), locale, timezoneId: zone, viewport: { width, height } });
    guardContext(context);
    await context.addInitScript(
      ([key, value, lang]) => {
        if (!location.origin.startsWith('http') || sessionStorage.getItem('__e2e_preset__')) return;
        sessionStorage.setItem('__e2e_preset__', '1');
        localStorage.setItem(key, value);
        localStorage.setItem('arbor.locale', lang);
      },
      [
        TOKEN_STORAGE_KEY,
        JSON.stringify({ accessToken: learner.access, refreshToken: learner.refresh }),
        locale,
      ] as const,
    );
    const page = await context.newPage();

    await page.goto(`/community/${template}`);
    await page.getByRole('button', { name: community.detail.use }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/trees/'));

    await page.goto('/learn');
    const subjects = page.getByTestId('learn-subjects');
    await subjects.getByTestId('subject-card').first().waitFor();
    expect(await subjects.getByTestId('subject-card').count()).toBe(1);
    const subject = subjects.getByTestId('subject-card');
    await subject.getByText(learning.home.kind.tree, { exact: true }).waitFor();
    expect(await subject.getByText(learning.home.kind.share, { exact: true }).count()).toBe(0);
    // Three questions: every counter on /learn says three.
    await subject.getByText(fill(learning.home.due_other, { count: 3 })).waitFor();
    const cards = page.getByTestId('learn-cards');
    await expect
      .poll(() => cards.getByTestId('cards-due-today').textContent())
      .toBe(fill(recall.home.due_other, { count: 3 }));
    expect(await cards.getByTestId('stats-due').textContent()).toBe('3');

    await cards.getByTestId('start-review').click();
    await page.waitForURL((url) => url.pathname === '/learn/review');
    await expect
      .poll(() => page.getByTestId('review-progress').textContent())
      .toBe(fill(recall.review.progress, { done: 1, total: 3 }));

    // The first use of learning took the browser's time zone.
    await page.goto('/settings');
    const timezone = page.getByTestId('learner-settings-form').getByTestId('learner-timezone');
    await expect.poll(() => timezone.inputValue()).toBe(zone);
  });
});
