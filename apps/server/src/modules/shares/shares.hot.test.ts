// The `-hot` ordering (issue #18): engagement, not novelty alone, lifts a template.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as rescoreWithPrior } from '../../db/migrations/20261125_9181_hot_score_prior.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { hotScore } from './shares.hot.ts';
import { insertBareTemplate } from './templates.testing.ts';
import { passListCacheWindow } from './list-cache.testing.ts';

let t: TestApp;
let author: TestUser;
const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** A template created `createdAt`, scored as the service scores a new one unless `hot_score` is given. */
const insertShare = (title: string, createdAt: string, hot_score?: number) =>
  insertBareTemplate(t.app, { authorId: author.id, title, createdAt, hotScore: hot_score });

const like = async (id: number) => {
  const fan = await createUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/community/trees-shared/${id}/like/`,
    headers: fan.headers,
    payload: { liked: true },
  });
  expect(res.statusCode).toBe(200);
};
const rate = async (id: number, score: number) => {
  const fan = await createUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/community/trees-shared/${id}/rate/`,
    headers: fan.headers,
    payload: { score },
  });
  expect(res.statusCode).toBe(200);
};
const view = async (id: number, ip: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/community/trees-shared/${id}/view/`, remoteAddress: ip });
  expect(res.json()).toEqual({ views_count: 1 });
};

const hotOrder = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/community/trees-shared/?ordering=-hot&page_size=100' });
  return (res.json() as { results: Array<{ title: string }> }).results.map((s) => s.title);
};

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app);
});
afterAll(async () => t?.close());

describe('hot ranking', () => {
  it('ranks a brand-new template without engagement below older ones with real engagement', async () => {
    const liked = await insertShare('liked two days ago', daysAgo(2));
    await like(liked);
    await like(liked);
    await rate(liked, 5);
    const likedOnce = await insertShare('liked once, five days ago', daysAgo(5));
    await like(likedOnce);
    const viewed = await insertShare('viewed yesterday', daysAgo(1));
    await view(viewed, '198.51.100.1');
    const stale = await insertShare('liked two months ago', daysAgo(60));
    await like(stale);
    await insertShare('untouched last week', daysAgo(7));
    await insertShare('brand new', new Date().toISOString());

    expect(await hotOrder()).toEqual([
      'liked two days ago',
      'liked once, five days ago',
      'viewed yesterday',
      // Novelty still orders templates nobody engaged with, and outlasts engagement long gone.
      'brand new',
      'untouched last week',
      'liked two months ago',
    ]);
  });

  it('lets engagement lift a new template to the top', async () => {
    const fresh = await insertShare('fresh and liked', new Date().toISOString());
    expect((await hotOrder()).indexOf('fresh and liked')).toBeGreaterThan(2);
    await like(fresh);
    // The list may answer from its 1 s cache (API.md "Community"): a second later the like shows.
    passListCacheWindow(t.app);
    expect((await hotOrder())[0]).toBe('fresh and liked');
  });

  it('weighs each kind of engagement: a like lifts more than a view', async () => {
    const a = await insertShare('one like', new Date().toISOString());
    const b = await insertShare('one view', new Date().toISOString());
    await insertShare('nothing yet', new Date().toISOString());
    await like(a);
    await view(b, '198.51.100.2');
    passListCacheWindow(t.app);
    const order = await hotOrder();
    expect(order.indexOf('one like')).toBeLessThan(order.indexOf('one view'));
    expect(order.indexOf('one view')).toBeLessThan(order.indexOf('nothing yet'));
  });
});

describe('the migration to the scores with a prior', () => {
  it('rescores templates stored under the old formula', async () => {
    await t.app.db.deleteFrom('shares').execute();
    const oldFormula = (engagement: number, createdAt: string) =>
      Math.log10(1 + engagement) + Date.parse(createdAt) / 1000 / 45_000;
    const engagedAt = daysAgo(1);
    const engaged = await insertShare('engaged yesterday', engagedAt, oldFormula(6, engagedAt));
    await t.app.db.updateTable('shares').set({ likes_count: 2 }).where('id', '=', engaged).execute();
    const newAt = new Date().toISOString();
    await insertShare('new, untouched', newAt, oldFormula(0, newAt));
    expect(await hotOrder()).toEqual(['new, untouched', 'engaged yesterday']);

    await rescoreWithPrior(t.app.db as unknown as Kysely<unknown>);
    passListCacheWindow(t.app);
    expect(await hotOrder()).toEqual(['engaged yesterday', 'new, untouched']);
    const row = await t.app.db.selectFrom('shares').selectAll().where('id', '=', engaged).executeTakeFirstOrThrow();
    expect(row.hot_score).toBeCloseTo(hotScore(row), 6);
  });
});
