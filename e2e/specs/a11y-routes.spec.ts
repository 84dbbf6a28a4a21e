import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signUpByEmail } from '../support/accounts.ts';
import { COLOUR_RULES, seriousViolations } from '../support/a11y.ts';
import { api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { apiLogin, signInContext, storeTokens, type ApiTokens } from '../support/session.ts';

/**
 * Every route of the web app's route table (apps/web/src/app/routes.tsx), checked with axe in the
 * light and the dark theme: members' pages as a normal user, /admin/ai (every tab) and
 * /admin/moderation as the admin.
 */

type Who = 'visitor' | 'member' | 'admin';
interface RouteCase {
  name: string;
  who: Who;
  /** The path to open; a function when it needs the data created in `beforeAll`. */
  path: () => string;
  /** Waits until the page shows its loaded content (not its skeleton). */
  ready: (page: Page) => Promise<void>;
}

const PASSWORD = 'correct-horse-battery-42';
let browser: Browser;
let member: ApiTokens & { username: string };
let admin: ApiTokens;
let tree: { id: number; uuid: string };
let share: { id: number; uuid: string };
let collection: { uuid: string };

const visible = (page: Page, selector: string) => page.locator(selector).first().waitFor();
const appOnly = async () => undefined;
/** The landing page with its community highlights loaded: the shared template's card and the hot tags. */
async function homeLoaded(page: Page) {
  await visible(page, `a[href="/community/${share.uuid}"]`);
  await visible(page, '#home-tags-title');
}

const ROUTES: RouteCase[] = [
  { name: 'home', who: 'visitor', path: () => '/', ready: (page) => homeLoaded(page) },
  { name: 'home (signed in)', who: 'member', path: () => '/', ready: (page) => homeLoaded(page) },
  { name: 'login', who: 'visitor', path: () => '/auth/login', ready: (page) => visible(page, 'form') },
  { name: 'register', who: 'visitor', path: () => '/auth/register', ready: (page) => visible(page, 'form') },
  {
    name: 'forgot password',
    who: 'visitor',
    path: () => '/auth/forgotpassword',
    ready: (page) => visible(page, 'form'),
  },
  {
    name: 'community',
    who: 'member',
    path: () => '/community',
    ready: (page) => visible(page, '[data-testid="share-results"][aria-busy="false"] a[href^="/community/"]'),
  },
  {
    name: 'template detail',
    who: 'member',
    path: () => `/community/${share.uuid}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Accessible skills' }).waitFor();
      await visible(page, '[data-testid="skill-node"]');
    },
  },
  {
    name: 'my trees',
    who: 'member',
    path: () => '/trees',
    ready: (page) => visible(page, '[data-testid="tree-card"]'),
  },
  {
    name: 'learning home (nothing learnt yet)',
    who: 'member',
    path: () => '/learn',
    ready: async (page) => {
      await visible(page, '[data-testid="learn-empty"]');
      await visible(page, '[data-testid="activity-heatmap"]');
    },
  },
  {
    name: 'tree editor',
    who: 'member',
    path: () => `/trees/${tree.uuid}`,
    ready: async (page) => {
      await visible(page, '[data-testid="skill-node"]');
      await visible(page, '[data-testid="node-panel"]');
      await visible(page, '[data-testid="save-status"]');
    },
  },
  {
    name: 'tree versions',
    who: 'member',
    path: () => `/trees/${tree.uuid}/versions`,
    ready: (page) => visible(page, '[data-testid="version-item"]'),
  },
  // States of the same routes that show more of their components.
  {
    name: 'tree editor, content preview',
    who: 'member',
    path: () => `/trees/${tree.uuid}`,
    ready: async (page) => {
      const panel = page.getByTestId('node-panel');
      await panel.getByText('预览', { exact: true }).click();
      await panel.getByTestId('markdown-preview').getByRole('link', { name: 'WCAG' }).waitFor();
    },
  },
  {
    name: 'template detail, outline',
    who: 'member',
    path: () => `/community/${share.uuid}`,
    ready: async (page) => {
      await page.getByRole('tab', { name: '大纲' }).click();
      const outline = page.getByRole('tabpanel');
      // Open the root's content (Markdown with a link) and its child's resources.
      await outline.getByRole('button', { name: /^Accessible skills/ }).click();
      await outline.getByRole('link', { name: 'WCAG' }).waitFor();
      await outline.getByRole('button', { name: /^Contrast/ }).click();
      await outline.getByRole('link', { name: 'Checker' }).waitFor();
    },
  },
  {
    name: 'tree versions, compare',
    who: 'member',
    path: () => `/trees/${tree.uuid}/versions`,
    ready: async (page) => {
      await page.getByTestId('versions-mode').getByText('对比', { exact: true }).click();
      // The working copy changed since the version: every kind of difference is listed.
      await page.getByTestId('diff-summary').getByText('Focus order').waitFor();
    },
  },
  {
    name: 'template detail, reviews (its author, replying)',
    who: 'member',
    path: () => `/community/${share.uuid}?tab=reviews`,
    ready: async (page) => {
      await visible(page, '[data-testid="rating-summary"] button[aria-pressed]');
      await visible(page, '[data-testid="review-list"][aria-busy="false"] article');
      // The author's reply form under the admin's review.
      await page.getByRole('button', { name: '回复', exact: true }).click();
      await visible(page, '[data-testid="review-list"] textarea');
    },
  },
  {
    name: 'template detail, my review form',
    who: 'admin',
    path: () => `/community/${share.uuid}?tab=reviews`,
    ready: async (page) => {
      await visible(page, '[data-testid="review-list"][aria-busy="false"] article');
      await page.getByRole('button', { name: '编辑我的评价' }).click();
      await page.getByRole('dialog').locator('textarea').first().waitFor();
    },
  },
  {
    name: 'template detail, discussion',
    who: 'member',
    path: () => `/community/${share.uuid}?tab=discussion`,
    ready: async (page) => {
      await visible(page, '[data-testid="comment-threads"][aria-busy="false"] [data-testid="comment-thread"]');
      await page.getByRole('button', { name: /^查看 1 条回复/ }).click();
      await page.getByText('Good point, done.').waitFor();
    },
  },
  {
    name: 'template detail, discussion on a node',
    who: 'admin',
    path: () => `/community/${share.uuid}?tab=discussion&node=contrast`,
    ready: (page) => visible(page, '[data-testid="comment-threads"][aria-busy="false"] [data-testid="comment-thread"]'),
  },
  {
    name: 'template detail, comment badge and report dialog',
    who: 'admin',
    path: () => `/community/${share.uuid}?focus=contrast`,
    ready: async (page) => {
      await visible(page, '[data-testid="comment-badge"]');
      await page.getByRole('button', { name: '举报这个模板' }).click();
      await page.getByRole('dialog').locator('textarea').first().waitFor();
    },
  },
  {
    name: 'template detail, add to collection',
    who: 'member',
    path: () => `/community/${share.uuid}`,
    ready: async (page) => {
      await page.getByRole('button', { name: '加入合集' }).click();
      await page.getByRole('dialog').getByRole('checkbox', { name: 'Accessible reading' }).waitFor();
    },
  },
  {
    name: 'community, following tab',
    who: 'admin',
    path: () => '/community?tab=following',
    ready: (page) => visible(page, `[data-testid="feed-results"] a[href="/community/${share.uuid}"]`),
  },
  {
    name: 'community, following tab (following nobody)',
    who: 'member',
    path: () => '/community?tab=following',
    ready: (page) => page.getByText('你关注的作者还没有新动态').waitFor(),
  },
  {
    name: 'author page',
    who: 'visitor',
    path: () => `/u/${member.username}`,
    ready: async (page) => {
      await visible(page, `a[href="/community/${share.uuid}"]`);
      await visible(page, `a[href="/collections/${collection.uuid}"]`);
    },
  },
  {
    name: 'author page (signed in, following)',
    who: 'admin',
    path: () => `/u/${member.username}`,
    ready: async (page) => {
      await page.getByRole('button', { name: '已关注' }).waitFor();
      await visible(page, `a[href="/community/${share.uuid}"]`);
    },
  },
  { name: 'author page, unknown', who: 'visitor', path: () => '/u/no_such_author_here', ready: appOnly },
  {
    name: 'collection',
    who: 'visitor',
    path: () => `/collections/${collection.uuid}`,
    ready: (page) => visible(page, `a[href="/community/${share.uuid}"]`),
  },
  {
    name: 'collection (owner)',
    who: 'member',
    path: () => `/collections/${collection.uuid}`,
    ready: async (page) => {
      await visible(page, `a[href="/community/${share.uuid}"]`);
      await page.getByRole('button', { name: '编辑', exact: true }).waitFor();
    },
  },
  { name: 'about', who: 'member', path: () => '/about', ready: appOnly },
  {
    name: 'profile',
    who: 'member',
    path: () => '/profile',
    ready: async (page) => {
      await page.locator('#my-shares').getByText('Accessible skills').first().waitFor();
      await visible(page, `#collections a[href="/collections/${collection.uuid}"]`);
    },
  },
  { name: 'settings', who: 'member', path: () => '/settings', ready: appOnly },
  {
    name: 'admin AI: providers',
    who: 'admin',
    path: () => '/admin/ai',
    ready: (page) => visible(page, '[data-testid="provider-row"]'),
  },
  {
    name: 'admin AI: models',
    who: 'admin',
    path: () => '/admin/ai?tab=models',
    ready: (page) => visible(page, '[data-testid="model-row"]'),
  },
  {
    name: 'admin AI: prompts',
    who: 'admin',
    path: () => '/admin/ai?tab=prompts',
    ready: (page) => visible(page, '[data-testid="prompt-row"]'),
  },
  {
    name: 'admin AI: logs',
    who: 'admin',
    path: () => '/admin/ai?tab=logs',
    ready: (page) => visible(page, '[data-testid="ai-daily-totals"]'),
  },
  {
    name: 'command palette, open with results',
    who: 'member',
    path: () => '/',
    ready: async (page) => {
      await visible(page, '[data-testid="avatar-menu"]');
      await page.keyboard.press('Control+K');
      await page.getByTestId('palette-search').fill('se');
      await visible(page, '.mantine-Spotlight-action, [data-testid="palette-empty"]');
      // Remote matches (templates, trees) arrive a moment after the commands: the field's loader
      // shows from the first key until the debounced searches have answered.
      await page.locator('.mantine-Spotlight-content .mantine-Loader-root').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'groups (none yet)',
    who: 'member',
    path: () => '/groups',
    ready: (page) => page.getByRole('heading', { level: 1, name: '小组' }).waitFor(),
  },
  {
    name: 'notifications',
    who: 'member',
    path: () => '/notifications',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1, name: '通知' }).waitFor();
      await page.getByText('关注了你').first().waitFor();
    },
  },
  {
    name: 'notifications, unread only',
    who: 'member',
    path: () => '/notifications?unread=1',
    ready: (page) => page.getByText('评价了你的模板').first().waitFor(),
  },
  {
    name: 'notification bell, open',
    who: 'member',
    path: () => '/',
    ready: async (page) => {
      await page.getByRole('button', { name: /^通知（\d+ 条未读）$/ }).click();
      await visible(page, '[role="dialog"] a[href="/notifications"]');
      await page.getByText('关注了你').first().waitFor();
    },
  },
  {
    name: 'admin moderation: open reports',
    who: 'admin',
    path: () => '/admin/moderation',
    ready: async (page) => {
      await page.getByRole('article').first().waitFor();
      await page
        .getByRole('article')
        .getByText(/^Clear and short\./)
        .first()
        .waitFor();
    },
  },
  {
    name: 'admin moderation: resolved',
    who: 'admin',
    path: () => '/admin/moderation?status=resolved',
    ready: (page) => page.getByRole('article').first().waitFor(),
  },
  {
    name: 'admin moderation: log',
    who: 'admin',
    path: () => '/admin/moderation?tab=log',
    ready: (page) => visible(page, '[role="tabpanel"] ol li'),
  },
  { name: 'not found', who: 'visitor', path: () => '/no/such/page', ready: appOnly },
  { name: 'not found (signed in)', who: 'member', path: () => '/no/such/page', ready: appOnly },
];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin();
  member = await signUpByEmail(`a11y_${Date.now().toString(36)}`, PASSWORD);
  tree = await api('POST', '/api/tree/skills_tree/', member.access, {
    title: 'Accessible skills',
    description: 'Everything a page needs to be usable by everyone',
    tags: ['a11y'],
    data: {
      format: 1,
      nodes: [
        {
          id: 'root',
          parent_id: null,
          title: 'Accessible skills',
          content: '**Start** here: [WCAG](https://www.w3.org/WAI/)',
        },
        {
          id: 'contrast',
          parent_id: 'root',
          title: 'Contrast',
          summary: 'Text stands out',
          resources: [{ title: 'Checker', url: 'https://example.com/contrast' }],
        },
        { id: 'labels', parent_id: 'root', title: 'Labels' },
        { id: 'landmarks', parent_id: 'labels', title: 'Landmarks' },
      ],
    },
  });
  await api('POST', '/api/tree/skills_tree_version/', member.access, { tree: tree.id, message: 'First cut' });
  // Every visibility badge on My trees.
  for (const visibility of ['unlisted', 'public'] as const) {
    await api('POST', '/api/tree/skills_tree/', member.access, { title: `A ${visibility} tree`, visibility });
  }
  // The working copy moves on after the version: one node added, one removed, one renamed.
  const current = await api<{ data: { nodes: Array<{ id: string; title: string }> } }>(
    'GET',
    `/api/tree/skills_tree/${tree.id}/`,
    member.access,
  );
  await api('PATCH', `/api/tree/skills_tree/${tree.id}/`, member.access, {
    data: {
      ...current.data,
      nodes: [
        ...current.data.nodes
          .filter((n) => n.id !== 'landmarks')
          .map((n) => (n.id === 'labels' ? { ...n, title: 'Labels and names' } : n)),
        { id: 'focus', parent_id: 'root', title: 'Focus order' },
      ],
    },
  });
  share = await api('POST', '/api/community/trees-shared/share_tree/', member.access, {
    tree: tree.id,
    tags: ['a11y', 'web'],
  });
  // A like makes it hot, so Home lists it whatever other specs have shared (novelty alone does not).
  await api('POST', `/api/community/trees-shared/${share.id}/like/`, admin.access, { liked: true });
  // Community review: the admin reviews the template and comments on a node; its author replies to the comment.
  const review = await api<{ id: number }>('POST', `/api/community/trees-shared/${share.id}/reviews/`, admin.access, {
    rating: 4,
    body: 'Clear and **short**. A node on [focus order](https://www.w3.org/WAI/) would help.',
  });
  const comment = await api<{ id: number }>('POST', `/api/community/trees-shared/${share.id}/comments/`, admin.access, {
    body: 'Which contrast ratio should body text meet?',
    node_id: 'contrast',
  });
  await api('POST', `/api/community/trees-shared/${share.id}/comments/`, member.access, {
    body: 'Good point, done.',
    parent: comment.id,
  });
  // Notifications for the member (the review, the comment and a follow by the admin), and reports for the
  // admin: one open (the review), one dismissed (which also tells the member).
  const me = await api<{ id: number; username: string }>('GET', '/api/profile/users/me/', admin.access);
  await api('POST', `/api/community/authors/${encodeURIComponent(member.username)}/follow/`, admin.access, {
    following: true,
  });
  await api('POST', '/api/community/reports/', member.access, {
    target_kind: 'review',
    target_id: review.id,
    reason: 'abuse',
    details: 'Rude, and says nothing about the content.',
  });
  const dismissed = await api<{ id: number }>('POST', '/api/community/reports/', member.access, {
    target_kind: 'user',
    target_id: me.id,
    reason: 'spam',
  });
  await api('POST', `/api/community/reports/${dismissed.id}/resolve/`, admin.access, {
    action: 'dismiss',
    note: 'Not spam.',
  });
  // The author's page, the feed and collections: the admin follows the member (above), who collects the template.
  collection = await api('POST', '/api/community/collections/', member.access, {
    title: 'Accessible reading',
    description: 'Where to start',
    visibility: 'public',
  });
  await api('POST', `/api/community/collections/${collection.uuid}/items/`, member.access, {
    share: share.uuid,
    note: 'Read this **first**',
  });
  const provider = await api<{ id: number }>('POST', '/api/llm/deepseek-config/', admin.access, {
    name: 'Local test provider',
    base_url: 'http://127.0.0.1:9/v1',
    api_key: 'sk-a11y-not-a-real-key',
  });
  await api('POST', '/api/llm/deepseek-models/', admin.access, {
    config: provider.id,
    name: 'a11y-chat',
    display_name: 'A11y chat',
    kind: 'chat',
    is_default: true,
  });
});
afterAll(async () => browser?.close());

/**
 * One context per role, reused by its routes (a visitor's has no tokens): each route opens a page of
 * its own in it, and the app's files come from the context's cache after the first. The routes run a
 * few at a time (`describe.concurrent`, the e2e project's `maxConcurrency`), so a role's context is
 * made once, by whichever route asks first.
 */
const contexts = new Map<Who, Promise<BrowserContext>>();
async function contextOf(who: Who): Promise<BrowserContext> {
  const { context } = await newPage(browser, { colorScheme: 'light' });
  if (who !== 'visitor') await signInContext(context, who === 'admin' ? admin : member);
  for (const page of context.pages()) await page.close();
  return context;
}
async function openAs(who: Who): Promise<Page> {
  if (!contexts.has(who)) contexts.set(who, contextOf(who));
  const page = await (await contexts.get(who)!).newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  return page;
}

/**
 * Axe in the light scheme, then in the dark one on the same page: the app follows the system's scheme
 * as it changes (Mantine's "auto"), so the second pass sees every colour the dark theme draws. The DOM
 * is the same in both, so the dark pass runs the colour rules only.
 */
async function axeBothSchemes(page: Page): Promise<Record<'light' | 'dark', string[]>> {
  const light = await seriousViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
  const dark = await seriousViolations(page, COLOUR_RULES);
  return { light, dark };
}

const CLEAN = { light: [], dark: [] };

describe.concurrent('every route passes axe in light and dark (no serious or critical violation)', () => {
  for (const route of ROUTES) {
    it(`${route.name} as ${route.who}`, async ({ expect }) => {
      const page = await openAs(route.who);
      await page.goto(route.path());
      await route.ready(page);
      expect(await axeBothSchemes(page)).toEqual(CLEAN);
      await page.close();
    });
  }

  it('logout lands on an accessible home page', async ({ expect }) => {
    // An account of its own: logging out ends the account's access tokens at once, and the other
    // routes here are opened with the member's.
    const { context, page } = await newPage(browser, { colorScheme: 'light' });
    await page.goto('/favicon.svg');
    const own = await signUpByEmail(`a11y_logout_${Date.now().toString(36)}`, PASSWORD);
    await storeTokens(page, own);
    await page.goto('/auth/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('login-button').waitFor();
    await homeLoaded(page);
    expect(await axeBothSchemes(page)).toEqual(CLEAN);
    await context.close();
  });
});
