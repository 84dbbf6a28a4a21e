// Issue 29, item 6: the community list is served from a cache shared by every caller for at most
// 1 s (API.md "Community"). What must hold: counters show within 1 s; a new, hidden or deleted
// template is in or out of the very next answer; every caller's own marks are their own.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/connection.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';
import { passListCacheWindow } from './list-cache.testing.ts';

let t: TestApp;
let author: TestUser;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;

const TAG = 'cachetag';
const LIST = `/api/community/trees-shared/?tags=${TAG}`;

type Listed = { count: number; results: Array<Record<string, unknown> & { id: number }> };
const list = async (user: TestUser | null, url = LIST): Promise<Listed> => {
  const res = await t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Listed;
};
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

async function share(by: TestUser, title: string): Promise<{ id: number; uuid: string; tree: number }> {
  const tree = (await createTree(t.app, by, {
    title,
    data: { nodes: [{ id: 'root', parent_id: null, title }], links: [] },
  })) as { id: number };
  const res = await post(by, '/api/community/trees-shared/share_tree/', { tree: tree.id, title, tags: [TAG] });
  expect(res.statusCode).toBe(201);
  return { ...(res.json() as { id: number; uuid: string }), tree: tree.id };
}

const entry = (page: Listed, id: number) => page.results.find((item) => item.id === id);

beforeAll(async () => {
  t = await createTestApp();
  [author, alice, bob] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  [admin, otherAdmin] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app, { role: 'admin' })]);
});
afterAll(async () => t.close());

describe('the community list cache', () => {
  it('shows a new template in the next answer, and a like or rating within 1 s', async () => {
    const first = await share(author, 'Cache one');
    expect((await list(null)).results.map((item) => item.id)).toEqual([first.id]);
    const second = await share(author, 'Cache two');
    // Served from the cache a moment ago, but a new template changes the page at once.
    expect((await list(null)).results.map((item) => item.id)).toEqual([second.id, first.id]);

    expect((await post(alice, `/api/community/trees-shared/${first.id}/like/`, { liked: true })).statusCode).toBe(200);
    expect((await post(alice, `/api/community/trees-shared/${first.id}/rate/`, { score: 4 })).statusCode).toBe(200);
    passListCacheWindow(t.app);
    expect(entry(await list(null), first.id)).toMatchObject({ likes_count: 1, rating_count: 1, rating_avg: 4 });
  });

  it('gives every caller their own marks on a page others share: liked, my_rating, the source tree, abilities', async () => {
    const mine = await share(author, 'Cache marks');
    // Everyone reads the page first, so that it is cached for every scope.
    for (const user of [null, author, alice, bob, admin, otherAdmin]) await list(user);
    expect((await post(bob, `/api/community/trees-shared/${mine.id}/like/`, { liked: true })).statusCode).toBe(200);
    expect((await post(bob, `/api/community/trees-shared/${mine.id}/rate/`, { score: 2 })).statusCode).toBe(200);
    expect((await post(admin, `/api/community/trees-shared/${mine.id}/like/`, { liked: true })).statusCode).toBe(200);

    // The liker's own marks are current at once, even while the counters may lag.
    expect(entry(await list(bob), mine.id)).toMatchObject({ liked: true, my_rating: 2, tree: null });
    expect(entry(await list(admin), mine.id)).toMatchObject({ liked: true, my_rating: null, tree: null });
    // Nobody else's marks leak into a shared page: another admin shares the admins' page.
    expect(entry(await list(otherAdmin), mine.id)).toMatchObject({ liked: false, my_rating: null, tree: null });
    expect(entry(await list(alice), mine.id)).toMatchObject({ liked: false, my_rating: null, tree: null });
    expect(entry(await list(null), mine.id)).toMatchObject({ liked: false, my_rating: null, tree: null });
    // Only the author sees the source tree and may change the template; admins may change it too.
    expect(entry(await list(author), mine.id)).toMatchObject({
      tree: mine.tree,
      abilities: { update: true, delete: true, review: false },
    });
    expect(entry(await list(alice), mine.id)).toMatchObject({ abilities: { update: false, review: true, like: true } });
    expect(entry(await list(otherAdmin), mine.id)).toMatchObject({ abilities: { update: true, delete: true } });
    expect(entry(await list(null), mine.id)).toMatchObject({ abilities: { update: false, like: false } });
  });

  it('never serves a hidden template to others from the cache, and drops a deleted one at once', async () => {
    const hidden = await share(author, 'Cache hidden');
    for (const user of [null, alice, author, admin]) expect(entry(await list(user), hidden.id)).toBeDefined();
    const filed = await post(alice, '/api/community/reports/', {
      target_kind: 'share',
      target_id: hidden.id,
      reason: 'spam',
    });
    expect(filed.statusCode).toBe(201);
    const resolved = await post(admin, `/api/community/reports/${filed.json().id}/resolve/`, { action: 'hide' });
    expect(resolved.statusCode).toBe(200);
    // No clock moved: the next answer already leaves it out, for anonymous callers and other users.
    for (const user of [null, alice, bob]) expect(entry(await list(user), hidden.id)).toBeUndefined();
    for (const user of [author, admin, otherAdmin])
      expect(entry(await list(user), hidden.id)).toMatchObject({ hidden: true });

    const deleted = await share(author, 'Cache deleted');
    expect(entry(await list(null), deleted.id)).toBeDefined();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/trees-shared/${deleted.id}/`,
      headers: author.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const user of [null, author, admin]) expect(entry(await list(user), deleted.id)).toBeUndefined();
  });

  it('never serves a template hidden or deleted through another app instance on the same database', async () => {
    // A second app (another process behind the load balancer) with its own caches.
    const handle = openDatabase(t.config.databaseUrl);
    const other: FastifyInstance = await buildApp(t.config, { database: handle, migrate: false });
    try {
      await other.ready();
      const listOther = async (user: TestUser | null) => {
        const res = await other.inject({ method: 'GET', url: LIST, headers: user?.headers ?? {} });
        expect(res.statusCode).toBe(200);
        return res.json() as Listed;
      };
      const hidden = await share(author, 'Elsewhere hidden');
      const deleted = await share(author, 'Elsewhere deleted');
      // Both pages are cached there, for anonymous callers and signed-in ones.
      for (const user of [null, alice]) {
        const page = await listOther(user);
        expect([entry(page, hidden.id), entry(page, deleted.id)]).toEqual([expect.anything(), expect.anything()]);
      }
      const filed = await post(alice, '/api/community/reports/', {
        target_kind: 'share',
        target_id: hidden.id,
        reason: 'spam',
      });
      const resolved = await post(admin, `/api/community/reports/${filed.json().id}/resolve/`, { action: 'hide' });
      expect(resolved.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/community/trees-shared/${deleted.id}/`,
        headers: author.headers,
      });
      expect(res.statusCode).toBe(204);
      // Answered here, so the other instance leaves both out of its very next answer.
      for (const user of [null, alice]) {
        const page = await listOther(user);
        expect([entry(page, hidden.id), entry(page, deleted.id)]).toEqual([undefined, undefined]);
      }
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it("gives the template's page the caller's own like and rating, read with the template", async () => {
    const mine = await share(author, 'Detail marks');
    expect((await post(bob, `/api/community/trees-shared/${mine.id}/like/`, { liked: true })).statusCode).toBe(200);
    expect((await post(bob, `/api/community/trees-shared/${mine.id}/rate/`, { score: 3 })).statusCode).toBe(200);
    const detail = async (user: TestUser | null) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/community/trees-shared/${mine.uuid}/`,
          headers: user?.headers ?? {},
        })
      ).json() as Record<string, unknown>;
    expect(await detail(bob)).toMatchObject({ liked: true, my_rating: 3, tree: null });
    expect(await detail(alice)).toMatchObject({ liked: false, my_rating: null, tree: null });
    expect(await detail(null)).toMatchObject({ liked: false, my_rating: null, tree: null });
    expect(await detail(author)).toMatchObject({ liked: false, my_rating: null, tree: mine.tree });
  });

  it('answers each URL with its own page and links', async () => {
    const page1 = await list(null, `${LIST}&page_size=1`);
    const page2 = await list(null, `${LIST}&page_size=1&page=2`);
    expect(page1.results[0]!.id).not.toBe(page2.results[0]!.id);
    expect(page1).toMatchObject({ previous: null, next: expect.stringContaining('page=2') });
    expect(page2).toMatchObject({ previous: expect.not.stringContaining('page=') });
  });
});
