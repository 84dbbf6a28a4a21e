import type { Notification } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../lib/messages/index.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { obtainCode } from '../accounts/testing.ts';
import { NOTIFICATION_TEXTS } from './notifications.presenter.ts';
import { openStream } from './sse-client.testing.ts';
import { HEARTBEAT_MS } from './sse-hub.ts';

let t: TestApp;
let baseUrl: string;
let ann: TestUser; // the template's author, reads Japanese
let bob: TestUser; // writes reviews and comments, reads English
let cat: TestUser; // has no profile: Chinese by default

/** A tree of `by`, shared as a template through the API; answers the template's id. */
async function template(by: TestUser, title: string): Promise<number> {
  const tree = await t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: by.headers,
    payload: { title },
  });
  expect(tree.statusCode, tree.body).toBe(201);
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/community/trees-shared/share_tree/',
    headers: by.headers,
    payload: { tree: tree.json<{ id: number }>().id },
  });
  expect(shared.statusCode, shared.body).toBe(201);
  return shared.json<{ id: number }>().id;
}

async function review(by: TestUser, shareId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/community/trees-shared/${shareId}/reviews/`,
    headers: by.headers,
    payload: { rating: 4, body: 'Clear and well ordered.' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function comment(by: TestUser, shareId: number, parent?: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/community/trees-shared/${shareId}/comments/`,
    headers: by.headers,
    payload: { body: 'A question.', ...(parent ? { parent } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function list(user: TestUser, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications/${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; next: string | null; results: Notification[] }>();
}

async function unread(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications/unread_count/',
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

async function markRead(user: TestUser, payload?: object) {
  return t.app.inject({ method: 'POST', url: '/api/notifications/mark_read/', headers: user.headers, payload });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  ann = await createUser(t.app, { locale: 'ja-JP' });
  bob = await createUser(t.app, { locale: 'en-US' });
  cat = await createUser(t.app);
});
afterAll(async () => t?.close());

describe('notifications', () => {
  it('refuses every call without a login', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/'],
      ['GET', '/api/notifications/unread_count/'],
      ['POST', '/api/notifications/mark_read/'],
      ['GET', '/api/notifications/stream/'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
    const stream = await fetch(`${baseUrl}/api/notifications/stream/`, { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(401);
    expect((await stream.json()) as object).toMatchObject({ code: 'not_authenticated' });
  });

  it("tells a template's author of a review and a comment by someone else, in the author's language", async () => {
    const shareId = await template(ann, 'Algebra');
    await review(bob, shareId);
    await comment(bob, shareId);

    const page = await list(ann);
    expect(page.count).toBe(2);
    const [commented, reviewed] = page.results;
    expect(reviewed).toMatchObject({
      kind: 'review',
      actor: { id: bob.id, username: bob.username },
      target: { kind: 'share', id: shareId, title: 'Algebra' },
      read: false,
    });
    expect(reviewed!.target.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(reviewed!.text).toBe(`${bob.username} さんがあなたのテンプレート「Algebra」をレビューしました。`);
    expect(commented).toMatchObject({ kind: 'comment', actor: { id: bob.id } });
    expect(commented!.text).toBe(`${bob.username} さんがあなたのテンプレート「Algebra」にコメントしました。`);
    expect(commented!.id).toBeGreaterThan(reviewed!.id);
    expect(await unread(ann)).toBe(2);
    // Bob did it all: nothing for him.
    expect((await list(bob)).count).toBe(0);
  });

  it("tells a reviewer of the template author's first reply, in their language, not of its edit or removal", async () => {
    const writer = await createUser(t.app);
    const reader = await createUser(t.app, { locale: 'en-US' });
    const shareId = await template(writer, 'Replied');
    await review(reader, shareId);
    const [reviewed] = (await list(writer)).results;
    const reviewId = (
      await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${shareId}/reviews/` })
    ).json<{ results: Array<{ id: number }> }>().results[0]!.id;
    expect(reviewed).toMatchObject({ kind: 'review' });
    const reply = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/community/reviews/${reviewId}/reply/`,
        headers: writer.headers,
        payload: { body },
      });
    expect((await reply('Thank you!')).statusCode).toBe(200);
    expect((await reply('Thank you, fixed.')).statusCode).toBe(200);
    const { results, count } = await list(reader);
    expect(count).toBe(1);
    expect(results[0]).toMatchObject({
      kind: 'review_reply',
      actor: { id: writer.id },
      target: { kind: 'share', id: shareId, title: 'Replied' },
      text: `${writer.username} replied to your review of "Replied".`,
    });
    expect((await reply('')).statusCode).toBe(200);
    expect((await list(reader)).count).toBe(1);
    // The author hears nothing of their own reply.
    expect((await list(writer)).count).toBe(1);
  });

  it('tells the author of a thread of a reply in it, in Chinese when they chose no language', async () => {
    const shareId = await template(ann, 'Geometry');
    const thread = await comment(cat, shareId);
    await comment(bob, shareId, thread);

    const [reply] = (await list(cat)).results;
    expect(reply).toMatchObject({ kind: 'comment_reply', actor: { id: bob.id }, target: { id: shareId } });
    expect(reply!.text).toBe(`${bob.username} 回复了你在「Geometry」下的评论。`);
    // Ann hears of both comments on her template.
    const annKinds = (await list(ann)).results.filter((n) => n.target.id === shareId).map((n) => n.kind);
    expect(annKinds).toEqual(['comment', 'comment']);
  });

  it('tells a thread author who also wrote the template only of the reply', async () => {
    const shareId = await template(bob, 'Physics');
    const thread = await comment(bob, shareId);
    await comment(cat, shareId, thread);
    const mine = (await list(bob)).results.filter((n) => n.target.id === shareId);
    expect(mine.map((n) => [n.kind, n.text])).toEqual([
      ['comment_reply', `${cat.username} replied to your comment on "Physics".`],
    ]);
  });

  it("names the node of a comment in a node's thread, so that it opens there", async () => {
    const tree = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: ann.headers,
      payload: {
        title: 'Optics',
        data: {
          nodes: [
            { id: 'root', parent_id: null, title: 'Optics' },
            { id: 'lenses', parent_id: 'root', title: 'Lenses' },
          ],
          links: [],
        },
      },
    });
    expect(tree.statusCode, tree.body).toBe(201);
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: ann.headers,
      payload: { tree: tree.json<{ id: number }>().id },
    });
    const shareId = shared.json<{ id: number }>().id;
    const onNode = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${shareId}/comments/`,
      headers: bob.headers,
      payload: { body: 'Which lens first?', node_id: 'lenses' },
    });
    expect(onNode.statusCode, onNode.body).toBe(201);
    await comment(cat, shareId, onNode.json<{ id: number }>().id);
    await comment(bob, shareId);

    const [general, reply, first] = (await list(ann)).results.filter((n) => n.target.id === shareId);
    expect(first).toMatchObject({ kind: 'comment', target: { kind: 'share', id: shareId, node_id: 'lenses' } });
    expect(reply).toMatchObject({ kind: 'comment', target: { node_id: 'lenses' } });
    expect(general!.kind).toBe('comment');
    expect(general!.target).not.toHaveProperty('node_id');
    const [toBob] = (await list(bob)).results.filter((n) => n.target.id === shareId);
    expect(toBob).toMatchObject({ kind: 'comment_reply', target: { node_id: 'lenses' } });
  });

  it('notifies nobody of their own comments, on their own template or in their own thread', async () => {
    const before = { ann: (await list(ann)).count, cat: (await list(cat)).count };
    const shareId = await template(ann, 'Own');
    const thread = await comment(ann, shareId);
    await comment(ann, shareId, thread);
    expect((await list(ann)).count).toBe(before.ann);
    // Cat replies in her own thread on Ann's template: Ann hears of it, Cat does not.
    const catThread = await comment(cat, shareId);
    await comment(cat, shareId, catThread);
    expect((await list(cat)).count).toBe(before.cat);
    expect((await list(ann)).count).toBe(before.ann + 2);
  });

  it('tells an author of a new follower once, in their language, and nobody of an unfollow', async () => {
    const follow = (following: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/community/authors/${ann.username}/follow/`,
        headers: cat.headers,
        payload: { following },
      });
    const before = (await list(ann)).count;
    expect((await follow(true)).statusCode).toBe(200);
    expect((await follow(true)).statusCode).toBe(200);
    expect((await follow(false)).statusCode).toBe(200);
    const { results, count } = await list(ann);
    expect(count).toBe(before + 1);
    expect(results[0]).toMatchObject({
      kind: 'follow',
      actor: { id: cat.id },
      target: { kind: 'user', id: cat.id, title: cat.username },
      text: formatMessage(NOTIFICATION_TEXTS.follow!, 'ja-JP', { actor: cat.username }),
    });
  });

  it('tells an author of a follower at most once a day, however often they unfollow and follow again', async () => {
    const fan = await createUser(t.app);
    const author = await createUser(t.app);
    const follow = (following: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/community/authors/${author.username}/follow/`,
        headers: fan.headers,
        payload: { following },
      });
    for (let i = 0; i < 6; i++) expect((await follow(i % 2 === 0)).statusCode).toBe(200);
    const follows = async () => (await list(author)).results.filter((n) => n.kind === 'follow');
    expect(await follows()).toHaveLength(1);
    // A day later a new follow is told again.
    await t.app.db
      .updateTable('notifications')
      .set({ created_at: t.app.deps.clock.isoIn(-25 * 3600 * 1000) })
      .where('recipient_id', '=', author.id)
      .execute();
    expect((await follow(true)).statusCode).toBe(200);
    expect(await follows()).toHaveLength(2);
  });

  it('tells a reporter, in their language, whether their report was acted on or dismissed, and what to open', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const shareId = await template(ann, 'Reported');
    const commentId = await comment(ann, shareId);
    const fileReport = async (kind: string, id: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/community/reports/',
        headers: bob.headers,
        payload: { target_kind: kind, target_id: id, reason: 'spam' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const resolve = async (reportId: number, action: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/community/reports/${reportId}/resolve/`,
        headers: admin.headers,
        payload: { action },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const text = (detail: string) => formatMessage(NOTIFICATION_TEXTS[`report_resolved:${detail}`]!, 'en-US');

    const before = (await list(bob)).count;
    const onComment = await fileReport('comment', commentId);
    await resolve(onComment, 'hide');
    let [latest] = (await list(bob)).results;
    expect(latest).toMatchObject({
      kind: 'report_resolved',
      actor: null,
      target: { kind: 'share', id: shareId, title: 'Reported' },
      text: text('hide'),
      read: false,
    });
    // Showing it again tells the reporter nothing.
    await resolve(onComment, 'unhide');
    expect((await list(bob)).count).toBe(before + 1);

    const onUser = await fileReport('user', cat.id);
    await resolve(onUser, 'dismiss');
    [latest] = (await list(bob)).results;
    expect(latest).toMatchObject({ target: { kind: 'user', id: cat.id, title: cat.username }, text: text('dismiss') });

    const onShare = await fileReport('share', shareId);
    await resolve(onShare, 'delete');
    [latest] = (await list(bob)).results;
    expect(latest).toMatchObject({ target: { kind: 'report', id: onShare, title: '' }, text: text('delete') });
    expect((await list(bob)).count).toBe(before + 3);
    // Nobody else heard of the outcome (the admin heard of the three reports, below).
    expect((await list(admin)).results.map((n) => n.kind)).toEqual(['report_new', 'report_new', 'report_new']);
  });

  it('tells every active admin but the reporter of a new report, in their language, naming what it is about', async () => {
    const admin = await createUser(t.app, { role: 'admin', locale: 'en-US' });
    const reportingAdmin = await createUser(t.app, { role: 'admin', locale: 'ja-JP' });
    const suspended = await createUser(t.app, { role: 'admin' });
    await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', suspended.id).execute();
    const shareId = await template(ann, 'Spammed');
    const commentId = await comment(ann, shareId);
    const report = async (by: TestUser, kind: string, id: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/community/reports/',
        headers: by.headers,
        payload: { target_kind: kind, target_id: id, reason: 'spam' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };

    const onComment = await report(bob, 'comment', commentId);
    const [latest] = (await list(admin)).results;
    expect(latest).toMatchObject({
      kind: 'report_new',
      actor: { id: bob.id, username: bob.username },
      target: { kind: 'report', id: onComment, title: 'Spammed' },
      text: `${bob.username} reported "Spammed": it waits for moderation.`,
      read: false,
    });
    expect((await list(reportingAdmin)).results[0]).toMatchObject({
      kind: 'report_new',
      text: `${bob.username} さんが「Spammed」を報告しました。モデレーションを待っています。`,
    });

    const before = (await list(reportingAdmin)).count;
    const onUser = await report(reportingAdmin, 'user', cat.id);
    expect((await list(admin)).results[0]).toMatchObject({
      kind: 'report_new',
      target: { kind: 'report', id: onUser, title: cat.username },
    });
    // Nobody hears of their own report; a deactivated admin hears nothing; nor does the content's author.
    expect((await list(reportingAdmin)).count).toBe(before);
    const suspendedRows = await t.app.db
      .selectFrom('notifications')
      .select('id')
      .where('recipient_id', '=', suspended.id)
      .execute();
    expect(suspendedRows).toEqual([]);
    expect((await list(ann)).results.some((n) => n.kind === 'report_new')).toBe(false);
  });

  it('tells a reporter who reads Chinese that an account was suspended', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const dan = await createUser(t.app);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/community/reports/',
      headers: cat.headers,
      payload: { target_kind: 'user', target_id: dan.id, reason: 'abuse' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/reports/${filed.json<{ id: number }>().id}/resolve/`,
      headers: admin.headers,
      payload: { action: 'suspend' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = (await list(cat)).results;
    expect(latest).toMatchObject({
      kind: 'report_resolved',
      target: { kind: 'report' },
      text: '感谢你的举报：管理员已停用该账号。',
    });
  });

  it('lists the unread ones only, page by page, newest first', async () => {
    const all = await list(ann);
    const unreadPage = await list(ann, '?unread=true&page_size=2');
    expect(unreadPage.count).toBe(all.count);
    expect(unreadPage.results.map((n) => n.id)).toEqual(all.results.slice(0, 2).map((n) => n.id));
    expect(unreadPage.next).toContain('page=2');
    const second = await list(ann, '?unread=true&page_size=2&page=2');
    expect(second.results.map((n) => n.id)).toEqual(all.results.slice(2, 4).map((n) => n.id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications/?page=0', headers: ann.headers })).statusCode,
    ).toBe(400);
  });

  it("marks the caller's notifications read, by id or all, and never another user's", async () => {
    const annList = await list(ann);
    const catList = await list(cat);
    const total = annList.count;
    const [first, second] = annList.results;

    // Cat names Ann's ids: nothing of Ann's changes.
    const foreign = await markRead(cat, { ids: [first!.id, second!.id] });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ count: catList.count });
    expect(await unread(ann)).toBe(total);

    const some = await markRead(ann, { ids: [first!.id, 2_000_000] });
    expect(some.json()).toEqual({ count: total - 1 });
    const after = await list(ann);
    expect(after.results.find((n) => n.id === first!.id)!.read).toBe(true);
    expect(after.results.find((n) => n.id === second!.id)!.read).toBe(false);
    expect((await list(ann, '?unread=true')).results.map((n) => n.id)).not.toContain(first!.id);

    expect((await markRead(ann, { ids: [0] })).statusCode).toBe(400);
    const all = await markRead(ann);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 0 });
    expect(await unread(ann)).toBe(0);
    expect((await list(ann, '?unread=true')).count).toBe(0);
    expect(await unread(cat)).toBe(catList.count);
  });

  it("never shows one user another's notifications", async () => {
    const annIds = new Set((await list(ann)).results.map((n) => n.id));
    for (const user of [bob, cat]) {
      for (const n of (await list(user)).results) expect(annIds.has(n.id)).toBe(false);
    }
  });

  it('keeps a notification whose actor left, without the actor, and drops those of a recipient who left', async () => {
    const dan = await createUser(t.app);
    const eve = await createUser(t.app);
    const shareId = await template(cat, 'Leaving');
    await comment(dan, shareId);
    const thread = await comment(eve, shareId);
    await comment(cat, shareId, thread);
    expect((await list(eve)).count).toBe(1);

    await t.app.db.deleteFrom('share_comments').where('author_id', 'in', [dan.id, eve.id]).execute();
    await t.app.db.deleteFrom('users').where('id', 'in', [dan.id, eve.id]).execute();

    const left = (await list(cat)).results.find((n) => n.target.id === shareId && n.kind === 'comment');
    expect(left).toMatchObject({ actor: null, target: { title: 'Leaving' } });
    expect(left!.text).toBe('有人 评论了你的模板「Leaving」。');
    const rows = await t.app.db.selectFrom('notifications').select('id').where('recipient_id', '=', eve.id).execute();
    expect(rows).toEqual([]);
  });

  it('has a sentence in every language for each kind it writes', () => {
    for (const template of Object.values(NOTIFICATION_TEXTS)) {
      for (const locale of ['zh-CN', 'ja-JP'] as const) {
        expect(formatMessage(template, locale, { actor: 'x', title: 'y' }), `${locale}: ${template}`).not.toBe(
          formatMessage(template, 'en-US', { actor: 'x', title: 'y' }),
        );
      }
    }
  });
});

describe('the notification stream', () => {
  it('delivers a notification live over HTTP with its id, and only to its recipient', async () => {
    const annStream = await openStream(baseUrl, ann.token);
    const catStream = await openStream(baseUrl, cat.token);
    expect(annStream.status).toBe(200);
    expect(annStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    const shareId = await template(ann, 'Live');
    await review(bob, shareId);
    const event = await annStream.next();
    expect(event.event).toBe('notification');
    expect(event.data).toMatchObject({ kind: 'review', target: { id: shareId, title: 'Live' }, read: false });
    expect(event.data.text).toContain('「Live」をレビューしました');
    expect(event.id).toBe(String(event.data.id));
    expect((await list(ann)).results[0]).toEqual(event.data);

    await expect(catStream.next(300)).rejects.toThrow('no event');
    annStream.close();
    catStream.close();
  });

  it('replays what came after Last-Event-ID on reconnect, then goes on live', async () => {
    const seen = (await list(ann)).results[0]!.id;
    const shareId = await template(ann, 'Missed');
    await review(bob, shareId);
    await comment(cat, shareId);

    const stream = await openStream(baseUrl, ann.token, seen);
    const replayed = [await stream.next(), await stream.next()];
    expect(replayed.map((e) => e.data.kind)).toEqual(['review', 'comment']);
    expect(replayed.map((e) => Number(e.id))).toEqual([...replayed.map((e) => e.data.id)].sort((a, b) => a - b));
    expect(Number(replayed[0]!.id)).toBeGreaterThan(seen);

    await comment(bob, shareId);
    const live = await stream.next();
    expect(live.data).toMatchObject({ kind: 'comment', actor: { id: bob.id } });
    expect(live.data.id).toBeGreaterThan(replayed[1]!.data.id);
    stream.close();
  });

  it('ends a stream once its session is over (a logout moves the session version on), and no other', async () => {
    const dan = await createUser(t.app);
    const danStream = await openStream(baseUrl, dan.token);
    const annStream = await openStream(baseUrl, ann.token);
    expect(danStream.status).toBe(200);
    const { hub } = t.app.deps.runtime.notifications;
    await hub.endEndedSessions();
    await expect(danStream.next(200)).rejects.toThrow('no event');

    // What a logout, a password change or reset does to the account.
    await t.app.db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .where('id', '=', dan.id)
      .execute();
    // The heartbeat runs this check every 25 s.
    await hub.endEndedSessions();
    expect(await danStream.ended).toBe(true);

    const shareId = await template(ann, 'Still open');
    await review(bob, shareId);
    expect((await annStream.next()).data).toMatchObject({ kind: 'review', target: { id: shareId } });
    annStream.close();
    // A new stream of the ended session is refused.
    const again = await openStream(baseUrl, dan.token);
    expect(again.status).toBe(401);
    again.close();
  });

  it('ends a stream at once on logout, password reset and suspension, without waiting for the heartbeat', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const email = `stream-${Date.now()}@example.com`;
    const [leaving, resetting, suspended] = await Promise.all([
      createUser(t.app),
      createUser(t.app, { email }),
      createUser(t.app),
    ]);
    const streams = await Promise.all([leaving, resetting, suspended].map((u) => openStream(baseUrl, u.token)));
    for (const stream of streams) expect(stream.status).toBe(200);
    const post = (url: string, payload: object, headers?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: headers as Record<string, string> });

    expect((await post('/api/auth/logout/', { refresh: 'none' }, leaving.headers)).statusCode).toBeLessThan(300);
    const code = await obtainCode(t.app, t.database.dataDir, 'ses', 'reset_password', email);
    const reset = await post('/api/auth/password/reset/', { email, code, new_password: 'another-long-password-77' });
    expect(reset.statusCode).toBe(200);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/users/${suspended.id}/`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(patched.statusCode).toBe(200);
    // Each stream was ended by its session's end, well before the heartbeat (25 s) would have checked.
    const endedOrNot = (stream: (typeof streams)[number]) =>
      Promise.race([stream.ended, new Promise<false>((resolve) => setTimeout(() => resolve(false), HEARTBEAT_MS / 2))]);
    for (const stream of streams) expect(await endedOrNot(stream)).toBe(true);
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as { port: number };
    const user = await createUser(other.app);
    const stream = await openStream(`http://127.0.0.1:${port}`, user.token);
    expect(stream.status).toBe(200);
    await other.close();
    expect(await stream.ended).toBe(true);
  });
});
