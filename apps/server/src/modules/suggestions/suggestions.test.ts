import { call } from '../../testing/call.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { titledDocument, type Titles } from '../shares/testing.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';

let t: TestApp;
let alice: TestUser; // the templates' author, reads Japanese
let bob: TestUser; // suggests, reads English
let carol: TestUser; // someone else

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app, { locale: 'ja-JP' });
  bob = await createUser(t.app, { locale: 'en-US' });
  carol = await createUser(t.app);
});
afterAll(async () => t?.close());
// Each case starts with a fresh daily allowance of suggestions (the limit has a case of its own).
beforeEach(async () => {
  await t.app.db.deleteFrom('throttle_events').execute();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser | null, payload?: object) =>
  call(t.app, user, method, url, payload);

async function createTree(owner: TestUser, titles: Titles): Promise<number> {
  const res = await inject('POST', '/api/tree/skills_tree/', owner, {
    title: 'Template',
    data: titledDocument(titles),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** Saves the working copy of a tree (as the editor does). */
async function saveTree(owner: TestUser, tree: number, titles: Titles) {
  const res = await inject('PUT', `/api/tree/skills_tree/${tree}/`, owner, { data: titledDocument(titles) });
  expect(res.statusCode).toBe(200);
}

/** A stored image row of `owner`'s tree on `node` (no file: only its ownership counts here). */
async function imageOf(owner: TestUser, tree: number, node: string): Promise<number> {
  const row = await t.app.db
    .insertInto('node_images')
    .values({
      tree_id: tree,
      owner_id: owner.id,
      node_id: node,
      storage_key: `node-images/test-${tree}-${node}.webp`,
      width: 1,
      height: 1,
      bytes: 1,
      content_type: 'image/webp',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `titledDocument(titles)` with images on some nodes (node id → image id). */
const withImages = (titles: Titles, images: Record<string, number>) => ({
  nodes: titledDocument(titles).nodes.map((node) => ({ ...node, image_id: images[node.id] ?? null })),
});

/** Saves a whole document as the working copy of a tree. */
async function saveDoc(owner: TestUser, tree: number, data: object) {
  const res = await inject('PUT', `/api/tree/skills_tree/${tree}/`, owner, { data });
  expect(res.statusCode).toBe(200);
}

/** A tree of `owner` shared as a template; answers both ids. */
async function template(owner: TestUser, titles: Titles): Promise<{ tree: number; share: number }> {
  const tree = await createTree(owner, titles);
  const res = await inject('POST', '/api/community/trees-shared/share_tree/', owner, { tree });
  expect(res.statusCode).toBe(201);
  return { tree, share: res.json().id as number };
}

const suggest = (user: TestUser | null, share: number, body: Record<string, unknown>) =>
  inject('POST', `/api/community/trees-shared/${share}/suggestions/`, user, body);

async function suggested(user: TestUser, share: number, titles: Titles, title = 'Better titles'): Promise<number> {
  const res = await suggest(user, share, { title, data: titledDocument(titles) });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const decide = (user: TestUser | null, id: number, action: 'accept' | 'reject' | 'withdraw', body: object = {}) =>
  inject('POST', `/api/community/suggestions/${id}/${action}/`, user, body);

const detail = (id: number, user?: TestUser | null) => inject('GET', `/api/community/suggestions/${id}/`, user);

async function versionsOf(owner: TestUser, tree: number): Promise<Array<{ number: number; message: string }>> {
  const res = await inject('GET', `/api/tree/skills_tree_version/?tree=${tree}&page_size=100`, owner);
  expect(res.statusCode).toBe(200);
  return res.json().results;
}

async function treeTitles(owner: TestUser, tree: number): Promise<Titles> {
  const res = await inject('GET', `/api/tree/skills_tree/${tree}/`, owner);
  const nodes = res.json().data.nodes as Array<{ id: string; title: string; parent_id: string | null }>;
  return Object.fromEntries(nodes.filter((n) => n.parent_id !== null).map((n) => [n.id, n.title]));
}

async function notificationsOf(user: TestUser) {
  const res = await inject('GET', '/api/notifications/?page_size=100', user);
  expect(res.statusCode).toBe(200);
  return res.json().results as Array<{ kind: string; text: string; actor: { id: number } | null; target: object }>;
}

describe('suggesting edits', () => {
  it('creates a suggestion from data against the current revision, and tells the author in their language', async () => {
    const { share } = await template(alice, { a: 'Alpha', b: 'Beta' });
    const res = await suggest(bob, share, {
      title: 'Fix the spelling',
      message: 'Beta is *beta*.',
      data: titledDocument({ a: 'Alpha', b: 'Beta fixed', c: 'Gamma' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      share,
      author: { id: bob.id, username: expect.any(String), avatar_url: expect.any(String) },
      title: 'Fix the spelling',
      message: 'Beta is *beta*.',
      status: 'open',
      base_revision: 1,
      changes: { added: 1, removed: 0, changed: 1, moved: 0 },
      reason: null,
      created_at: expect.any(String),
      decided_at: null,
      decided_by: null,
      abilities: { accept: false, reject: false, withdraw: true },
    });
    const notes = (await notificationsOf(alice)).filter((n) => n.kind === 'suggestion');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor: { id: bob.id }, target: { kind: 'share', id: share } });
    expect(notes[0]!.text).toMatch(/さんがあなたのテンプレート「Template」に編集を提案しました。$/);
  });

  it('takes the working copy of one of the caller own trees', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const fork = await inject('POST', `/api/community/trees-shared/${share}/use_tree/`, bob, {});
    expect(fork.statusCode).toBe(201);
    const tree = fork.json().tree.id as number;
    // An unchanged fork proposes nothing.
    const same = await suggest(bob, share, { title: 'Nothing', tree });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'invalid', detail: 'The suggestion changes nothing in the template.' });
    await saveTree(bob, tree, { a: 'Alpha', z: 'Zeta' });
    const res = await suggest(bob, share, { title: 'Adds Zeta', tree });
    expect(res.statusCode).toBe(201);
    expect(res.json().changes).toEqual({ added: 1, removed: 0, changed: 0, moved: 0 });
    const one = await detail(res.json().id);
    expect(one.json().data.nodes.map((n: { id: string }) => n.id)).toEqual(['root', 'a', 'z']);
  });

  it("refuses another user's tree as not found", async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const carols = await createTree(carol, { a: 'Alpha', c: 'Carol' });
    const res = await suggest(bob, share, { title: 'Borrowed', tree: carols });
    expect(res.statusCode).toBe(404);
    expect((await inject('GET', `/api/community/trees-shared/${share}/suggestions/`)).json().count).toBe(0);
  });

  it('refuses a proposal equal to the snapshot, with or without defaults written out', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const res = await suggest(bob, share, { title: 'Same', data: titledDocument({ a: 'Alpha' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The suggestion changes nothing in the template.');
    const snapshot = (await inject('GET', `/api/community/trees-shared/${share}/`)).json().data;
    expect((await suggest(bob, share, { title: 'Same', data: snapshot })).statusCode).toBe(400);
  });

  it("does not let the template's author suggest to it", async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const res = await suggest(alice, share, { title: 'Mine', data: titledDocument({ a: 'Alpha 2' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('You cannot suggest edits to your own template.');
  });

  it('checks the document as any save does, and wants exactly one of data and tree', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const broken = await suggest(bob, share, {
      title: 'Broken',
      data: { nodes: [...titledDocument({ a: 'Alpha' }).nodes, { id: 'x', parent_id: 'nowhere', title: 'X' }] },
    });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().fields)).toEqual([expect.stringMatching(/^data\.nodes\.x/)]);
    const neither = await suggest(bob, share, { title: 'Nothing' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toEqual({
      data: ['Send the proposed document as data, or the id of one of your trees as tree.'],
    });
    const bobs = await createTree(bob, { a: 'Alpha', b: 'B' });
    expect((await suggest(bob, share, { title: 'Both', tree: bobs, data: titledDocument({}) })).statusCode).toBe(400);
    const untitled = await suggest(bob, share, { title: '  ', data: titledDocument({ a: 'A' }) });
    expect(untitled.json().fields).toEqual({ title: ['A suggestion title is 1 to 200 characters.'] });
    const long = await suggest(bob, share, { title: 'x', message: 'm'.repeat(5001), data: titledDocument({ a: 'A' }) });
    expect(long.json().fields).toEqual({ message: ['A suggestion message is at most 5,000 characters.'] });
  });

  it('asks for a login (401) to suggest, decide or withdraw', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const id = await suggested(bob, share, { a: 'Alpha 2' });
    expect((await suggest(null, share, { title: 'Anon', data: titledDocument({ a: 'A' }) })).statusCode).toBe(401);
    for (const action of ['accept', 'reject', 'withdraw'] as const) {
      expect((await decide(null, id, action, { reason: 'No' })).statusCode).toBe(401);
    }
  });

  it('allows 10 suggestions a day per user (429 with Retry-After after that)', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const dave = await createUser(t.app);
    for (let i = 0; i < 10; i++) await suggested(dave, share, { a: `Alpha ${i}` });
    const res = await suggest(dave, share, { title: 'One more', data: titledDocument({ a: 'Alpha 11' }) });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('throttled');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is per user: another one still may.
    expect((await suggest(carol, share, { title: 'Mine', data: titledDocument({ a: 'Carol' }) })).statusCode).toBe(201);
  });
});

describe('reading suggestions', () => {
  it('lists a template’s suggestions newest first, by status, to anyone', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const first = await suggested(bob, share, { a: 'One' }, 'First');
    const second = await suggested(carol, share, { a: 'Two' }, 'Second');
    const third = await suggested(bob, share, { a: 'Three' }, 'Third');
    expect((await decide(bob, first, 'withdraw')).statusCode).toBe(200);
    expect((await decide(alice, second, 'reject', { reason: 'Not now' })).statusCode).toBe(200);
    const url = `/api/community/trees-shared/${share}/suggestions/`;
    const all = await inject('GET', url);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.json().results.map((s: { id: number }) => s.id)).toEqual([third, second, first]);
    const ids = async (status: string) =>
      (await inject('GET', `${url}?status=${status}`)).json().results.map((s: { id: number }) => s.id);
    expect(await ids('open')).toEqual([third]);
    expect(await ids('rejected')).toEqual([second]);
    expect(await ids('withdrawn')).toEqual([first]);
    expect(await ids('accepted')).toEqual([]);
    expect((await inject('GET', `${url}?status=maybe`)).statusCode).toBe(400);
    const paged = await inject('GET', `${url}?page_size=2`);
    expect(paged.json().results).toHaveLength(2);
    expect(paged.json().next).toContain('page=2');
  });

  it('shows one suggestion with its document and the diff against its base revision', async () => {
    const { share } = await template(alice, { a: 'Alpha', b: 'Beta' });
    const id = await suggested(bob, share, { a: 'Alpha', c: 'Gamma' });
    const res = await detail(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, share, status: 'open', base_revision: 1 });
    expect(body.changes).toEqual({ added: 1, removed: 1, changed: 0, moved: 0 });
    expect(body.data.nodes.map((n: { id: string; title: string }) => [n.id, n.title])).toEqual([
      ['root', 'Root'],
      ['a', 'Alpha'],
      ['c', 'Gamma'],
    ]);
    expect(body.diff.added.map((n: { id: string }) => n.id)).toEqual(['c']);
    expect(body.diff.removed.map((n: { id: string }) => n.id)).toEqual(['b']);
    expect((await detail(999_999)).statusCode).toBe(404);
  });

  it('keeps a hidden template’s suggestions from everyone but its author and admins (404)', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const id = await suggested(bob, share, { a: 'Alpha 2' });
    await t.app.db.updateTable('shares').set({ hidden: 1 }).where('id', '=', share).execute();
    const admin = await createUser(t.app, { role: 'admin' });
    const url = `/api/community/trees-shared/${share}/suggestions/`;
    for (const who of [null, bob, carol]) {
      expect((await inject('GET', url, who)).statusCode).toBe(404);
      expect((await detail(id, who)).statusCode).toBe(404);
    }
    expect((await suggest(carol, share, { title: 'Hidden', data: titledDocument({ a: 'C' }) })).statusCode).toBe(404);
    expect((await decide(bob, id, 'withdraw')).statusCode).toBe(404);
    expect((await inject('GET', url, alice)).json().count).toBe(1);
    expect((await detail(id, admin)).statusCode).toBe(200);
    await t.app.db.updateTable('shares').set({ hidden: 0 }).where('id', '=', share).execute();
  });
});

describe('deciding on a suggestion', () => {
  it('accepts: merges into the source tree as a new version, re-shares it, credits and tells the suggester', async () => {
    const { tree, share } = await template(alice, { a: 'Alpha', b: 'Beta' });
    const id = await suggested(bob, share, { a: 'Alpha', b: 'Beta fixed', c: 'Gamma' }, 'Fix Beta');
    // The author went on editing another node meanwhile: both changes are kept.
    await saveTree(alice, tree, { a: 'Alpha edited', b: 'Beta' });
    const versionsBefore = await versionsOf(alice, tree);

    // No body is needed when nothing conflicts.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/suggestions/${id}/accept/`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'accepted',
      decided_at: expect.any(String),
      decided_by: { id: alice.id },
      reason: null,
    });
    expect(await treeTitles(alice, tree)).toEqual({ a: 'Alpha edited', b: 'Beta fixed', c: 'Gamma' });
    const versions = await versionsOf(alice, tree);
    expect(versions).toHaveLength(versionsBefore.length + 1);
    expect(versions[0]!.message).toBe(`Suggestion #${id}: Fix Beta`);

    const template_ = (await inject('GET', `/api/community/trees-shared/${share}/`)).json();
    expect(template_.revision).toBe(2);
    expect(template_.contributors).toEqual([
      { id: bob.id, username: expect.any(String), avatar_url: expect.any(String) },
    ]);
    expect(template_.data.nodes.map((n: { title: string }) => n.title)).toEqual([
      'Root',
      'Alpha edited',
      'Beta fixed',
      'Gamma',
    ]);
    const history = (await inject('GET', `/api/community/trees-shared/${share}/history/`)).json();
    expect(history.results[0]).toMatchObject({ revision: 2, message: 'Fix Beta' });

    const notes = (await notificationsOf(bob)).filter((n) => n.kind === 'suggestion_decided');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor: { id: alice.id }, target: { kind: 'share', id: share } });
    expect(notes[0]!.text).toMatch(/ accepted your suggestion for "Template"\.$/);
    // Nobody hears of their own action.
    expect((await notificationsOf(alice)).filter((n) => n.kind === 'suggestion_decided')).toEqual([]);

    // Deciding twice is a conflict.
    expect((await decide(alice, id, 'accept')).statusCode).toBe(409);
    expect((await decide(alice, id, 'reject', { reason: 'Changed my mind' })).statusCode).toBe(409);
    expect((await decide(bob, id, 'withdraw')).statusCode).toBe(409);
  });

  it("names the accepted suggestion's version in the author's language", async () => {
    const { tree, share } = await template(alice, { a: 'Alpha', b: 'Beta' });
    const id = await suggested(bob, share, { a: 'Alpha', b: 'ベータ' }, 'ベータ');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/suggestions/${id}/accept/`,
      headers: { ...alice.headers, 'accept-language': 'ja-JP' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await versionsOf(alice, tree))[0]!.message).toBe(`提案 #${id}：ベータ`);
  });

  it('answers 409 with the conflicts and writes nothing, then merges with a side picked', async () => {
    const { tree, share } = await template(alice, { a: 'Alpha', b: 'Beta' });
    const id = await suggested(bob, share, { a: 'Alpha by Bob', b: 'Beta' }, 'Rename Alpha');
    await saveTree(alice, tree, { a: 'Alpha by Alice', b: 'Beta' });
    const versionsBefore = await versionsOf(alice, tree);
    const treeRevision = (await inject('GET', `/api/tree/skills_tree/${tree}/`, alice)).json().revision;

    const res = await decide(alice, id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'The suggestion conflicts with changes made since: pick a side for each conflicting node.',
      code: 'conflict',
      conflicts: [{ node_id: 'a', fields: ['title'] }],
    });
    expect(await versionsOf(alice, tree)).toEqual(versionsBefore);
    expect((await inject('GET', `/api/tree/skills_tree/${tree}/`, alice)).json().revision).toBe(treeRevision);
    expect((await inject('GET', `/api/community/trees-shared/${share}/`)).json()).toMatchObject({
      revision: 1,
      contributors: [],
    });
    expect((await detail(id)).json().status).toBe('open');

    const merged = await decide(alice, id, 'accept', { resolve: { a: 'theirs' } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().status).toBe('accepted');
    expect(await treeTitles(alice, tree)).toEqual({ a: 'Alpha by Bob', b: 'Beta' });
    expect((await inject('GET', `/api/community/trees-shared/${share}/`)).json().revision).toBe(2);
  });

  it('answers 409 when the source tree was deleted, writing nothing', async () => {
    const { tree, share } = await template(alice, { a: 'Alpha' });
    const id = await suggested(bob, share, { a: 'Alpha 2' });
    expect((await inject('DELETE', `/api/tree/skills_tree/${tree}/`, alice)).statusCode).toBe(204);
    const res = await decide(alice, id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("The template's source tree was deleted: the suggestion cannot be merged into it.");
    expect((await detail(id)).json().status).toBe('open');
    expect((await inject('GET', `/api/community/trees-shared/${share}/`)).json().revision).toBe(1);
    // It can still be rejected.
    expect((await decide(alice, id, 'reject', { reason: 'The tree is gone.' })).statusCode).toBe(200);
  });

  it("drops references to images the source tree does not own (the suggester's), keeping the tree's own", async () => {
    const tree = await createTree(alice, { a: 'Alpha', b: 'Beta' });
    const own = await imageOf(alice, tree, 'a');
    await saveDoc(alice, tree, withImages({ a: 'Alpha', b: 'Beta' }, { a: own }));
    const shared = await inject('POST', '/api/community/trees-shared/share_tree/', alice, { tree });
    const share = shared.json().id as number;
    const fork = (await inject('POST', `/api/community/trees-shared/${share}/use_tree/`, bob, {})).json().tree
      .id as number;
    const bobs = await imageOf(bob, fork, 'b');
    await saveDoc(bob, fork, withImages({ a: 'Alpha', b: 'Beta fixed', c: 'Gamma' }, { a: own, b: bobs, c: bobs }));
    const id = (await suggest(bob, share, { title: 'Pictures', tree: fork })).json().id as number;

    expect((await decide(alice, id, 'accept')).statusCode).toBe(200);
    const nodes = (await inject('GET', `/api/tree/skills_tree/${tree}/`, alice)).json().data.nodes as Array<{
      id: string;
      title: string;
      image_id: number | null;
    }>;
    expect(nodes.map((n) => [n.id, n.title, n.image_id])).toEqual([
      ['root', 'Root', null],
      ['a', 'Alpha', own],
      ['b', 'Beta fixed', null],
      ['c', 'Gamma', null],
    ]);
    const template_ = (await inject('GET', `/api/community/trees-shared/${share}/`)).json();
    expect(Object.keys(template_.images)).toEqual(['a']);
    expect(template_.data.nodes.map((n: { image_id: number | null }) => n.image_id)).toEqual([null, own, null, null]);
  });

  it('rejects with a reason, and tells the suggester', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const id = await suggested(bob, share, { a: 'Alpha 2' }, 'Rename');
    const empty = await decide(alice, id, 'reject', { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ reason: ['A reason is 1 to 1,000 characters.'] });
    expect((await decide(alice, id, 'reject', { reason: 'r'.repeat(1001) })).statusCode).toBe(400);
    expect((await decide(alice, id, 'reject', {})).statusCode).toBe(400);
    const res = await decide(alice, id, 'reject', { reason: 'Alpha is the usual name.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      reason: 'Alpha is the usual name.',
      decided_by: { id: alice.id },
      decided_at: expect.any(String),
    });
    const note = (await notificationsOf(bob)).find((n) => n.kind === 'suggestion_decided' && /declined/.test(n.text));
    expect(note).toBeDefined();
    expect((await decide(alice, id, 'accept')).statusCode).toBe(409);
  });

  it('lets only the template’s author decide (403 for others, admins included)', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const id = await suggested(bob, share, { a: 'Alpha 2' });
    const admin = await createUser(t.app, { role: 'admin' });
    for (const who of [bob, carol, admin]) {
      expect((await decide(who, id, 'accept')).statusCode).toBe(403);
      expect((await decide(who, id, 'reject', { reason: 'No' })).statusCode).toBe(403);
    }
    expect((await detail(id)).json().status).toBe('open');
  });

  it('lets only the suggester withdraw, while open', async () => {
    const { share } = await template(alice, { a: 'Alpha' });
    const id = await suggested(bob, share, { a: 'Alpha 2' });
    expect((await decide(alice, id, 'withdraw')).statusCode).toBe(403);
    expect((await decide(carol, id, 'withdraw')).statusCode).toBe(403);
    const res = await decide(bob, id, 'withdraw');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn', decided_by: { id: bob.id } });
    expect((await decide(bob, id, 'withdraw')).statusCode).toBe(409);
    expect((await decide(alice, id, 'accept')).statusCode).toBe(409);
  });
});
