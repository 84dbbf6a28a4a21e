// A returning visitor (issue 28 item 2): once the access token has expired, the template page must
// still show the signed-in user's actions — "Use this template" and Like enabled, their rating, Report
// and "Suggest an edit" — without a manual reload, and an action taken after a later expiry works.
// The server here is a second instance with a 4-second access token (ACCESS_TOKEN_TTL_S), so that
// the token really expires; the account and its rating are prepared through the CLI and the API.
// On a desktop (zh-CN) and a 390 px phone (ja-JP).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import communityJa from '../../apps/web/src/i18n/community/ja-JP.json' with { type: 'json' };
import communityZh from '../../apps/web/src/i18n/community/zh-CN.json' with { type: 'json' };
import reviewsJa from '../../apps/web/src/i18n/reviews/ja-JP.json' with { type: 'json' };
import reviewsZh from '../../apps/web/src/i18n/reviews/zh-CN.json' with { type: 'json' };
import { launchBrowser } from '../support/browser.ts';
import { guardContext } from '../support/error-guard.ts';
import { startOwnServer, until, type OwnServer } from '../support/own-server.ts';
import { TOKEN_STORAGE_KEY, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let server: OwnServer;
let template: string;

async function call<T>(method: string, pathname: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseURL}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const expired = async (access: string) => {
  const res = await fetch(`${server.baseURL}/api/token/verify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: access }),
  });
  return res.status === 401;
};

/** The access token the page holds now (the app rotates both tokens on every refresh). */
const storedAccess = async (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken: string }).accessToken,
    TOKEN_STORAGE_KEY,
  );

beforeAll(async () => {
  browser = await launchBrowser();
  // The seeded sample templates (ARBOR_SEED default) are someone else's: the reader may report them.
  server = await startOwnServer({ ACCESS_TOKEN_TTL_S: '4' });
  const list = await call<{ results: { uuid: string }[] }>('GET', '/api/community/trees-shared/?page_size=1');
  template = list.results[0]!.uuid;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VIEWPORTS = [
  { name: 'desktop', locale: 'zh-CN', width: 1280, height: 900, community: communityZh, reviews: reviewsZh },
  { name: 'phone', locale: 'ja-JP', width: 390, height: 844, community: communityJa, reviews: reviewsJa },
] as const;

describe.each(VIEWPORTS)('a returning visitor on the $name', ({ name, locale, width, height, community, reviews }) => {
  let context: BrowserContext;
  afterAll(async () => context?.close());

  it('finds every action of theirs after the access token expired, and acts after a later expiry', async () => {
    const username = `returning_${name}`;
    const password = 'correct-horse-battery-42';
    server.cli('create-user', username, password);
    const tokens = await call<ApiTokens>('POST', '/api/token/', undefined, { username, password });
    await call('POST', `/api/community/trees-shared/${template}/rate/`, tokens.access, { score: 4 });

    context = await browser.newContext({ baseURL: server.baseURL, locale, viewport: { width, height } });
    guardContext(context);
    // Stored once, as a visitor who signed in days ago has them; the app's own rotations then stand.
    await context.addInitScript(
      ([key, value, lang]) => {
        if (!location.origin.startsWith('http') || sessionStorage.getItem('__e2e_preset__')) return;
        sessionStorage.setItem('__e2e_preset__', '1');
        localStorage.setItem(key, value);
        localStorage.setItem('arbor.locale', lang);
      },
      [
        TOKEN_STORAGE_KEY,
        JSON.stringify({ accessToken: tokens.access, refreshToken: tokens.refresh }),
        locale,
      ] as const,
    );
    await until(() => expired(tokens.access), 'the access token has expired');

    const page = await context.newPage();
    await page.goto(`/community/${template}`);
    const use = page.getByRole('button', { name: community.detail.use });
    await use.waitFor();
    expect(await use.isEnabled()).toBe(true);
    const like = page.getByRole('button', { name: new RegExp(`^${community.detail.like}`) });
    expect(await like.isEnabled()).toBe(true);
    await page.getByText(community.detail.yourRatingIs.replace('{{score}}', '4')).waitFor();
    await page.getByRole('button', { name: reviews.report.template }).waitFor();
    await page.getByRole('button', { name: reviews.suggestions.suggest.button }).waitFor();

    // The page stays open while the new token expires too; a click then still acts as the user.
    const current = await storedAccess(page);
    expect(current).not.toBe(tokens.access);
    await until(() => expired(current), 'the refreshed access token has expired as well');
    await like.click();
    await page.getByRole('button', { name: new RegExp(`^${community.detail.liked}`), pressed: true }).waitFor();
    const share = await call<{ liked: boolean }>(
      'GET',
      `/api/community/trees-shared/${template}/`,
      await storedAccess(page),
    );
    expect(share.liked).toBe(true);
  });
});
