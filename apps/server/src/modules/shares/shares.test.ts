import { randomUUID } from 'node:crypto';
import { createTreeDocument } from '@arbor/tree-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { newTemplateHotScore } from './shares.hot.ts';
import * as repo from './shares.repository.ts';
import { searchTextOf } from './shares.search.ts';
import { forgetListCounts } from './shares.service.ts';
import { passListCacheWindow } from './list-cache.testing.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

/** A one-node snapshot as the server stores one (every default filled in: answers carry it as a `TreeDocument`). */
const doc = (title: string) => createTreeDocument(title);

/** Inserts a share directly, as the seed does: the community tests need no trees. */
async function insertShare(
  author: TestUser,
  title: string,
  description: string,
  tags: string[],
  createdAt = nowIso(),
): Promise<number> {
  return t.app.db
    .transaction()
    .execute(async (trx) => {
      const id = await repo.insertShare(trx, {
        uuid: randomUUID(),
        tree_id: null,
        author_id: author.id,
        title,
        description,
        tags: JSON.stringify(tags),
        search_text: searchTextOf(title, description, tags),
        data: JSON.stringify(doc(title)),
        node_count: 1,
        cover_key: null,
        hot_score: newTemplateHotScore(createdAt),
        created_at: createdAt,
        updated_at: createdAt,
      });
      await repo.replaceShareTags(trx, id, tags, createdAt);
      return id;
    })
    .finally(() => forgetListCounts(t.app.deps));
}

const list = async (query: string, user?: TestUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/?${query}`, headers: user?.headers })).json();

let ml: number;
let jp: number;
let web: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app, { username: 'alice' });
  bob = await createUser(t.app, { username: 'bob' });
  carol = await createUser(t.app, { username: 'carol' });
  ml = await insertShare(
    alice,
    '机器学习入门',
    '从线性代数到神经网络的学习路线',
    ['机器学习', 'AI'],
    '2026-01-01T00:00:00.000Z',
  );
  jp = await insertShare(
    bob,
    '日本語 N3 文法',
    '条件・理由・伝聞などの文法',
    ['日本語', 'JLPT'],
    '2026-02-01T00:00:00.000Z',
  );
  web = await insertShare(
    alice,
    'Web Frontend Developer',
    'HTML, CSS, JavaScript and React',
    ['Web', 'Frontend', 'ai'],
    '2026-03-01T00:00:00.000Z',
  );
});
afterAll(async () => t?.close());

describe('community list and search', () => {
  it('lists newest first for anyone, with counters and author', async () => {
    const body = await list('');
    expect(body.count).toBe(3);
    expect(body.results.map((s: { id: number }) => s.id)).toEqual([web, jp, ml]);
    expect(body.results[0]).toMatchObject({
      title: 'Web Frontend Developer',
      author: { id: alice.id, username: 'alice' },
      likes_count: 0,
      liked: false,
      my_rating: null,
    });
    expect(body.results[0].data).toBeUndefined();
    expect(body.results[0].tree).toBeNull();
  });

  it.each([
    ['机器', 'ml'],
    ['学习', 'ml'],
    ['神经网络', 'ml'],
    ['文法', 'jp'],
    ['n3', 'jp'],
    ['react', 'web'],
    ['FRONTEND dev', 'web'],
  ])('finds %s by substring in Chinese, Japanese and English', async (q, which) => {
    const body = await list(`search=${encodeURIComponent(q)}`);
    const ids = { ml, jp, web } as Record<string, number>;
    expect(body.results.map((s: { id: number }) => s.id)).toEqual([ids[which]]);
  });

  it('treats LIKE wildcards in a query literally', async () => {
    expect((await list('search=%25')).count).toBe(0);
    expect((await list('search=_')).count).toBe(0);
  });

  it('requires every tag of the filter, case-insensitively', async () => {
    expect((await list('tags=ai')).results.map((s: { id: number }) => s.id)).toEqual([web, ml]);
    expect((await list('tags=AI,web')).results.map((s: { id: number }) => s.id)).toEqual([web]);
    expect((await list('tags=ai,jlpt')).count).toBe(0);
  });

  it('pages a filtered list in one consistent order, with live counters and a search + tag combined', async () => {
    const first = await list('tags=ai&page_size=1');
    const second = await list('tags=ai&page_size=1&page=2');
    expect([first.count, second.count]).toEqual([2, 2]);
    expect([...first.results, ...second.results].map((s: { id: number }) => s.id)).toEqual([web, ml]);
    expect((await list('tags=ai&page_size=1&page=3')).results).toEqual([]);
    // The order of matches may be remembered for a few seconds; the counters on the cards for 1 s at most.
    await t.app.inject({ method: 'POST', url: `/api/community/trees-shared/${web}/like/`, headers: bob.headers });
    passListCacheWindow(t.app);
    expect((await list('tags=ai&page_size=1')).results[0]).toMatchObject({ id: web, likes_count: 1 });
    await t.app.inject({ method: 'POST', url: `/api/community/trees-shared/${web}/like/`, headers: bob.headers });
    expect(
      (await list(`search=${encodeURIComponent('学习')}&tags=ai`)).results.map((s: { id: number }) => s.id),
    ).toEqual([ml]);
    expect((await list('search=react&tags=web')).results.map((s: { id: number }) => s.id)).toEqual([web]);
  });

  it('filters by author id or username', async () => {
    expect((await list(`author=${bob.id}`)).results.map((s: { id: number }) => s.id)).toEqual([jp]);
    expect((await list('author=ALICE')).count).toBe(2);
    expect((await list('author=nobody')).count).toBe(0);
  });

  it('refuses an unknown ordering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community/trees-shared/?ordering=password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.ordering).toBeDefined();
  });

  it('keeps the remembered counts of two apps in one process apart', async () => {
    expect((await list('')).count).toBeGreaterThan(0);
    const other = await createTestApp();
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/api/community/trees-shared/' })).json();
      expect(body).toMatchObject({ count: 0, results: [] });
    } finally {
      await other.close();
    }
  });

  it('answers a retrieve by id or uuid with the snapshot, and 404 for an unknown one', async () => {
    const byId = (await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${ml}/` })).json();
    expect(byId.data.nodes[0].title).toBe('机器学习入门');
    const byUuid = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${byId.uuid}/` });
    expect(byUuid.json().id).toBe(ml);
    expect((await t.app.inject({ method: 'GET', url: '/api/community/trees-shared/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/community/trees-shared/not-an-id/' })).statusCode).toBe(400);
  });
});

describe('likes, ratings and views', () => {
  it('toggles a like without a body and is idempotent with one', async () => {
    const url = `/api/community/trees-shared/${jp}/like/`;
    expect((await t.app.inject({ method: 'POST', url, headers: alice.headers })).json()).toEqual({
      liked: true,
      likes_count: 1,
    });
    expect(
      (await t.app.inject({ method: 'POST', url, headers: alice.headers, payload: { liked: true } })).json(),
    ).toEqual({ liked: true, likes_count: 1 });
    expect((await t.app.inject({ method: 'POST', url, headers: alice.headers })).json()).toEqual({
      liked: false,
      likes_count: 0,
    });
    expect(
      (await t.app.inject({ method: 'POST', url, headers: alice.headers, payload: { liked: false } })).json(),
    ).toEqual({ liked: false, likes_count: 0 });
  });

  it('needs a login to like', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/community/trees-shared/${jp}/like/` });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the like count exact under 50 concurrent likes by 50 users', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const url = `/api/community/trees-shared/${web}/like/`;
    const answers = await Promise.all(
      users.map((u) => t.app.inject({ method: 'POST', url, headers: u.headers, payload: { liked: true } })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await Promise.all(
      users.slice(0, 5).map((u) => t.app.inject({ method: 'POST', url, headers: u.headers, payload: { liked: true } })),
    );
    const share = (
      await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${web}/`, headers: users[0]!.headers })
    ).json();
    expect(share.likes_count).toBe(50);
    expect(share.liked).toBe(true);
    await Promise.all(
      users
        .slice(0, 10)
        .map((u) => t.app.inject({ method: 'POST', url, headers: u.headers, payload: { liked: false } })),
    );
    const after = await t.app.db
      .selectFrom('share_likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('share_id', '=', web)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(40);
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${web}/` })).json().likes_count).toBe(
      40,
    );
  });

  it("refuses the author's own rating with 400 and leaves the counters as they were", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${ml}/rate/`,
      headers: { ...alice.headers, 'accept-language': 'en-US' },
      payload: { score: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid', detail: 'You cannot rate your own template.' });
    const share = (
      await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${ml}/`, headers: alice.headers })
    ).json();
    expect(share).toMatchObject({ my_rating: null, rating_count: 0, rating_avg: 0 });
    expect(share.abilities.rate).toBe(false);
  });

  it('rates 1–5, replaces a second rating and keeps the average exact', async () => {
    const url = `/api/community/trees-shared/${ml}/rate/`;
    expect((await t.app.inject({ method: 'POST', url, headers: carol.headers, payload: { score: 5 } })).json()).toEqual(
      { my_rating: 5, rating_avg: 5, rating_count: 1 },
    );
    expect((await t.app.inject({ method: 'POST', url, headers: bob.headers, payload: { score: 4 } })).json()).toEqual({
      my_rating: 4,
      rating_avg: 4.5,
      rating_count: 2,
    });
    expect((await t.app.inject({ method: 'POST', url, headers: bob.headers, payload: { score: 2 } })).json()).toEqual({
      my_rating: 2,
      rating_avg: 3.5,
      rating_count: 2,
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${ml}/`, headers: bob.headers })
    ).json();
    expect(mine.my_rating).toBe(2);
  });

  it.each([0, 6, 3.5, '5', null])('refuses the score %s and changes nothing', async (score) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${ml}/rate/`,
      headers: carol.headers,
      payload: { score },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.score).toBeDefined();
    const share = (
      await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${ml}/`, headers: carol.headers })
    ).json();
    expect(share).toMatchObject({ my_rating: 5, rating_count: 2, rating_avg: 3.5 });
  });

  it('counts one view per viewer per 24 hours, anonymous viewers included', async () => {
    const url = `/api/community/trees-shared/${jp}/view/`;
    expect((await t.app.inject({ method: 'POST', url, headers: alice.headers })).json()).toEqual({ views_count: 1 });
    expect((await t.app.inject({ method: 'POST', url, headers: alice.headers })).json()).toEqual({ views_count: 1 });
    expect((await t.app.inject({ method: 'POST', url, headers: { 'user-agent': 'A' } })).json()).toEqual({
      views_count: 2,
    });
    expect((await t.app.inject({ method: 'POST', url, headers: { 'user-agent': 'A' } })).json()).toEqual({
      views_count: 2,
    });
    // A day later the same viewer counts again.
    await t.app.db
      .updateTable('share_views')
      .set({ viewed_at: '2000-01-01T00:00:00.000Z' })
      .where('share_id', '=', jp)
      .execute();
    expect((await t.app.inject({ method: 'POST', url, headers: alice.headers })).json()).toEqual({ views_count: 3 });
  });

  it('orders by every counter and by hotness', async () => {
    const ids = async (ordering: string) =>
      (await list(`ordering=${ordering}`)).results.map((s: { id: number }) => s.id);
    expect((await ids('-likes_count'))[0]).toBe(web);
    expect((await ids('-rating_avg'))[0]).toBe(ml);
    expect((await ids('-views_count'))[0]).toBe(jp);
    expect((await ids('-hot'))[0]).toBe(web);
  });
});

describe('changing and removing a share', () => {
  it('lets the author edit and refuses another user with 403', async () => {
    const url = `/api/community/trees-shared/${jp}/`;
    const denied = await t.app.inject({ method: 'PATCH', url, headers: alice.headers, payload: { title: 'Hijacked' } });
    expect(denied.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bob.headers,
      payload: { title: '日本語 N3 文法まとめ', tags: ['日本語', 'N3'], likes_count: 999, author: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: '日本語 N3 文法まとめ', tags: ['日本語', 'N3'], author: { id: bob.id } });
    expect(ok.json().likes_count).not.toBe(999);
    expect((await list('tags=n3')).results.map((s: { id: number }) => s.id)).toEqual([jp]);
    expect((await list('search=まとめ')).results.map((s: { id: number }) => s.id)).toEqual([jp]);
  });

  it('validates tags', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${jp}/`,
      headers: bob.headers,
      payload: { tags: ['x'.repeat(31)] },
    });
    expect(res.statusCode).toBe(400);
    const tooMany = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${jp}/`,
      headers: bob.headers,
      payload: { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('lists the most used tags, recent ones weighing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community/trees-shared/hot_tags/?limit=2' });
    expect(res.statusCode).toBe(200);
    const tags = res.json() as Array<{ tag: string; count: number }>;
    expect(tags).toHaveLength(2);
    expect(tags[0]).toEqual({ tag: 'AI', count: 2 });
  });

  it("lists the caller's own shares", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/community/trees-shared/my_shares/',
      headers: bob.headers,
    });
    expect(res.json().results.map((s: { id: number }) => s.id)).toEqual([jp]);
  });

  it('lets an admin remove any share and the author their own', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const extra = await insertShare(alice, 'Temp', '', ['tmp']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/community/trees-shared/${extra}/`, headers: bob.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/community/trees-shared/${extra}/`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${extra}/` })).statusCode).toBe(404);
    const tagRows = await t.app.db.selectFrom('share_tags').select('tag').where('share_id', '=', extra).execute();
    expect(tagRows).toEqual([]);
  });
});

describe('abilities sent with a share', () => {
  const abilitiesOf = async (id: number, user: TestUser | null) => {
    const headers = user?.headers ?? {};
    const one = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${id}/`, headers });
    expect(one.statusCode).toBe(200);
    const listed = (await list(`author=${bob.id}`, user ?? undefined)).results.find((s: { id: number }) => s.id === id);
    expect(listed.abilities).toEqual(one.json().abilities);
    return one.json().abilities;
  };

  it('lets the author and an admin update and delete', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const all = { update: true, delete: true, like: true, rate: true, use: true, comment: true, delete_comments: true };
    expect(await abilitiesOf(jp, bob)).toEqual({ ...all, rate: false, review: false, report: false, suggest: false });
    expect(await abilitiesOf(jp, admin)).toEqual({ ...all, review: true, report: true, suggest: true });
  });

  it('lets another user like, rate and use but not update or delete', async () => {
    expect(await abilitiesOf(jp, alice)).toEqual({
      update: false,
      delete: false,
      like: true,
      rate: true,
      use: true,
      review: true,
      comment: true,
      delete_comments: false,
      report: true,
      suggest: true,
    });
  });

  it('lets an anonymous visitor do nothing but read', async () => {
    expect(await abilitiesOf(jp, null)).toEqual({
      update: false,
      delete: false,
      like: false,
      rate: false,
      use: false,
      review: false,
      comment: false,
      delete_comments: false,
      report: false,
      suggest: false,
    });
  });
});

describe('sharing a tree and using a template', () => {
  const treeDoc = {
    format: 1,
    nodes: [
      { id: 'root', parent_id: null, title: 'Rust 入门' },
      { id: 'own', parent_id: 'root', title: 'Ownership', content: '**Borrowing** rules' },
      { id: 'trait', parent_id: 'root', title: 'Traits' },
    ],
  };

  async function createTree(owner: TestUser, title = 'Rust 入门') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: owner.headers,
      payload: { title, tags: ['rust'], data: treeDoc },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; uuid: string };
  }

  it('shares a tree as a snapshot, once per tree, updating it when shared again', async () => {
    const tree = await createTree(alice);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: tree.id, tags: ['Rust', '编程'] },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      title: 'Rust 入门',
      tree: tree.id,
      tags: ['Rust', '编程'],
      node_count: 3,
      author: { id: alice.id },
    });
    // Someone else sees the share but not which tree it came from.
    const seen = (
      await t.app.inject({
        method: 'GET',
        url: `/api/community/trees-shared/${first.json().uuid}/`,
        headers: bob.headers,
      })
    ).json();
    expect(seen.tree).toBeNull();
    expect(seen.data.nodes).toHaveLength(3);

    const patched = { ...treeDoc, nodes: [...treeDoc.nodes, { id: 'async', parent_id: 'root', title: 'Async' }] };
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${tree.id}/`,
      headers: alice.headers,
      payload: { data: patched },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/',
      headers: alice.headers,
      payload: { tree: tree.id, title: 'Rust from zero' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, title: 'Rust from zero', node_count: 4 });
  });

  it('answers 20 concurrent shares of one tree with one 201 and nineteen 200, all about one share', async () => {
    const tree = await createTree(alice, 'Shared from 20 tabs');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/community/trees-shared/share_tree/',
          headers: alice.headers,
          payload: { tree: tree.id, description: `tab ${i}`, tags: [`tab${i}`] },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.app.db.selectFrom('shares').select(['id', 'tags']).where('tree_id', '=', tree.id).execute();
    expect(rows).toHaveLength(1);
    // The tag index holds the tags of the last share written, no leftovers of the others.
    const tagRows = await t.app.db.selectFrom('share_tags').select('tag').where('share_id', '=', rows[0]!.id).execute();
    expect(tagRows.map((r) => r.tag)).toEqual(JSON.parse(rows[0]!.tags));
  });

  it('announces a re-share (share.revised), a use (share.used) and a withdrawal (share.deleted)', async () => {
    const seen: Array<[string, unknown]> = [];
    for (const name of ['share.revised', 'share.used', 'share.deleted'] as const)
      t.app.deps.events.on(name, async (event) => void seen.push([name, event]));
    const tree = await createTree(alice, 'Announced');
    const share = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/community/trees-shared/share_tree/',
        headers: alice.headers,
        payload: { tree: tree.id },
      });
    const first = (await share()).json();
    expect(seen).toEqual([]);
    // (a re-share that changes nothing records no revision: the tree changes first)
    const changed = { ...treeDoc, nodes: [...treeDoc.nodes, { id: 'async', parent_id: 'root', title: 'Async' }] };
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${tree.id}/`,
      headers: alice.headers,
      payload: { data: changed },
    });
    expect(patched.statusCode).toBe(200);
    expect((await share()).statusCode).toBe(200);
    const event = { shareId: first.id, shareUuid: first.uuid, authorId: alice.id };
    const revised = { ...event, revision: 2, message: '' };
    expect(seen).toEqual([['share.revised', revised]]);
    const used = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${first.id}/use_tree/`,
      headers: bob.headers,
      payload: {},
    });
    expect(used.statusCode).toBe(201);
    const usedEvent = { shareId: first.id, treeId: used.json().tree.id, userId: bob.id };
    expect(seen).toEqual([
      ['share.revised', revised],
      ['share.used', usedEvent],
    ]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/trees-shared/${first.id}/`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(seen).toEqual([
      ['share.revised', revised],
      ['share.used', usedEvent],
      ['share.deleted', event],
    ]);
  });

  it("refuses to share someone else's tree with 404", async () => {
    const tree = await createTree(alice, 'Private notes');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: bob.headers,
      payload: { tree: tree.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it('shares a chosen version of a tree', async () => {
    const tree = await createTree(alice, 'Versioned');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${tree.id}/`,
      headers: alice.headers,
      payload: { data: { ...treeDoc, nodes: treeDoc.nodes.slice(0, 1) } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: tree.id, version: 1 },
    });
    expect(res.json().node_count).toBe(3);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: tree.id, version: 99 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("forks the snapshot into the user's own private tree, not the source's later edits", async () => {
    const tree = await createTree(alice, 'Forkable');
    const share = (
      await t.app.inject({
        method: 'POST',
        url: '/api/community/trees-shared/share_tree/',
        headers: alice.headers,
        payload: { tree: tree.id },
      })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${tree.id}/`,
      headers: alice.headers,
      payload: { data: { ...treeDoc, nodes: treeDoc.nodes.slice(0, 1) } },
    });

    const used = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${share.uuid}/use_tree/`,
      headers: bob.headers,
      payload: {},
    });
    expect(used.statusCode).toBe(201);
    const copy = used.json().tree;
    expect(copy).toMatchObject({ title: 'Forkable', visibility: 'private', owner: { id: bob.id }, node_count: 3 });
    const full = (
      await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${copy.id}/`, headers: bob.headers })
    ).json();
    expect(full.data.nodes.map((n: { id: string }) => n.id)).toEqual(['root', 'own', 'trait']);
    const versions = (
      await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree_version/?tree=${copy.id}`, headers: bob.headers })
    ).json();
    expect(versions.results.map((v: { number: number }) => v.number)).toEqual([1]);

    // Editing the copy leaves the source tree alone.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${copy.id}/`,
      headers: bob.headers,
      payload: { title: 'My Rust path' },
    });
    const source = (
      await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${tree.id}/`, headers: alice.headers })
    ).json();
    expect(source.title).toBe('Forkable');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${share.id}/` })).json().uses_count,
    ).toBe(1);
  });

  it('keeps the share as a snapshot when its source tree is deleted', async () => {
    const tree = await createTree(alice, 'Short-lived');
    const share = (
      await t.app.inject({
        method: 'POST',
        url: '/api/community/trees-shared/share_tree/',
        headers: alice.headers,
        payload: { tree: tree.id },
      })
    ).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/tree/skills_tree/${tree.id}/`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${share.id}/`, headers: alice.headers })
    ).json();
    expect(after).toMatchObject({ title: 'Short-lived', tree: null });
    expect(after.data.nodes).toHaveLength(3);
  });

  it('stores a cover sent as a data URL and serves it as an image', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#2f9e44' } })
      .png()
      .toBuffer();
    const tree = await createTree(alice, 'With cover');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: tree.id, cover: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(res.statusCode).toBe(201);
    const coverPath = new URL(res.json().cover_url).pathname;
    const image = await t.app.inject({ method: 'GET', url: coverPath });
    expect(image.headers['content-type']).toBe('image/webp');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: tree.id, cover: 'data:text/html;base64,PHNjcmlwdD4=' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a 1200×630 cover at its size and scales a larger one down to 1200 px wide', async () => {
    const sharp = (await import('sharp')).default;
    const sizeOfCover = async (width: number, height: number) => {
      const webp = await sharp({ create: { width, height, channels: 3, background: '#ecfdf3' } })
        .webp()
        .toBuffer();
      const tree = await createTree(alice, `Cover ${width}`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/community/trees-shared/share_tree/',
        headers: alice.headers,
        payload: { tree: tree.id, tags: ['cover'], cover: `data:image/webp;base64,${webp.toString('base64')}` },
      });
      expect(res.statusCode).toBe(201);
      const image = await t.app.inject({ method: 'GET', url: new URL(res.json().cover_url).pathname });
      const meta = await sharp(image.rawPayload).metadata();
      return [meta.width, meta.height];
    };
    expect(await sizeOfCover(1200, 630)).toEqual([1200, 630]);
    expect(await sizeOfCover(2400, 1260)).toEqual([1200, 630]);
  });
});

describe('sample templates', () => {
  it('seeds an empty community once, from valid documents, authored by a system account', async () => {
    const seeded = await createTestApp({ ARBOR_SEED: '1' });
    try {
      const { seedCommunity } = await import('./shares.seed.ts');
      await seedCommunity(seeded.app.deps);
      await seedCommunity(seeded.app.deps);
      const body = (
        await seeded.app.inject({ method: 'GET', url: '/api/community/trees-shared/?page_size=50' })
      ).json();
      expect(body.count).toBeGreaterThanOrEqual(5);
      expect(new Set(body.results.map((s: { author: { username: string } }) => s.author.username))).toEqual(
        new Set(['arbor']),
      );
      const ml = (
        await seeded.app.inject({
          method: 'GET',
          url: `/api/community/trees-shared/?search=${encodeURIComponent('机器学习')}`,
        })
      ).json();
      expect(ml.count).toBeGreaterThanOrEqual(1);
      // Nobody can log in as the system account.
      const login = await seeded.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: 'arbor', password: 'anything-at-all' },
      });
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await seeded.close();
    }
  });
});

describe('deleting an account', () => {
  it('leaves likes, ratings and shares alone when the deleting transaction rolls back', async () => {
    const leaving = await createUser(t.app, { username: 'almost_leaving' });
    const liked = await insertShare(bob, 'Liked', '', ['kept']);
    const own = await insertShare(leaving, 'Own', '', ['kept']);
    await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${liked}/like/`,
      headers: leaving.headers,
      payload: { liked: true },
    });
    await expect(
      t.app.deps.events.transaction(t.app.db, async (_trx, publish) => {
        await publish('user.deleted', { userId: leaving.id });
        throw new Error('account deletion failed');
      }),
    ).rejects.toThrow('account deletion failed');
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${liked}/` })).json()).toMatchObject({
      likes_count: 1,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${own}/` })).statusCode).toBe(200);
  });

  it("withdraws the user's likes and ratings from other templates' counters and removes their shares", async () => {
    const leaving = await createUser(t.app, { username: 'leaving_user' });
    const stays = await insertShare(bob, 'Stays', '', ['keep']);
    const gone = await insertShare(leaving, 'Goes', '', ['gone']);
    await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${stays}/like/`,
      headers: leaving.headers,
      payload: { liked: true },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${stays}/rate/`,
      headers: leaving.headers,
      payload: { score: 1 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${stays}/rate/`,
      headers: carol.headers,
      payload: { score: 5 },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${stays}/` })).json()).toMatchObject({
      likes_count: 1,
      rating_count: 2,
      rating_avg: 3,
    });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/users/${leaving.id}/`,
      headers: leaving.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${stays}/` })).json()).toMatchObject({
      likes_count: 0,
      rating_count: 1,
      rating_avg: 5,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${gone}/` })).statusCode).toBe(404);
  });
});
