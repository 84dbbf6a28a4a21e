import { call } from '../../testing/call.ts';
// Moderation (API.md "Community review", **Moderation**): reports, their resolution by admins, the
// log, and hidden templates, reviews and comments leaving every list, search, hot tag and count for
// everyone but their author and admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../lib/events/events.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { insertTaggedTemplate } from '../shares/testing.ts';
import { REPORTS_PER_USER_DAY } from './moderation.service.ts';

let t: TestApp;
let author: TestUser;
let reviewer: TestUser;
let other: TestUser;
let admin: TestUser;
let share: { id: number; uuid: string };
const resolved: Array<DomainEventMap['report.resolved']> = [];

/** Inserts a template directly, with a title and a tag nothing else in this file uses. */
const insertShare = (by: TestUser, title: string, tag: string) =>
  insertTaggedTemplate(t.app, { authorId: by.id, title, tag });

const get = (url: string, user?: TestUser | null) => call(t.app, user, 'GET', url);
const post = (url: string, payload: object, user?: TestUser | null) => call(t.app, user, 'POST', url, payload);
const report = (user: TestUser | null, kind: string, id: number, reason = 'spam') =>
  post('/api/community/reports/', { target_kind: kind, target_id: id, reason }, user);
const resolve = (id: number, action: string, user: TestUser | null = admin, note?: string) =>
  post(`/api/community/reports/${id}/resolve/`, note === undefined ? { action } : { action, note }, user);
const shareUrl = (s: { id: number }) => `/api/community/trees-shared/${s.id}/`;

/** Files a report by `by` and resolves it with `action`. */
async function moderate(by: TestUser, kind: string, id: number, action: string) {
  const filed = await report(by, kind, id, 'abuse');
  expect(filed.statusCode).toBe(201);
  const res = await resolve(filed.json().id, action);
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app);
  reviewer = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  share = await insertShare(author, 'Zebrafishmod anatomy', 'zebramodtag');
  t.app.deps.events.on('report.resolved', async (event) => {
    resolved.push(event);
  });
});
afterAll(async () => t?.close());

describe('access', () => {
  it('answers 401 without a token and 403 to a user on the admin calls', async () => {
    expect((await report(null, 'share', share.id)).statusCode).toBe(401);
    for (const user of [null, other]) {
      const status = user ? 403 : 401;
      expect((await get('/api/community/reports/', user)).statusCode).toBe(status);
      expect((await get('/api/community/moderation-log/', user)).statusCode).toBe(status);
      expect((await resolve(1, 'dismiss', user)).statusCode).toBe(status);
    }
  });
});

describe('reports', () => {
  it('files a report (201) and refuses a second open one of the same target (409)', async () => {
    const res = await report(other, 'share', share.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      target: { kind: 'share', id: share.id },
      reason: 'spam',
      details: '',
      status: 'open',
      action: null,
      reporter: { id: other.id },
      resolved_at: null,
    });
    expect((await report(other, 'share', share.id)).statusCode).toBe(409);
    // Once resolved, the same target may be reported again.
    expect((await resolve(res.json().id, 'dismiss')).json()).toMatchObject({ status: 'resolved', action: 'dismiss' });
    expect((await report(other, 'share', share.id)).statusCode).toBe(201);
  });

  it('answers 404 for an unknown target and 400 for one’s own content or oneself', async () => {
    for (const kind of ['share', 'review', 'comment', 'user']) {
      expect((await report(other, kind, 999_999)).statusCode).toBe(404);
    }
    expect((await report(author, 'share', share.id)).statusCode).toBe(400);
    expect((await report(author, 'user', author.id)).statusCode).toBe(400);
  });

  it('lists reports for admins by status, newest first', async () => {
    const open = (await get('/api/community/reports/?status=open', admin)).json();
    expect(open.results.every((r: { status: string }) => r.status === 'open')).toBe(true);
    const resolvedList = (await get('/api/community/reports/?status=resolved', admin)).json();
    expect(resolvedList.results.every((r: { status: string }) => r.status === 'resolved')).toBe(true);
    const all = (await get('/api/community/reports/', admin)).json();
    expect(all.count).toBe(open.count + resolvedList.count);
  });

  it(`takes ${REPORTS_PER_USER_DAY} reports a day per user, then 429`, async () => {
    const busy = await createUser(t.app);
    for (let i = 0; i < REPORTS_PER_USER_DAY; i++) {
      const target = await createUser(t.app);
      expect((await report(busy, 'user', target.id)).statusCode).toBe(201);
    }
    const last = await createUser(t.app);
    const res = await report(busy, 'user', last.id);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('throttled');
  });
});

describe('a hidden template', () => {
  const search = (user: TestUser | null) => get('/api/community/trees-shared/?search=zebrafishmod', user);
  const tagged = (user: TestUser | null) => get('/api/community/trees-shared/?tags=zebramodtag', user);
  const hotTags = async () =>
    ((await get('/api/community/trees-shared/hot_tags/?limit=100')).json() as Array<{ tag: string }>).map((x) => x.tag);

  it('is gone for others and anonymous, and shown with hidden: true to its author and admins; unhide restores it', async () => {
    expect((await search(null)).json().count).toBe(1);
    expect(await hotTags()).toContain('zebramodtag');
    const hid = await moderate(reviewer, 'share', share.id, 'hide');
    for (const user of [null, other]) {
      expect((await search(user)).json().count).toBe(0);
      expect((await tagged(user)).json().count).toBe(0);
      expect((await get(shareUrl(share), user)).statusCode).toBe(404);
      expect((await get(`/api/community/trees-shared/${share.uuid}/`, user)).statusCode).toBe(404);
      expect((await get(`${shareUrl(share)}reviews/`, user)).statusCode).toBe(404);
      expect((await get(`${shareUrl(share)}comments/`, user)).statusCode).toBe(404);
    }
    expect((await post(`${shareUrl(share)}like/`, { liked: true }, other)).statusCode).toBe(404);
    expect(await hotTags()).not.toContain('zebramodtag');
    for (const user of [author, admin]) {
      expect((await get(shareUrl(share), user)).json().hidden).toBe(true);
      const listed = (await search(user)).json();
      expect(listed.count).toBe(1);
      expect(listed.results[0].hidden).toBe(true);
    }
    expect((await get('/api/community/trees-shared/my_shares/', author)).json().results[0].hidden).toBe(true);

    // Nobody else can report what they cannot see: the report that hid it is resolved again.
    expect((await report(other, 'share', share.id)).statusCode).toBe(404);
    expect((await resolve(hid.id, 'unhide')).json()).toMatchObject({ status: 'resolved', action: 'unhide' });
    for (const user of [null, other, author]) {
      expect((await search(user)).json().count).toBe(1);
      expect((await get(shareUrl(share), user)).json()).not.toHaveProperty('hidden');
    }
    expect(await hotTags()).toContain('zebramodtag');
  });
});

describe('a hidden review', () => {
  it('leaves the list and the rating counters for others, stays visible to its author and admins, and comes back exactly', async () => {
    const reviews = `${shareUrl(share)}reviews/`;
    const mine = await post(reviews, { rating: 5, body: 'Great' }, reviewer);
    expect(mine.statusCode).toBe(201);
    expect((await post(reviews, { rating: 2, body: 'Meh' }, other)).statusCode).toBe(201);
    const before = (await get(shareUrl(share))).json();
    expect(before).toMatchObject({ rating_avg: 3.5, rating_count: 2 });

    const hid = await moderate(other, 'review', mine.json().id, 'hide');
    const after = (await get(shareUrl(share))).json();
    expect(after).toMatchObject({ rating_avg: 2, rating_count: 1 });
    for (const user of [null, other]) {
      const list = (await get(reviews, user)).json();
      expect(list.count).toBe(1);
      expect(list.results.map((r: { id: number }) => r.id)).not.toContain(mine.json().id);
    }
    for (const user of [reviewer, admin]) {
      const list = (await get(reviews, user)).json();
      expect(list.count).toBe(2);
      expect(list.results.find((r: { id: number }) => r.id === mine.json().id).hidden).toBe(true);
    }
    // Its author cannot change it (404) nor write it again (409) while it is hidden.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/community/reviews/${mine.json().id}/`,
          headers: reviewer.headers,
          payload: { body: 'Edited' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(reviews, { rating: 1, body: 'Again' }, reviewer)).statusCode).toBe(409);

    expect((await resolve(hid.id, 'unhide')).statusCode).toBe(200);
    expect((await get(shareUrl(share))).json()).toMatchObject({
      rating_avg: before.rating_avg,
      rating_count: before.rating_count,
    });
    expect((await get(reviews)).json().count).toBe(2);
  });
});

describe('a hidden review rated again through /rate/', () => {
  it('keeps the counters without it, and brings the new score back on unhide', async () => {
    const target = await insertShare(author, 'Reratedmod', 'reratedmodtag');
    const reviews = `${shareUrl(target)}reviews/`;
    const mine = (await post(reviews, { rating: 5, body: 'Great' }, reviewer)).json();
    expect((await post(`${shareUrl(target)}rate/`, { score: 2 }, other)).statusCode).toBe(200);
    const hid = await moderate(other, 'review', mine.id, 'hide');
    const rated = await post(`${shareUrl(target)}rate/`, { score: 4 }, reviewer);
    expect(rated.json()).toMatchObject({ my_rating: 4, rating_avg: 2, rating_count: 1 });
    expect((await get(shareUrl(target))).json()).toMatchObject({ rating_avg: 2, rating_count: 1 });
    await resolve(hid.id, 'unhide');
    expect((await get(shareUrl(target))).json()).toMatchObject({ rating_avg: 3, rating_count: 2 });
  });
});

describe('a hidden comment', () => {
  it('leaves lists and counts for others, stays visible to its author and admins, and comes back exactly', async () => {
    const comments = `${shareUrl(share)}comments/`;
    const head = (await post(comments, { body: 'A question', node_id: 'root' }, reviewer)).json();
    const reply = (await post(comments, { body: 'An answer', parent: head.id }, other)).json();
    const counts = () => get(`${comments.replace('comments/', 'comments/node_counts/')}`);
    const replies = (user: TestUser | null) => get(`${comments}?parent=${head.id}`, user);
    expect((await counts()).json()).toEqual({ root: 2 });

    const hidReply = await moderate(author, 'comment', reply.id, 'hide');
    expect((await counts()).json()).toEqual({ root: 1 });
    for (const user of [null, reviewer]) {
      expect((await replies(user)).json().count).toBe(0);
      expect((await get(comments, user)).json().results[0].replies_count).toBe(0);
    }
    for (const user of [other, admin]) {
      const list = (await replies(user)).json();
      expect(list.count).toBe(1);
      expect(list.results[0].hidden).toBe(true);
    }

    const hidHead = await moderate(author, 'comment', head.id, 'hide');
    expect((await counts()).json()).toEqual({});
    expect((await get(comments)).json().count).toBe(0);
    expect((await replies(null)).statusCode).toBe(404);
    expect((await get(comments, reviewer)).json().results[0].hidden).toBe(true);

    expect((await resolve(hidHead.id, 'unhide')).statusCode).toBe(200);
    expect((await resolve(hidReply.id, 'unhide')).statusCode).toBe(200);
    expect((await counts()).json()).toEqual({ root: 2 });
    const restored = (await get(comments)).json();
    expect(restored.count).toBe(1);
    expect(restored.results[0].replies_count).toBe(1);
    expect(restored.results[0]).not.toHaveProperty('hidden');
    expect((await replies(null)).json().count).toBe(1);
  });
});

describe('delete and suspend', () => {
  it('deletes a reported template as withdrawing it does', async () => {
    const doomed = await insertShare(other, 'Doomedmod', 'doomedmodtag');
    await moderate(reviewer, 'share', doomed.id, 'delete');
    for (const user of [null, other, admin]) expect((await get(shareUrl(doomed), user)).statusCode).toBe(404);
  });

  it('deletes a reported review and its rating', async () => {
    const target = await insertShare(author, 'Reviewedmod', 'reviewedmodtag');
    const review = (await post(`${shareUrl(target)}reviews/`, { rating: 4, body: 'Spam spam' }, other)).json();
    await moderate(reviewer, 'review', review.id, 'delete');
    expect((await get(shareUrl(target))).json()).toMatchObject({ rating_avg: 0, rating_count: 0 });
    expect((await get(`${shareUrl(target)}reviews/`, admin)).json().count).toBe(0);
  });

  it('deletes a reported comment as its delete does, hidden or not, and its thread loses it from its count', async () => {
    const target = await insertShare(author, 'Commentedmod', 'commentedmodtag');
    const comments = `${shareUrl(target)}comments/`;
    const head = (await post(comments, { body: 'Head', node_id: 'root' }, reviewer)).json();
    const replies = [
      (await post(comments, { body: 'Spam one', parent: head.id }, other)).json(),
      (await post(comments, { body: 'Spam two', parent: head.id }, other)).json(),
    ];
    const hid = await moderate(author, 'comment', replies[0].id, 'hide');
    expect((await resolve(hid.id, 'delete')).statusCode).toBe(200);
    await moderate(author, 'comment', replies[1].id, 'delete');
    const list = (await get(comments, admin)).json();
    expect(list.results[0].replies_count).toBe(0);
    expect((await get(`${comments}?parent=${head.id}`, admin)).json().count).toBe(0);
    expect((await get(`${comments}node_counts/`)).json()).toEqual({ root: 1 });
  });

  it('suspends a reported user: their token stops working; suspend is for users only', async () => {
    const target = await insertShare(author, 'Suspendmod', 'suspendmodtag');
    const filed = (await report(other, 'share', target.id)).json();
    expect((await resolve(filed.id, 'suspend')).statusCode).toBe(400);
    const bad = await createUser(t.app);
    const filedUser = (await report(other, 'user', bad.id)).json();
    expect((await resolve(filedUser.id, 'hide')).statusCode).toBe(400);
    expect((await get('/api/community/trees-shared/my_shares/', bad)).statusCode).toBe(200);
    resolved.length = 0;
    const res = await resolve(filedUser.id, 'suspend', admin, 'spam account');
    expect(res.json()).toMatchObject({ status: 'resolved', action: 'suspend' });
    expect(resolved).toEqual([
      { reportId: filedUser.id, reporterId: other.id, action: 'suspend', targetKind: 'user', targetId: bad.id },
    ]);
    expect((await get('/api/community/trees-shared/my_shares/', bad)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown report', async () => {
    expect((await resolve(999_999, 'dismiss')).statusCode).toBe(404);
  });
});

describe('the moderation log', () => {
  it('records each action, newest first, with its admin, target and note', async () => {
    const log = (await get('/api/community/moderation-log/', admin)).json();
    expect(log[0]).toMatchObject({
      admin: { id: admin.id },
      action: 'suspend',
      target: { kind: 'user' },
      note: 'spam account',
    });
    const actions = log.map((e: { action: string }) => e.action);
    for (const action of ['dismiss', 'hide', 'unhide', 'delete', 'suspend']) expect(actions).toContain(action);
    expect(
      log
        .filter((e: { target: { kind: string; id: number } }) => e.target.kind === 'share' && e.target.id === share.id)
        .map((e: { action: string }) => e.action),
    ).toEqual(['unhide', 'hide', 'dismiss']);
  });
});

describe('the moderation queue', () => {
  it('shows admins each reported item as it is now (text, stars, author, template), null once it is gone', async () => {
    const queued = await insertShare(author, 'Queued template', 'queuemodtag');
    const reviewed = await post(`${shareUrl(queued)}reviews/`, { rating: 2, body: 'Copied from *elsewhere*' }, other);
    expect(reviewed.statusCode).toBe(201);
    const commented = await post(`${shareUrl(queued)}comments/`, { body: 'Buy pills' }, other);
    expect(commented.statusCode).toBe(201);
    const filed = async (kind: string, id: number) => {
      const res = await report(reviewer, kind, id);
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('subject');
      return res.json().id as number;
    };
    const onShare = await filed('share', queued.id);
    const onReview = await filed('review', reviewed.json().id);
    const onComment = await filed('comment', commented.json().id);
    const onUser = await filed('user', other.id);

    const list = (await get('/api/community/reports/?status=open&page_size=100', admin)).json();
    const subjectOf = (id: number) => list.results.find((r: { id: number }) => r.id === id).subject;
    const shareRef = { id: queued.id, uuid: queued.uuid, title: 'Queued template' };
    expect(subjectOf(onShare)).toMatchObject({ title: 'Queued template', author: { id: author.id }, share: shareRef });
    expect(subjectOf(onReview)).toMatchObject({
      title: 'Queued template',
      text: 'Copied from *elsewhere*',
      rating: 2,
      author: { id: other.id },
      share: shareRef,
      hidden: false,
    });
    expect(subjectOf(onComment)).toMatchObject({ text: 'Buy pills', author: { id: other.id }, share: shareRef });
    expect(subjectOf(onUser)).toMatchObject({ title: other.username, text: '', share: null, hidden: false });

    const hid = await resolve(onComment, 'hide');
    expect(hid.json().subject).toMatchObject({ text: 'Buy pills', hidden: true });
    const deleted = await resolve(onReview, 'delete');
    expect(deleted.json().subject).toBeNull();
  });
});
