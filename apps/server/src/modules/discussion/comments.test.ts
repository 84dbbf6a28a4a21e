import { call } from '../../testing/call.ts';
import { randomUUID } from 'node:crypto';
import type { Comment } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../lib/events/events.ts';
import { nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { COMMENTS_PER_MINUTE } from './comments.service.ts';
import { forgetListCounts, newTemplateHotScore, sharesRepository as repo } from '../shares/testing.ts';

let t: TestApp;
let author: TestUser;
let admin: TestUser;
let share: { id: number; uuid: string };
let otherShare: { id: number; uuid: string };
const posted: Array<DomainEventMap['comment.posted']> = [];

const doc = {
  format: 1,
  layout: { direction: 'TB' },
  nodes: [
    { id: 'root', parent_id: null, title: 'Root' },
    { id: 'algebra', parent_id: 'root', title: 'Algebra' },
    { id: 'calculus', parent_id: 'root', title: 'Calculus' },
  ],
  links: [],
};

/** Inserts a template directly, as the seed does: the comment tests need no trees. */
async function insertShare(by: TestUser): Promise<{ id: number; uuid: string }> {
  const uuid = randomUUID();
  const now = nowIso();
  const id = await t.app.db.transaction().execute((trx) =>
    repo.insertShare(trx, {
      uuid,
      tree_id: null,
      author_id: by.id,
      title: 'Maths',
      description: '',
      tags: '[]',
      search_text: 'maths',
      data: JSON.stringify(doc),
      node_count: doc.nodes.length,
      cover_key: null,
      hot_score: newTemplateHotScore(now),
      created_at: now,
      updated_at: now,
    }),
  );
  forgetListCounts(t.app.deps);
  return { id, uuid };
}

const commentsUrl = (s: { id: number } | { uuid: string }, query = '') =>
  `/api/community/trees-shared/${'id' in s ? s.id : s.uuid}/comments/${query}`;

async function post(user: TestUser | null, payload: unknown, on: { id: number } = share) {
  return t.app.inject({ method: 'POST', url: commentsUrl(on), headers: user?.headers, payload: payload as object });
}

/** Posts and expects 201. */
async function comment(user: TestUser, payload: Record<string, unknown>, on: { id: number } = share) {
  const res = await post(user, payload, on);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Comment>();
}

async function list(query: string, on: { id: number } = share) {
  const res = await t.app.inject({ method: 'GET', url: commentsUrl(on, query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; next: string | null; results: Comment[] }>();
}

/** A comment as the public list shows it (read through the API, page by page), or undefined when gone. */
async function fetchComment(id: number): Promise<Comment | undefined> {
  const row = await t.app.db
    .selectFrom('share_comments')
    .select(['share_id', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const scope = row.parent_id === null ? '' : `&parent=${row.parent_id}`;
  for (let page = 1; ; page++) {
    const found = await list(`?page_size=100&page=${page}${scope}`, { id: row.share_id });
    const comment = found.results.find((c) => c.id === id);
    if (comment || !found.next) return comment;
  }
}

const patch = (user: TestUser | null, id: number, payload: unknown) =>
  call(t.app, user, 'PATCH', `/api/community/comments/${id}/`, payload as object);
const remove = (user: TestUser | null, id: number) => call(t.app, user, 'DELETE', `/api/community/comments/${id}/`);

const someone = () => createUser(t.app);

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app, { username: 'template_author' });
  admin = await createUser(t.app, { role: 'admin' });
  share = await insertShare(author);
  otherShare = await insertShare(author);
  t.app.deps.events.on('comment.posted', async (event) => {
    posted.push(event);
  });
});

afterAll(async () => {
  await t.close();
});

describe('reading comments', () => {
  it('is public: anonymous callers list threads', async () => {
    const fresh = await insertShare(author);
    const writer = await someone();
    await comment(writer, { body: 'Hello' }, fresh);
    const page = await list('', fresh);
    expect(page.count).toBe(1);
    expect(page.results[0]!.body).toBe('Hello');
  });

  it('answers 404 for a template that does not exist, by id or uuid', async () => {
    expect((await t.app.inject({ method: 'GET', url: commentsUrl({ id: 999999 }) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: commentsUrl({ uuid: randomUUID() }) })).statusCode).toBe(404);
  });

  it('finds a template by its uuid too', async () => {
    const res = await t.app.inject({ method: 'GET', url: commentsUrl({ uuid: share.uuid }) });
    expect(res.statusCode).toBe(200);
  });

  it('lists top-level comments newest first, without replies, and pages them', async () => {
    const fresh = await insertShare(author);
    const writer = await someone();
    const first = await comment(writer, { body: 'first' }, fresh);
    const second = await comment(writer, { body: 'second' }, fresh);
    await comment(writer, { body: 'a reply', parent: first.id }, fresh);
    const third = await comment(writer, { body: 'third', node_id: 'algebra' }, fresh);
    const page = await list('', fresh);
    expect(page.count).toBe(3);
    expect(page.results.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    const paged = await list('?page_size=2&page=2', fresh);
    expect(paged.results.map((c) => c.id)).toEqual([first.id]);
    expect((await list('?page_size=2', fresh)).next).toContain('page=2');
  });

  it('lists the threads on one node with node_id', async () => {
    const fresh = await insertShare(author);
    const writer = await someone();
    const onAlgebra = await comment(writer, { body: 'algebra', node_id: 'algebra' }, fresh);
    await comment(writer, { body: 'calculus', node_id: 'calculus' }, fresh);
    await comment(writer, { body: 'whole template' }, fresh);
    const page = await list('?node_id=algebra', fresh);
    expect(page.results.map((c) => c.id)).toEqual([onAlgebra.id]);
    expect((await list('?node_id=nowhere', fresh)).count).toBe(0);
  });

  it("lists a thread's replies oldest first with parent", async () => {
    const writer = await someone();
    const head = await comment(writer, { body: 'question' });
    const r1 = await comment(writer, { body: 'r1', parent: head.id });
    const r2 = await comment(writer, { body: 'r2', parent: head.id });
    const page = await list(`?parent=${head.id}`);
    expect(page.count).toBe(2);
    expect(page.results.map((c) => c.id)).toEqual([r1.id, r2.id]);
  });

  it('answers 404 for parent=a reply, or a comment of another template', async () => {
    const writer = await someone();
    const head = await comment(writer, { body: 'question' });
    const reply = await comment(writer, { body: 'answer', parent: head.id });
    const elsewhere = await comment(writer, { body: 'elsewhere' }, otherShare);
    for (const parent of [reply.id, elsewhere.id, 999999]) {
      const res = await t.app.inject({ method: 'GET', url: commentsUrl(share, `?parent=${parent}`) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'No such comment.' });
    }
  });

  it('refuses malformed queries in the error shape', async () => {
    for (const query of ['?parent=abc', '?node_id=a%20b', '?page=0']) {
      const res = await t.app.inject({ method: 'GET', url: commentsUrl(share, query) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', detail: expect.any(String), fields: expect.any(Object) });
    }
  });
});

describe('posting a comment', () => {
  it('needs a login (401 before validation)', async () => {
    const res = await post(null, { body: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('answers 201 with the Comment of the contract', async () => {
    const writer = await someone();
    const before = posted.length;
    const created = await comment(writer, { body: '**Markdown** as written  ' });
    expect(Object.keys(created).sort()).toEqual(
      [
        'author',
        'body',
        'created_at',
        'deleted',
        'edited_at',
        'id',
        'node_id',
        'parent',
        'replies_count',
        'share',
        'abilities',
      ].sort(),
    );
    expect(created).toMatchObject({
      share: share.id,
      node_id: null,
      parent: null,
      author: { id: writer.id, username: expect.any(String), avatar_url: expect.any(String) },
      body: '**Markdown** as written  ',
      edited_at: null,
      deleted: false,
      replies_count: 0,
      abilities: { reply: true, update: true, delete: true, report: false },
    });
    expect(posted.slice(before)).toEqual([
      {
        commentId: created.id,
        shareId: share.id,
        shareAuthorId: author.id,
        authorId: writer.id,
        nodeId: null,
        parentId: null,
        parentAuthorId: null,
      },
    ]);
  });

  it('anchors a comment to a node of the snapshot', async () => {
    const writer = await someone();
    const created = await comment(writer, { body: 'about algebra', node_id: 'algebra' });
    expect(created.node_id).toBe('algebra');
  });

  it('refuses a node id that is not in the snapshot (400 on node_id)', async () => {
    const writer = await someone();
    const res = await post(writer, { body: 'hm', node_id: 'geometry' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid',
      detail: 'This template has no such node.',
      fields: { node_id: ['This template has no such node.'] },
    });
  });

  it('refuses invalid bodies in the contract error shape', async () => {
    const writer = await someone();
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ body: '' }, 'body'],
      [{ body: '   \n ' }, 'body'],
      [{ body: 'x'.repeat(5001) }, 'body'],
      [{ body: 42 }, 'body'],
      [{ body: 'ok', node_id: 'not a node id!' }, 'node_id'],
      [{ body: 'ok', parent: 'one' }, 'parent'],
      [{ body: 'ok', parent: 0 }, 'parent'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(writer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = res.json();
      expect(error).toMatchObject({ code: 'invalid', detail: expect.any(String) });
      expect(Object.keys(error.fields)).toEqual([field]);
    }
    expect((await post(writer, { body: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('answers the messages in the language of Accept-Language', async () => {
    const writer = await someone();
    const res = await t.app.inject({
      method: 'POST',
      url: commentsUrl(share),
      headers: { ...writer.headers, 'accept-language': 'zh-CN' },
      payload: { body: 'x', node_id: 'geometry' },
    });
    expect(res.json().detail).toBe('此模板中没有该节点。');
  });

  it('answers 404 on a template that does not exist', async () => {
    const writer = await someone();
    expect((await post(writer, { body: 'hi' }, { id: 999999 })).statusCode).toBe(404);
  });
});

describe('threads', () => {
  it('a reply joins the thread and counts in replies_count', async () => {
    const asker = await someone();
    const answerer = await someone();
    const head = await comment(asker, { body: 'question', node_id: 'calculus' });
    const before = posted.length;
    const reply = await comment(answerer, { body: 'answer', parent: head.id });
    expect(reply).toMatchObject({ parent: head.id, node_id: 'calculus', replies_count: 0 });
    expect((await fetchComment(head.id))!.replies_count).toBe(1);
    expect(posted.slice(before)).toEqual([
      expect.objectContaining({ commentId: reply.id, parentId: head.id, parentAuthorId: asker.id, nodeId: 'calculus' }),
    ]);
  });

  it('a reply to a reply joins the same top-level thread', async () => {
    const writer = await someone();
    const head = await comment(writer, { body: 'question' });
    const reply = await comment(writer, { body: 'answer', parent: head.id });
    const nested = await comment(writer, { body: 'follow-up', parent: reply.id });
    expect(nested.parent).toBe(head.id);
    expect((await fetchComment(head.id))!.replies_count).toBe(2);
    expect((await fetchComment(reply.id))!.replies_count).toBe(0);
  });

  it('a reply takes its thread node; another node id is refused', async () => {
    const writer = await someone();
    const head = await comment(writer, { body: 'question', node_id: 'algebra' });
    expect((await comment(writer, { body: 'same', parent: head.id, node_id: 'algebra' })).node_id).toBe('algebra');
    const res = await post(writer, { body: 'other', parent: head.id, node_id: 'calculus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ node_id: ['A reply is about the node of its thread.'] });
  });

  it('refuses a parent on another template, or one that does not exist (400 on parent)', async () => {
    const writer = await someone();
    const elsewhere = await comment(writer, { body: 'elsewhere' }, otherShare);
    for (const parent of [elsewhere.id, 999999]) {
      const res = await post(writer, { body: 'reply', parent });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid',
        detail: 'The parent must be a comment on this template.',
        fields: { parent: ['The parent must be a comment on this template.'] },
      });
    }
  });

  it('keeps replies_count exact under concurrent replies and deletions', async () => {
    const writers = await Promise.all([someone(), someone(), someone()]);
    const head = await comment(writers[0]!, { body: 'busy thread' });
    const results = await Promise.all(
      writers.flatMap((w) => Array.from({ length: 8 }, (_, i) => post(w, { body: `reply ${i}`, parent: head.id }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    expect((await fetchComment(head.id))!.replies_count).toBe(24);
    expect((await list(`?parent=${head.id}`)).count).toBe(24);
    const replies = results.map((r) => r.json<Comment>());
    const gone = await Promise.all(
      replies.slice(0, 10).map((r) =>
        remove(
          writers.find((w) => w.id === r.author!.id)!,
          r.id,
        ),
      ),
    );
    expect(gone.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    expect((await fetchComment(head.id))!.replies_count).toBe(14);
    expect((await list(`?parent=${head.id}`)).count).toBe(14);
  });
});

describe('editing a comment', () => {
  it('needs a login', async () => {
    expect((await patch(null, 1, { body: 'x' })).statusCode).toBe(401);
  });

  it('lets its author edit it and sets edited_at', async () => {
    const writer = await someone();
    const created = await comment(writer, { body: 'typo' });
    const res = await patch(writer, created.id, { body: 'fixed' });
    expect(res.statusCode).toBe(200);
    const edited = res.json<Comment>();
    expect(edited).toMatchObject({ id: created.id, body: 'fixed', created_at: created.created_at });
    expect(edited.edited_at).toEqual(expect.any(String));
    expect((await fetchComment(created.id))!.body).toBe('fixed');
  });

  it("refuses someone else's comment, even to the template's author and an admin (403)", async () => {
    const writer = await someone();
    const created = await comment(writer, { body: 'mine' });
    for (const user of [await someone(), author, admin]) {
      const res = await patch(user, created.id, { body: 'theirs' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'permission_denied' });
    }
    expect((await fetchComment(created.id))!).toMatchObject({ body: 'mine', edited_at: null });
  });

  it('refuses an invalid body and answers 404 for a missing comment', async () => {
    const writer = await someone();
    const created = await comment(writer, { body: 'mine' });
    const res = await patch(writer, created.id, { body: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', fields: { body: expect.any(Array) } });
    expect((await patch(writer, 999999, { body: 'x' })).statusCode).toBe(404);
    expect((await patch(writer, 0, { body: 'x' })).statusCode).toBe(400);
  });
});

describe('deleting a comment', () => {
  it('needs a login', async () => {
    expect((await remove(null, 1)).statusCode).toBe(401);
  });

  it('removes a comment without replies (its author)', async () => {
    const writer = await someone();
    const created = await comment(writer, { body: 'bye' });
    expect((await remove(writer, created.id)).statusCode).toBe(204);
    expect(await fetchComment(created.id)).toBeUndefined();
    expect((await remove(writer, created.id)).statusCode).toBe(404);
  });

  it('refuses other users (403) and lets the template author and an admin delete', async () => {
    const writer = await someone();
    const a = await comment(writer, { body: 'a' });
    const b = await comment(writer, { body: 'b' });
    const res = await remove(await someone(), a.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'permission_denied' });
    // The author of another template has no say here.
    const otherAuthor = await someone();
    const theirs = await insertShare(otherAuthor);
    const onTheirs = await comment(writer, { body: 'c' }, theirs);
    expect((await remove(otherAuthor, a.id)).statusCode).toBe(403);
    expect((await remove(author, a.id)).statusCode).toBe(204);
    expect((await remove(admin, b.id)).statusCode).toBe(204);
    expect((await remove(otherAuthor, onTheirs.id)).statusCode).toBe(204);
  });

  it('keeps a top-level comment with replies as deleted, then removes it with its last reply', async () => {
    const asker = await someone();
    const answerer = await someone();
    const head = await comment(asker, { body: 'question', node_id: 'root' });
    const reply = await comment(answerer, { body: 'answer', parent: head.id });
    expect((await remove(asker, head.id)).statusCode).toBe(204);
    const kept = (await fetchComment(head.id))!;
    expect(kept).toMatchObject({ deleted: true, body: '', author: null, replies_count: 1, node_id: 'root' });
    expect((await list(`?parent=${head.id}`)).results.map((c) => c.id)).toEqual([reply.id]);
    // Nobody owns it any more: nothing left to edit or delete.
    expect((await patch(asker, head.id, { body: 'again' })).statusCode).toBe(404);
    expect((await remove(admin, head.id)).statusCode).toBe(404);
    // A reply to the thread is still possible.
    const late = await comment(answerer, { body: 'still here', parent: head.id });
    expect((await fetchComment(head.id))!.replies_count).toBe(2);
    expect((await remove(answerer, reply.id)).statusCode).toBe(204);
    expect((await fetchComment(head.id))!.replies_count).toBe(1);
    expect((await remove(answerer, late.id)).statusCode).toBe(204);
    expect(await fetchComment(head.id)).toBeUndefined();
  });

  it("deleting a reply lowers its thread's replies_count", async () => {
    const writer = await someone();
    const head = await comment(writer, { body: 'question' });
    const reply = await comment(writer, { body: 'answer', parent: head.id });
    expect((await remove(writer, reply.id)).statusCode).toBe(204);
    expect((await fetchComment(head.id))!).toMatchObject({ replies_count: 0, deleted: false });
  });

  it('go with their template when it is withdrawn', async () => {
    const owner = await someone();
    const doomed = await insertShare(owner);
    const writer = await someone();
    const head = await comment(writer, { body: 'q' }, doomed);
    await comment(writer, { body: 'a', parent: head.id }, doomed);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/trees-shared/${doomed.id}/`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    const left = await t.app.db.selectFrom('share_comments').select('id').where('share_id', '=', doomed.id).execute();
    expect(left).toEqual([]);
  });
});

describe('comment counts per node', () => {
  it('counts comments and replies per node, not deleted ones (public)', async () => {
    const fresh = await insertShare(author);
    const writer = await someone();
    const head = await comment(writer, { body: 'q', node_id: 'algebra' }, fresh);
    await comment(writer, { body: 'a', parent: head.id }, fresh);
    await comment(writer, { body: 'q2', node_id: 'algebra' }, fresh);
    await comment(writer, { body: 'c', node_id: 'calculus' }, fresh);
    await comment(writer, { body: 'general' }, fresh);
    const url = `/api/community/trees-shared/${fresh.uuid}/comments/node_counts/`;
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ algebra: 3, calculus: 1 });
    expect((await remove(writer, head.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ algebra: 2, calculus: 1 });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/community/trees-shared/999999/comments/node_counts/`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it(`allows ${COMMENTS_PER_MINUTE} comments a minute per user, then 429 throttled`, async () => {
    const chatty = await someone();
    // Refused comments are not counted.
    expect((await post(chatty, { body: 'x', node_id: 'geometry' })).statusCode).toBe(400);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) await comment(chatty, { body: `#${i}` });
    const announced = posted.length;
    const res = await post(chatty, { body: 'one too many' });
    expect(res.statusCode).toBe(429);
    expect(posted.length).toBe(announced);
    expect(res.json()).toMatchObject({ code: 'throttled' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not held back, and editing is not limited.
    await comment(await someone(), { body: 'mine' });
    const count = await t.app.db
      .selectFrom('share_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('author_id', '=', chatty.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(COMMENTS_PER_MINUTE);
  });
});

describe('account deletion', () => {
  it("removes a deleted user's comments and keeps their threads with replies readable", async () => {
    const leaving = await someone();
    const staying = await someone();
    const fresh = await insertShare(author);
    const discussed = await comment(leaving, { body: 'discussed', node_id: 'algebra' }, fresh);
    const answer = await comment(staying, { body: 'answer', parent: discussed.id }, fresh);
    const lonely = await comment(leaving, { body: 'lonely' }, fresh);
    const othersThread = await comment(staying, { body: 'their question' }, fresh);
    await comment(leaving, { body: 'my reply', parent: othersThread.id }, fresh);
    const kept = await comment(staying, { body: 'kept reply', parent: othersThread.id }, fresh);
    // A deleted thread whose only reply is the leaving user's goes entirely.
    const abandoned = await comment(staying, { body: 'abandoned' }, fresh);
    await comment(leaving, { body: 'only reply', parent: abandoned.id }, fresh);
    expect((await remove(staying, abandoned.id)).statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/users/${leaving.id}/`,
      headers: leaving.headers,
    });
    expect(res.statusCode, res.body).toBe(204);

    const threads = await list('?page_size=100', fresh);
    expect(threads.results.map((c) => c.id)).toEqual([othersThread.id, discussed.id]);
    expect(threads.results.find((c) => c.id === discussed.id)).toMatchObject({
      deleted: true,
      body: '',
      author: null,
      replies_count: 1,
    });
    expect((await list(`?parent=${discussed.id}`, fresh)).results.map((c) => c.id)).toEqual([answer.id]);
    expect(threads.results.find((c) => c.id === othersThread.id)!.replies_count).toBe(1);
    expect((await list(`?parent=${othersThread.id}`, fresh)).results.map((c) => c.id)).toEqual([kept.id]);
    expect(await fetchComment(lonely.id)).toBeUndefined();
    const orphans = await t.app.db
      .selectFrom('share_comments')
      .select('id')
      .where('author_id', '=', leaving.id)
      .execute();
    expect(orphans).toEqual([]);
  });
});
