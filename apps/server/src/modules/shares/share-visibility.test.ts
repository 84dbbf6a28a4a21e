import { call as callApi } from '../../testing/call.ts';
// The one visibility rule of templates (API.md "Moderation"): every endpoint that returns or counts a
// `Share` leaves a hidden template out for everyone but its author and admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { insertTaggedTemplate } from './templates.testing.ts';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
let admin: TestUser;
let hidden: { id: number; uuid: string };
let shown: { id: number; uuid: string };
let readerList: { id: number; uuid: string };
let adminList: { id: number; uuid: string };
const TAG = 'hiddenrulecheck';
const HIDDEN_TITLE = 'Quillwort hidden anatomy';

type Viewer = 'anonymous' | 'reader' | 'author' | 'admin';
const VIEWERS: Viewer[] = ['anonymous', 'reader', 'author', 'admin'];
const userOf = (viewer: Viewer): TestUser | null => (viewer === 'anonymous' ? null : { reader, author, admin }[viewer]);
/** Who may see a hidden template: its author and admins. */
const maySee = (viewer: Viewer) => viewer === 'author' || viewer === 'admin';

const call = (method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object) =>
  callApi(t.app, user, method, url, payload);
const json = async (url: string, user: TestUser | null) => {
  const res = await call('GET', url, user);
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const ids = (results: Array<{ id: number }>) => results.map((s) => s.id);

const insertShare = (title: string) => insertTaggedTemplate(t.app, { authorId: author.id, title, tag: TAG });

async function publicCollection(owner: TestUser): Promise<{ id: number; uuid: string }> {
  const res = await call('POST', '/api/community/collections/', owner, { title: 'Reading', visibility: 'public' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app);
  reader = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  hidden = await insertShare(HIDDEN_TITLE);
  shown = await insertShare('Quillwort visible basics');
  readerList = await publicCollection(reader);
  adminList = await publicCollection(admin);
  for (const follower of [reader, admin]) {
    const res = await call('POST', `/api/community/authors/${author.username}/follow/`, follower, { following: true });
    expect(res.statusCode).toBe(200);
  }
  // Before it is hidden, the reader likes the template and keeps it in a public collection.
  expect(
    (await call('POST', `/api/community/trees-shared/${hidden.id}/like/`, reader, { liked: true })).statusCode,
  ).toBe(200);
  for (const share of [hidden, shown]) {
    const res = await call('POST', `/api/community/collections/${readerList.id}/items/`, reader, { share: share.id });
    expect(res.statusCode).toBe(201);
  }
  const report = await call('POST', '/api/community/reports/', reader, {
    target_kind: 'share',
    target_id: hidden.id,
    reason: 'spam',
  });
  expect(report.statusCode).toBe(201);
  const resolved = await call('POST', `/api/community/reports/${report.json().id}/resolve/`, admin, { action: 'hide' });
  expect(resolved.statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe.each(VIEWERS)('a hidden template, as seen by %s', (viewer) => {
  const expected = () => maySee(viewer);

  it('is in the community list, its search, tag and author filters (with counts to match) only when allowed', async () => {
    const user = userOf(viewer);
    for (const query of [
      '?page_size=100',
      `?search=${encodeURIComponent(HIDDEN_TITLE)}`,
      `?tags=${TAG}`,
      `?author=${author.username}`,
    ]) {
      const page = await json(`/api/community/trees-shared/${query}`, user);
      expect(ids(page.results).includes(hidden.id), query).toBe(expected());
      if (query !== '?page_size=100') expect(page.count, query).toBe(page.results.length);
    }
  });

  it('is readable by id and uuid only when allowed (404 otherwise)', async () => {
    for (const ref of [hidden.id, hidden.uuid]) {
      const res = await call('GET', `/api/community/trees-shared/${ref}/`, userOf(viewer));
      expect(res.statusCode).toBe(expected() ? 200 : 404);
    }
  });

  it('has its history, revision, comparison, reviews, comments and suggestions readable only when allowed', async () => {
    const base = `/api/community/trees-shared/${hidden.id}`;
    for (const url of [
      `${base}/history/`,
      `${base}/history/1/`,
      `${base}/compare/?from=1&to=1`,
      `${base}/reviews/`,
      `${base}/comments/`,
      `${base}/suggestions/`,
    ]) {
      const res = await call('GET', url, userOf(viewer));
      expect(res.statusCode, url).toBe(expected() ? 200 : 404);
    }
  });

  it('is an item of a public collection, and counted in it, only when allowed', async () => {
    const user = userOf(viewer);
    const collection = await json(`/api/community/collections/${readerList.uuid}/`, user);
    const items = collection.items.map((i: { share: { id: number } }) => i.share.id);
    expect(items.includes(hidden.id)).toBe(expected());
    expect(items.includes(shown.id)).toBe(true);
    expect(collection.items_count).toBe(items.length);
    const listed = await json(`/api/community/collections/?owner=${reader.username}`, user);
    expect(listed.results.find((c: { id: number }) => c.id === readerList.id).items_count).toBe(items.length);
  });

  it("is in its author's counts (templates and likes received) only when allowed", async () => {
    const page = await json(`/api/community/authors/${author.username}/`, userOf(viewer));
    expect(page.shares_count).toBe(expected() ? 2 : 1);
    expect(page.likes_received).toBe(expected() ? 1 : 0);
  });

  it('leaves the hot tags for everyone, and the embed page and oEmbed answer (both public) are not found', async () => {
    const tags = await json('/api/community/trees-shared/hot_tags/', userOf(viewer));
    const tag = tags.find((entry: { tag: string }) => entry.tag === TAG);
    // only the visible template carries the tag in the aggregate
    expect(tag?.count).toBe(1);
    expect((await call('GET', `/embed/community/${hidden.uuid}`, userOf(viewer))).statusCode).toBe(404);
    const oembed = await call(
      'GET',
      `/api/oembed/?url=${encodeURIComponent(`${t.config.publicBaseUrl}/community/${hidden.uuid}`)}`,
      null,
    );
    expect(oembed.statusCode).toBe(404);
  });
});

describe('a hidden template in signed-in lists', () => {
  it('is in the follower feed (entries and count) of an admin, not of another follower', async () => {
    for (const [user, sees] of [
      [reader, false],
      [admin, true],
    ] as const) {
      const feed = await json('/api/community/feed/?page_size=100', user);
      const shares = feed.results.map((e: { share: { id: number } }) => e.share.id);
      expect(shares.includes(hidden.id)).toBe(sees);
      expect(shares.includes(shown.id)).toBe(true);
      expect(feed.count).toBe(feed.results.length);
    }
  });

  it("counts in the following list's author figures only for admins", async () => {
    for (const [user, count] of [
      [reader, 1],
      [admin, 2],
    ] as const) {
      const following = await json('/api/community/following/', user);
      expect(following.results.find((a: { id: number }) => a.id === author.id).shares_count).toBe(count);
    }
  });

  it('cannot be added to a collection by another user (400), while an admin may', async () => {
    const refused = await call('POST', `/api/community/collections/${readerList.id}/items/`, reader, {
      share: hidden.uuid,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid' });
    const added = await call('POST', `/api/community/collections/${adminList.id}/items/`, admin, { share: hidden.id });
    expect(added.statusCode).toBe(201);
  });

  it('cannot be liked, rated, viewed or used by another user (404), which would tell its counters', async () => {
    const base = `/api/community/trees-shared/${hidden.id}`;
    for (const [url, payload] of [
      [`${base}/like/`, { liked: true }],
      [`${base}/rate/`, { score: 5 }],
      [`${base}/view/`, {}],
      [`${base}/use_tree/`, {}],
    ] as const) {
      expect((await call('POST', url, reader, payload)).statusCode, url).toBe(404);
    }
  });

  it("stays in its author's own shares", async () => {
    const mine = await json('/api/community/trees-shared/my_shares/', author);
    expect(ids(mine.results)).toContain(hidden.id);
  });
});

describe('a hidden template withdrawn by its author and shared again', () => {
  async function shareTree(treeId: number) {
    const res = await call('POST', '/api/community/trees-shared/share_tree/', author, { tree: treeId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; uuid: string; hidden?: boolean }>();
  }
  async function hide(shareId: number) {
    const filed = await call('POST', '/api/community/reports/', reader, {
      target_kind: 'share',
      target_id: shareId,
      reason: 'abuse',
    });
    expect(filed.statusCode).toBe(201);
    const res = await call('POST', `/api/community/reports/${filed.json().id}/resolve/`, admin, { action: 'hide' });
    expect(res.statusCode).toBe(200);
  }
  const withdraw = async (shareId: number) =>
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/community/trees-shared/${shareId}/`,
          headers: author.headers,
        })
      ).statusCode,
    ).toBe(204);

  it('stays hidden, before the admins as an open report, until an admin shows it again', async () => {
    const tree = await call('POST', '/api/tree/skills_tree/', author, { title: 'Withheld' });
    expect(tree.statusCode).toBe(201);
    const first = await shareTree(tree.json().id);
    await hide(first.id);
    await withdraw(first.id);

    const again = await shareTree(tree.json().id);
    expect(again.hidden).toBe(true);
    for (const viewer of [null, reader]) {
      expect((await call('GET', `/api/community/trees-shared/${again.uuid}/`, viewer)).statusCode).toBe(404);
    }
    const open = await json('/api/community/reports/?status=open&page_size=100', admin);
    const report = open.results.find(
      (r: { target: { kind: string; id: number } }) => r.target.kind === 'share' && r.target.id === again.id,
    );
    expect(report).toMatchObject({ status: 'open', reporter: null });

    // The admin decides: shown again, and from then on the tree's shares are public.
    expect(
      (await call('POST', `/api/community/reports/${report.id}/resolve/`, admin, { action: 'unhide' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/community/trees-shared/${again.uuid}/`, null)).statusCode).toBe(200);
    await withdraw(again.id);
    const third = await shareTree(tree.json().id);
    expect(third.hidden).toBeUndefined();
    expect((await call('GET', `/api/community/trees-shared/${third.uuid}/`, null)).statusCode).toBe(200);
  });
});
