import { call } from '../../testing/call.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { titledDocument, type Titles } from './templates.testing.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';

let t: TestApp;
let alice: TestUser; // the template's author
let bob: TestUser; // forks it
let carol: TestUser; // learns the template itself
let dan: TestUser; // a stranger

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol, dan] = await Promise.all([
    createUser(t.app),
    createUser(t.app, { locale: 'en-US' }),
    createUser(t.app),
    createUser(t.app),
  ]);
});
afterAll(async () => t?.close());

const BASE: Titles = { a: 'A', b: 'B', c: 'C' };

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) => call(t.app, user, method, url, payload as never, { headers });

const treeUrl = (id: number) => `/api/tree/skills_tree/${id}/`;

interface Template {
  sourceTree: number;
  shareId: number;
  shareUuid: string;
}

/** Alice's tree with `titles`, shared as a template (revision 1). */
async function template(titles: Titles = BASE, title = 'Upstream template'): Promise<Template> {
  const created = await inject('POST', '/api/tree/skills_tree/', alice, { title, data: titledDocument(titles) });
  expect(created.statusCode).toBe(201);
  const shared = await inject('POST', '/api/community/trees-shared/share_tree/', alice, { tree: created.json().id });
  expect(shared.statusCode).toBe(201);
  return { sourceTree: created.json().id, shareId: shared.json().id, shareUuid: shared.json().uuid };
}

/** Alice's next revision of the template: her tree becomes `titles` and is shared again. */
async function revise(tpl: Template, titles: Titles, message = 'update') {
  const saved = await inject('PUT', treeUrl(tpl.sourceTree), alice, { data: titledDocument(titles) });
  expect(saved.statusCode).toBe(200);
  const shared = await inject('POST', '/api/community/trees-shared/share_tree/', alice, {
    tree: tpl.sourceTree,
    message,
  });
  expect(shared.statusCode).toBe(200);
  return shared.json().revision as number;
}

/** `user`'s fork of the template (use_tree), as its Tree. */
async function fork(tpl: Template, user: TestUser = bob) {
  const res = await inject('POST', `/api/community/trees-shared/${tpl.shareId}/use_tree/`, user, {});
  expect(res.statusCode).toBe(201);
  return res.json().tree as { id: number; uuid: string; revision: number; upstream: unknown };
}

/** The fork's working copy becomes `titles`; answers the new revision. */
async function edit(treeId: number, titles: Titles, user: TestUser = bob): Promise<number> {
  const res = await inject('PUT', treeUrl(treeId), user, { data: titledDocument(titles) });
  expect(res.statusCode).toBe(200);
  return res.json().revision as number;
}

const retrieve = async (treeId: number, user: TestUser = bob) => (await inject('GET', treeUrl(treeId), user)).json();
const titlesOf = (tree: { data: { nodes: Array<{ id: string; title: string }> } }) =>
  Object.fromEntries(tree.data.nodes.filter((n) => n.id !== 'root').map((n) => [n.id, n.title]));
const versionCount = async (treeId: number) =>
  (await inject('GET', `/api/tree/skills_tree_version/?tree=${treeId}`, bob)).json().count as number;
const preview = (treeId: number, user: TestUser | null = bob) => inject('GET', `${treeUrl(treeId)}upstream/`, user);
const sync = (treeId: number, body: unknown = {}, headers: Record<string, string> = {}, user: TestUser | null = bob) =>
  inject('POST', `${treeUrl(treeId)}sync_upstream/`, user, body, headers);

const noChanges = { added: 0, removed: 0, changed: 0, moved: 0 };

describe('forks and their template', () => {
  it('records the template and its revision on a fork, in every answer that presents the tree', async () => {
    const tpl = await template(BASE, 'Recorded');
    const tree = await fork(tpl);
    const upstream = {
      share: tpl.shareUuid,
      title: 'Recorded',
      base_revision: 1,
      latest_revision: 1,
      behind: false,
      available: true,
    };
    expect(tree.upstream).toEqual(upstream);
    expect((await retrieve(tree.id)).upstream).toEqual(upstream);
    const list = (await inject('GET', '/api/tree/skills_tree/?page_size=100', bob)).json();
    expect(list.results.find((r: { id: number }) => r.id === tree.id).upstream).toEqual(upstream);
    const row = await t.app.db
      .selectFrom('trees')
      .select(['upstream_share_id', 'upstream_base_revision'])
      .where('id', '=', tree.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ upstream_share_id: tpl.shareId, upstream_base_revision: 1 });

    // A tree made any other way has none.
    expect((await retrieve(tpl.sourceTree, alice)).upstream).toBeNull();
    const noUpstream = await preview(tpl.sourceTree, alice);
    expect(noUpstream.statusCode).toBe(404);
    expect(noUpstream.json().detail).toBe('This tree was not made from a community template.');
    expect((await sync(tpl.sourceTree, {}, {}, alice)).statusCode).toBe(404);
  });

  it('says a fork is behind after a new revision, and unavailable (never behind) once the template is hidden or withdrawn', async () => {
    const tpl = await template(BASE, 'Moving on');
    const tree = await fork(tpl);
    await revise(tpl, { ...BASE, d: 'D' });
    expect((await retrieve(tree.id)).upstream).toMatchObject({ base_revision: 1, latest_revision: 2, behind: true });

    // What a fork says of a template it can no longer reach (hidden, then deleted).
    const unavailable = {
      share: tpl.shareUuid,
      title: 'Moving on',
      base_revision: 1,
      latest_revision: 1,
      behind: false,
      available: false,
    };
    await t.app.db.updateTable('shares').set({ hidden: 1 }).where('id', '=', tpl.shareId).execute();
    expect((await retrieve(tree.id)).upstream).toEqual(unavailable);
    const hidden = await sync(tree.id);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().detail).toBe('The template this tree was made from is no longer available.');
    expect((await preview(tree.id)).statusCode).toBe(409);

    await t.app.db.updateTable('shares').set({ hidden: 0 }).where('id', '=', tpl.shareId).execute();
    expect((await retrieve(tree.id)).upstream).toMatchObject({ available: true, behind: true });
    expect((await inject('DELETE', `/api/community/trees-shared/${tpl.shareId}/`, alice)).statusCode).toBe(204);
    const list = (await inject('GET', '/api/tree/skills_tree/?page_size=100', bob)).json();
    expect(list.results.find((r: { id: number }) => r.id === tree.id).upstream).toEqual(unavailable);
    expect((await sync(tree.id)).statusCode).toBe(409);
  });

  it('previews what a sync brings in, what the owner changed and where the two collide', async () => {
    const tpl = await template();
    const tree = await fork(tpl);
    let res = await preview(tree.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      base_revision: 1,
      latest_revision: 1,
      upstream_changes: noChanges,
      local_changes: noChanges,
      upstream_nodes: [],
      local_nodes: [],
      conflicts: [],
    });

    await revise(tpl, { a: 'A from the template', b: 'B', c: 'C', d: 'D' });
    await edit(tree.id, { a: 'A of mine', b: 'B of mine', c: 'C' });
    res = await preview(tree.id);
    expect(res.json()).toEqual({
      base_revision: 1,
      latest_revision: 2,
      upstream_changes: { added: 1, removed: 0, changed: 1, moved: 0 },
      local_changes: { added: 0, removed: 0, changed: 2, moved: 0 },
      // the changed nodes by name, each side's title
      upstream_nodes: [
        { node_id: 'a', title: 'A from the template', changes: ['changed'] },
        { node_id: 'd', title: 'D', changes: ['added'] },
      ],
      local_nodes: [
        { node_id: 'a', title: 'A of mine', changes: ['changed'] },
        { node_id: 'b', title: 'B of mine', changes: ['changed'] },
      ],
      conflicts: [{ node_id: 'a', fields: ['title'] }],
    });

    // A node the template removed is named by its title at the base.
    await revise(tpl, { a: 'A from the template', b: 'B', d: 'D' });
    expect((await preview(tree.id)).json().upstream_nodes).toEqual([
      { node_id: 'a', title: 'A from the template', changes: ['changed'] },
      { node_id: 'd', title: 'D', changes: ['added'] },
      { node_id: 'c', title: 'C', changes: ['removed'] },
    ]);
  });

  it('applies the template changes in one version and moves the base to the latest revision', async () => {
    const tpl = await template();
    const tree = await fork(tpl);
    await revise(tpl, { a: 'A2', b: 'B', c: 'C', d: 'D' });
    const revision = await edit(tree.id, { a: 'A', b: 'B of mine', c: 'C' });
    const versionsBefore = await versionCount(tree.id);

    const res = await sync(tree.id, {}, { 'if-match': `"${revision}"` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applied).toEqual({ added: 1, removed: 0, changed: 1, moved: 0 });
    expect(body.version).toMatchObject({ tree: tree.id, message: 'Synced with template revision 2', node_count: 5 });
    expect(body.tree).toMatchObject({
      id: tree.id,
      revision: revision + 1,
      latest_version: body.version.number,
      upstream: { base_revision: 2, latest_revision: 2, behind: false, available: true },
    });
    expect(res.headers.etag).toBe(`"${revision + 1}"`);
    expect(titlesOf(await retrieve(tree.id))).toEqual({ a: 'A2', b: 'B of mine', c: 'C', d: 'D' });
    expect(await versionCount(tree.id)).toBe(versionsBefore + 1);

    // Nothing new: no version, no save, nothing applied.
    const again = await sync(tree.id, { message: 'again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ version: null, applied: noChanges, tree: { revision: revision + 1 } });
    expect(await versionCount(tree.id)).toBe(versionsBefore + 1);

    // A later sync's version is named in the caller's language.
    await revise(tpl, { a: 'A3', b: 'B', c: 'C', d: 'D' });
    const localised = await sync(tree.id, {}, { 'accept-language': 'zh-CN', 'if-match': `"${revision + 1}"` });
    expect(localised.statusCode, localised.body).toBe(200);
    expect(localised.json().version).toMatchObject({ message: '已与模板第 3 版同步' });
  });

  it('answers 409 with the conflicts and writes nothing; resolve picks a side per node', async () => {
    const tpl = await template();
    const [mine, theirs] = [await fork(tpl), await fork(tpl)];
    await revise(tpl, { a: 'A from the template', b: 'B', c: 'C' });
    for (const tree of [mine, theirs]) await edit(tree.id, { a: 'A of mine', b: 'B', c: 'C of mine' });
    const before = await retrieve(mine.id);
    const versionsBefore = await versionCount(mine.id);

    const refused = await sync(mine.id, { message: 'sync' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', conflicts: [{ node_id: 'a', fields: ['title'] }] });
    const after = await retrieve(mine.id);
    expect(after.revision).toBe(before.revision);
    expect(after.data).toEqual(before.data);
    expect(after.upstream).toMatchObject({ base_revision: 1, behind: true });
    expect(await versionCount(mine.id)).toBe(versionsBefore);

    const keptMine = await sync(mine.id, { resolve: { a: 'mine' }, message: 'Kept my A' });
    expect(keptMine.statusCode).toBe(200);
    // Only the conflicting field differed: keeping mine leaves the working copy as it was.
    expect(keptMine.json()).toMatchObject({ version: null, tree: { upstream: { base_revision: 2, behind: false } } });
    expect(titlesOf(await retrieve(mine.id))).toEqual({ a: 'A of mine', b: 'B', c: 'C of mine' });

    const tookTheirs = await sync(theirs.id, { resolve: { a: 'theirs' }, message: 'Took their A' });
    expect(tookTheirs.statusCode).toBe(200);
    expect(tookTheirs.json().version.message).toBe('Took their A');
    expect(titlesOf(await retrieve(theirs.id))).toEqual({ a: 'A from the template', b: 'B', c: 'C of mine' });
  });

  it('refuses a stale If-Match with 412 and writes nothing', async () => {
    const tpl = await template();
    const tree = await fork(tpl);
    await revise(tpl, { ...BASE, d: 'D' });
    const res = await sync(tree.id, {}, { 'if-match': `"${tree.revision + 5}"` });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 'precondition_failed', revision: tree.revision });
    expect((await retrieve(tree.id)).upstream).toMatchObject({ base_revision: 1, behind: true });
  });

  it("is the owner's alone: 404 for another user, 401 without a token", async () => {
    const tpl = await template();
    const tree = await fork(tpl);
    await inject('PUT', treeUrl(tree.id), bob, { visibility: 'public' });
    await revise(tpl, { ...BASE, d: 'D' });
    for (const res of [await preview(tree.id, dan), await sync(tree.id, {}, {}, dan)]) expect(res.statusCode).toBe(404);
    for (const res of [await preview(tree.id, null), await sync(tree.id, {}, {}, null)]) {
      expect(res.statusCode).toBe(401);
    }
    expect((await retrieve(tree.id)).upstream).toMatchObject({ base_revision: 1 });
  });

  it("keeps the owner's progress and notes across a sync, those of removed nodes too", async () => {
    const tpl = await template();
    const tree = await fork(tpl);
    for (const node_id of ['b', 'c']) {
      const res = await inject('PUT', '/api/learn/progress/', bob, { tree: tree.uuid, node_id, status: 'done' });
      expect(res.statusCode).toBe(200);
    }
    const note = await inject('PUT', '/api/learn/notes/', bob, { tree: tree.uuid, node_id: 'b', content: 'Mine' });
    expect(note.statusCode).toBe(200);
    await revise(tpl, { a: 'A2', b: 'B' }); // c goes

    const res = await sync(tree.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().applied).toEqual({ added: 0, removed: 1, changed: 1, moved: 0 });

    const progress = (await inject('GET', `/api/learn/progress/?tree=${tree.uuid}`, bob)).json();
    expect(Object.keys(progress.nodes)).toEqual(['b']);
    expect(progress.nodes.b.status).toBe('done');
    const notes = (await inject('GET', `/api/learn/notes/?tree=${tree.uuid}`, bob)).json();
    expect(notes).toMatchObject([{ node_id: 'b', content: 'Mine' }]);
    const rows = await t.app.db
      .selectFrom('learning_progress')
      .select('node_id')
      .where('subject_kind', '=', 'tree')
      .where('subject_id', '=', tree.id)
      .orderBy('node_id')
      .execute();
    expect(rows.map((r) => r.node_id)).toEqual(['b', 'c']);
  });

  it('notifies forkers and learners of a new revision once each, in their language, never its author', async () => {
    const tpl = await template(BASE, 'Announced');
    const [first, second] = [await fork(tpl), await fork(tpl)];
    await fork(tpl, alice); // the author's own fork
    const learnt = await inject('PUT', '/api/learn/progress/', carol, {
      share: tpl.shareUuid,
      node_id: 'a',
      status: 'learning',
    });
    expect(learnt.statusCode).toBe(200);

    await revise(tpl, { ...BASE, d: 'D' });

    const updates = async (user: TestUser) =>
      (await inject('GET', '/api/notifications/?page_size=100', user))
        .json()
        .results.filter((n: { kind: string }) => n.kind === 'share_updated');
    // (bob forked templates of the tests above too)
    const forked = (await updates(bob)).filter((n: { target: { id: number } }) =>
      [first.id, second.id].includes(n.target.id),
    );
    expect(forked).toHaveLength(1);
    expect(forked[0]).toMatchObject({
      actor: { id: alice.id, username: alice.username },
      target: { kind: 'tree', id: Math.max(first.id, second.id), title: 'Announced' },
      text: `${alice.username} updated the template of your tree "Announced".`,
    });
    const learning = await updates(carol);
    expect(learning).toHaveLength(1);
    expect(learning[0]).toMatchObject({
      target: { kind: 'share', id: tpl.shareId, uuid: tpl.shareUuid, title: 'Announced' },
      text: `${alice.username} 更新了你正在学习的模板「Announced」。`,
    });
    expect(await updates(alice)).toEqual([]);
    expect(await updates(dan)).toEqual([]);
  });

  it("tells a learner of a template's revisions at most once a day, however often it is re-shared", async () => {
    const tpl = await template(BASE, 'Often revised');
    const learnt = await inject('PUT', '/api/learn/progress/', carol, {
      share: tpl.shareUuid,
      node_id: 'a',
      status: 'learning',
    });
    expect(learnt.statusCode).toBe(200);
    const told = async () =>
      (await inject('GET', '/api/notifications/?page_size=100', carol))
        .json()
        .results.filter((n: { kind: string; target: { id: number } }) => n.kind === 'share_updated')
        .filter(
          (n: { target: { kind: string; id: number } }) => n.target.kind === 'share' && n.target.id === tpl.shareId,
        );
    for (const d of ['D1', 'D2', 'D3']) await revise(tpl, { ...BASE, d });
    expect(await told()).toHaveLength(1);
    // A day later the next revision is told again.
    await t.app.db
      .updateTable('notifications')
      .set({ created_at: t.app.deps.clock.isoIn(-25 * 3600 * 1000) })
      .where('recipient_id', '=', carol.id)
      .where('kind', '=', 'share_updated')
      .where('target_id', '=', tpl.shareId)
      .execute();
    await revise(tpl, { ...BASE, d: 'D4' });
    expect(await told()).toHaveLength(2);
  });

  it('notifies a template with 1,200 forks in batches, one notification per owner', async () => {
    const tpl = await template(BASE, 'Popular');
    const now = nowIso();
    const owners: number[] = [];
    for (let i = 0; i < 1200; i += 200) {
      const rows = await t.app.db
        .insertInto('users')
        .values(
          Array.from({ length: 200 }, (_, j) => ({
            username: `forker_${tpl.shareId}_${i + j}`,
            username_lower: `forker_${tpl.shareId}_${i + j}`,
            email: null,
            phone: null,
            password_hash: null,
            role: 'user' as const,
            is_active: 1,
            date_joined: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      owners.push(...rows.map((r) => r.id));
    }
    const data = JSON.stringify(titledDocument(BASE));
    for (let i = 0; i < owners.length; i += 200) {
      await t.app.db
        .insertInto('trees')
        .values(
          owners.slice(i, i + 200).map((ownerId) => ({
            uuid: randomUUID(),
            owner_id: ownerId,
            title: 'Popular',
            description: '',
            tags: '[]',
            tag_key: '||',
            search_text: 'popular',
            visibility: 'private' as const,
            data,
            node_count: 4,
            revision: 1,
            latest_version: null,
            created_at: now,
            updated_at: now,
            upstream_share_id: tpl.shareId,
            upstream_share_uuid: tpl.shareUuid,
            upstream_title: 'Popular',
            upstream_base_revision: 1,
          })),
        )
        .execute();
    }

    await revise(tpl, { ...BASE, d: 'D' });

    const written = await t.app.db
      .selectFrom('notifications')
      .select(['recipient_id'])
      .where('kind', '=', 'share_updated')
      .where('recipient_id', 'in', owners)
      .execute();
    expect(written).toHaveLength(1200);
    expect(new Set(written.map((r) => r.recipient_id)).size).toBe(1200);
  });
});
