import { call as callApi } from '../../testing/call.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoIn, nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { FOLLOWS_PER_USER_MINUTE } from './authors.service.ts';
import { insertBareTemplate, reviseBareTemplate } from '../shares/testing.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser | null, payload?: unknown) =>
  callApi(t.app, user, method, `/api/community/${url}`, payload as object);
const follow = (user: TestUser | null, author: string, following = true) =>
  call('POST', `authors/${author}/follow/`, user, { following });
const author = async (username: string, user?: TestUser) => {
  const res = await call('GET', `authors/${username}/`, user);
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app, { username: 'alice' });
  bob = await createUser(t.app, { username: 'bob' });
});
afterAll(async () => t?.close());

describe("an author's page", () => {
  it('is public, with the profile fields, counts and whether the caller follows', async () => {
    const writer = await createUser(t.app, { username: 'Writer' });
    const share = await insertBareTemplate(t.app, { authorId: writer.id, title: 'One', createdAt: nowIso() });
    await insertBareTemplate(t.app, { authorId: writer.id, title: 'Two', createdAt: nowIso() });
    await call('POST', `trees-shared/${share}/like/`, bob, { liked: true });
    const anonymous = await author('writer');
    expect(anonymous).toEqual({
      id: writer.id,
      username: 'Writer',
      nickname: expect.any(String),
      avatar_url: expect.any(String),
      bio: expect.any(String),
      date_joined: expect.any(String),
      shares_count: 2,
      followers_count: 0,
      following_count: 0,
      likes_received: 1,
      followed: false,
    });
    expect((await follow(bob, 'Writer')).json()).toEqual({ following: true, followers_count: 1 });
    expect(await author('Writer', bob)).toMatchObject({ followers_count: 1, followed: true });
    expect(await author('Writer', alice)).toMatchObject({ followers_count: 1, followed: false });
    expect(await author('bob')).toMatchObject({ following_count: 1, followers_count: 0 });
  });

  it('answers 404 for an unknown author', async () => {
    const res = await call('GET', 'authors/nobody_here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', detail: 'No such author.' });
  });
});

describe('following', () => {
  it('follows and unfollows; repeating either changes nothing', async () => {
    const target = await createUser(t.app);
    const fan = await createUser(t.app);
    expect((await follow(fan, target.username)).json()).toEqual({ following: true, followers_count: 1 });
    expect((await follow(fan, target.username)).json()).toEqual({ following: true, followers_count: 1 });
    expect(await author(fan.username)).toMatchObject({ following_count: 1 });
    expect((await follow(fan, target.username, false)).json()).toEqual({ following: false, followers_count: 0 });
    expect((await follow(fan, target.username, false)).json()).toEqual({ following: false, followers_count: 0 });
    expect(await author(fan.username)).toMatchObject({ following_count: 0 });
  });

  it('refuses following oneself (400), anonymous callers (401), a bad body (400) and unknown authors (404)', async () => {
    const self = await follow(alice, 'alice');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ code: 'invalid', detail: 'You cannot follow yourself.' });
    expect((await follow(null, 'alice')).statusCode).toBe(401);
    const bad = await call('POST', 'authors/alice/follow/', bob, { following: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid', fields: { following: [expect.any(String)] } });
    expect((await follow(bob, 'nobody_here')).statusCode).toBe(404);
    const localized = await t.app.inject({
      method: 'POST',
      url: '/api/community/authors/alice/follow/',
      headers: { ...alice.headers, 'accept-language': 'ja-JP' },
      payload: { following: true },
    });
    expect(localized.json()).toEqual({ code: 'invalid', detail: '自分自身をフォローすることはできません。' });
  });

  it('announces user.followed after the commit, once per new follow', async () => {
    const target = await createUser(t.app);
    const fan = await createUser(t.app);
    const seen: unknown[] = [];
    t.app.deps.events.on('user.followed', async (event) => {
      if (event.followeeId === target.id) seen.push(event);
    });
    await follow(fan, target.username);
    await follow(fan, target.username);
    await follow(fan, target.username, false);
    expect(seen).toEqual([{ followerId: fan.id, followeeId: target.id }]);
  });

  it('keeps the counts exact under 50 concurrent follow and unfollow writers', async () => {
    const target = await createUser(t.app);
    const fans = await Promise.all(Array.from({ length: 25 }, () => createUser(t.app)));
    // each fan follows and unfollows at once, twice over: 50 writers on one counter
    const results = await Promise.all(
      fans.flatMap((fan, i) => [follow(fan, target.username, true), follow(fan, target.username, i % 2 === 0)]),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('author_follows')
      .select('follower_id')
      .where('followee_id', '=', target.id)
      .execute();
    expect(await author(target.username)).toMatchObject({ followers_count: rows.length });
    for (const fan of fans) {
      const follows = rows.some((r) => r.follower_id === fan.id) ? 1 : 0;
      expect(await author(fan.username)).toMatchObject({ following_count: follows });
    }
    // and crosswise: pairs following each other at the same time never deadlock
    const [x, y] = [fans[0]!, fans[1]!];
    const cross = await Promise.all([follow(x, y.username), follow(y, x.username), follow(x, y.username, false)]);
    for (const res of cross) expect(res.statusCode).toBe(200);
  });

  it(`takes ${FOLLOWS_PER_USER_MINUTE} follows and unfollows a minute per user, then 429 with Retry-After`, async () => {
    const [toggler, target, bystander] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    for (let i = 0; i < FOLLOWS_PER_USER_MINUTE; i++) {
      expect((await follow(toggler, target.username, i % 2 === 0)).statusCode).toBe(200);
    }
    const refused = await follow(toggler, target.username, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another user is not held back
    expect((await follow(bystander, target.username)).statusCode).toBe(200);
  });

  it('lists whom the caller follows, most recent first, page by page (login required)', async () => {
    const fan = await createUser(t.app);
    const authors = await Promise.all(Array.from({ length: 3 }, () => createUser(t.app)));
    for (const a of authors) await follow(fan, a.username);
    const first = await call('GET', 'following/?page_size=2', fan);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: 3, previous: null, next: expect.stringContaining('page=2') });
    const second = (await call('GET', 'following/?page=2&page_size=2', fan)).json();
    const names = [...first.json().results, ...second.results].map((a: { username: string }) => a.username);
    expect(names.sort()).toEqual(authors.map((a) => a.username).sort());
    expect(first.json().results[0]).toMatchObject({ followed: true, followers_count: 1 });
    expect((await call('GET', 'following/')).statusCode).toBe(401);
    expect((await call('GET', 'following/?page=0', fan)).statusCode).toBe(400);
  });
});

describe('the feed', () => {
  it("shows followed authors' new templates and re-shares, newest first, and nobody else's", async () => {
    const fan = await createUser(t.app);
    const followed = await createUser(t.app);
    const other = await createUser(t.app);
    const old = await insertBareTemplate(t.app, { authorId: followed.id, title: 'Old', createdAt: isoIn(-60_000) });
    const fresh = await insertBareTemplate(t.app, { authorId: followed.id, title: 'Fresh', createdAt: isoIn(-30_000) });
    await insertBareTemplate(t.app, { authorId: other.id, title: 'Elsewhere', createdAt: nowIso() });
    await follow(fan, followed.username);
    await reviseBareTemplate(t.app, old);
    const res = await call('GET', 'feed/', fan);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((e: { kind: string; share: { id: number } }) => [e.kind, e.share.id])).toEqual([
      ['revised', old],
      ['shared', fresh],
      ['shared', old],
    ]);
    expect(body.results[0]).toEqual({
      kind: 'revised',
      share: expect.objectContaining({ id: old, title: 'Old', author: expect.objectContaining({ id: followed.id }) }),
      revision: 2,
      message: null,
      created_at: expect.any(String),
    });
    expect(body.results[2]).toMatchObject({ revision: 1 });
    // a withdrawn template leaves the feed
    await call('DELETE', `trees-shared/${old}/`, followed);
    expect((await call('GET', 'feed/', fan)).json().results.map((e: { share: { id: number } }) => e.share.id)).toEqual([
      fresh,
    ]);
    expect((await call('GET', 'feed/')).statusCode).toBe(401);
    expect((await call('GET', 'feed/', other)).json()).toMatchObject({ count: 0, results: [] });
  });
});

describe('deleting an account', () => {
  it('leaves follows and counts alone when the deleting transaction rolls back', async () => {
    const almost = await createUser(t.app);
    const a = await createUser(t.app);
    await follow(almost, a.username);
    await expect(
      t.app.deps.events.transaction(t.app.db, async (_trx, publish) => {
        await publish('user.deleted', { userId: almost.id });
        throw new Error('account deletion failed');
      }),
    ).rejects.toThrow('account deletion failed');
    expect(await author(a.username, almost)).toMatchObject({ followers_count: 1, followed: true });
    expect(await author(almost.username)).toMatchObject({ following_count: 1 });
  });

  it('takes its follows with it and keeps the others’ counts exact', async () => {
    const leaving = await createUser(t.app);
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await follow(leaving, a.username);
    await follow(b, leaving.username);
    await t.app.deps.events.transaction(t.app.db, async (trx, publish) => {
      await publish('user.deleted', { userId: leaving.id });
      await trx.deleteFrom('users').where('id', '=', leaving.id).execute();
    });
    expect(await author(a.username)).toMatchObject({ followers_count: 0 });
    expect(await author(b.username)).toMatchObject({ following_count: 0 });
    expect((await call('GET', `authors/${leaving.username}/`)).statusCode).toBe(404);
  });
});
