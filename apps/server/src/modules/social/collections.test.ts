import { call as callApi } from '../../testing/call.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { insertBareTemplate } from '../shares/testing.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  user?: TestUser | null,
  payload?: unknown,
) => callApi(t.app, user, method, `/api/community/${url}`, payload as object);
const newTemplate = (author: TestUser, title = 'Collected') =>
  insertBareTemplate(t.app, { authorId: author.id, title, createdAt: nowIso() });

async function collection(user: TestUser, visibility: 'public' | 'private' = 'public', title = 'Reading list') {
  const res = await call('POST', 'collections/', user, { title, description: 'Things to learn', visibility });
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function add(user: TestUser, id: number, share: number | string, note?: string) {
  return call('POST', `collections/${id}/items/`, user, { share, ...(note === undefined ? {} : { note }) });
}
const get = async (id: number | string, user?: TestUser | null) => call('GET', `collections/${id}/`, user);

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app, { username: 'alice' });
  bob = await createUser(t.app, { username: 'bob' });
});
afterAll(async () => t?.close());

describe('creating and reading collections', () => {
  it('creates one (201) as a Collection with no items, readable by id or uuid', async () => {
    const res = await call('POST', 'collections/', alice, { title: '  Maths  ', visibility: 'private' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Maths',
      description: '',
      visibility: 'private',
      owner: { id: alice.id, username: 'alice', avatar_url: expect.any(String) },
      items_count: 0,
      abilities: { update: true, delete: true, manage_items: true },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      items: [],
    });
    expect((await get(body.uuid, alice)).json()).toEqual(body);
  });

  it('refuses anonymous writes (401) and bad bodies in the contract error shape', async () => {
    expect((await call('POST', 'collections/', null, { title: 'x', visibility: 'public' })).statusCode).toBe(401);
    for (const [payload, field] of [
      [{ title: '', visibility: 'public' }, 'title'],
      [{ title: 'x'.repeat(101), visibility: 'public' }, 'title'],
      [{ title: 'ok', description: 'x'.repeat(1001), visibility: 'public' }, 'description'],
      [{ title: 'ok', visibility: 'friends' }, 'visibility'],
      [{ title: 'ok' }, 'visibility'],
    ] as const) {
      const res = await call('POST', 'collections/', alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', detail: expect.any(String) });
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });

  it('lists the own collections, or the public ones of ?owner=, to anyone', async () => {
    const owner = await createUser(t.app);
    const pub = await collection(owner, 'public', 'Open');
    const priv = await collection(owner, 'private', 'Secret');
    const own = await call('GET', 'collections/', owner);
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .results.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([pub.id, priv.id].sort());
    for (const viewer of [null, bob, owner]) {
      const res = await call('GET', `collections/?owner=${owner.username}`, viewer);
      expect(res.statusCode).toBe(200);
      const ids = res.json().results.map((c: { id: number }) => c.id);
      expect(ids).toEqual(viewer === owner ? [priv.id, pub.id] : [pub.id]);
    }
    expect((await call('GET', 'collections/?owner=nobody_here')).json()).toMatchObject({ count: 0, results: [] });
    expect((await call('GET', 'collections/')).statusCode).toBe(401);
  });

  it('shows a public collection to everyone and a private one only to its owner (404 to others)', async () => {
    const pub = await collection(alice, 'public');
    const priv = await collection(alice, 'private');
    expect((await get(pub.id)).statusCode).toBe(200);
    expect((await get(pub.id, bob)).statusCode).toBe(200);
    expect((await get(priv.id, alice)).statusCode).toBe(200);
    for (const viewer of [null, bob]) {
      const res = await get(priv.id, viewer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', detail: 'No such collection.' });
    }
    expect((await get(999_999)).statusCode).toBe(404);
  });
});

describe('changing and deleting collections', () => {
  it('lets the owner edit (PATCH, PUT) and delete (204)', async () => {
    const c = await collection(alice);
    const patched = await call('PATCH', `collections/${c.id}/`, alice, { visibility: 'private' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Reading list', visibility: 'private' });
    const put = await call('PUT', `collections/${c.id}/`, alice, { title: 'Renamed', visibility: 'public' });
    expect(put.json()).toMatchObject({ title: 'Renamed', description: 'Things to learn', visibility: 'public' });
    expect((await call('PATCH', `collections/${c.id}/`, alice, { title: '' })).statusCode).toBe(400);
    expect((await call('DELETE', `collections/${c.id}/`, alice)).statusCode).toBe(204);
    expect((await get(c.id, alice)).statusCode).toBe(404);
  });

  it('answers 403 to another user on a public collection, 404 on a private one, 401 to anonymous', async () => {
    const pub = await collection(alice, 'public');
    const priv = await collection(alice, 'private');
    const share = await newTemplate(alice);
    for (const [method, suffix, payload] of [
      ['PATCH', '', { title: 'Mine now' }],
      ['DELETE', '', undefined],
      ['POST', 'items/', { share }],
      ['DELETE', `items/${share}/`, undefined],
    ] as const) {
      expect((await call(method, `collections/${pub.id}/${suffix}`, bob, payload)).statusCode).toBe(403);
      expect((await call(method, `collections/${priv.id}/${suffix}`, bob, payload)).statusCode).toBe(404);
      expect((await call(method, `collections/${pub.id}/${suffix}`, null, payload)).statusCode).toBe(401);
    }
    expect((await get(pub.id, alice)).json()).toMatchObject({ title: 'Reading list', items_count: 0 });
  });
});

describe('items', () => {
  it('adds templates by id or uuid (201), refuses the same one twice (409) and removes them (204)', async () => {
    const c = await collection(alice);
    const first = await newTemplate(bob, 'First');
    const second = await newTemplate(bob, 'Second');
    const uuid = (await call('GET', `trees-shared/${second}/`)).json().uuid;
    const added = await add(alice, c.id, first, 'Start here');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      share: expect.objectContaining({ id: first, title: 'First' }),
      note: 'Start here',
      added_at: expect.any(String),
    });
    expect((await add(alice, c.id, uuid)).statusCode).toBe(201);
    const again = await add(alice, c.id, uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', detail: 'This template is already in the collection.' });
    const read = (await get(c.id)).json();
    expect(read.items_count).toBe(2);
    expect(read.items.map((i: { share: { id: number }; note: string }) => [i.share.id, i.note])).toEqual([
      [second, ''],
      [first, 'Start here'],
    ]);
    expect((await call('DELETE', `collections/${c.id}/items/${first}/`, alice)).statusCode).toBe(204);
    expect((await call('DELETE', `collections/${c.id}/items/${first}/`, alice)).statusCode).toBe(404);
    expect((await get(c.id)).json()).toMatchObject({ items_count: 1, items: [{ share: { id: second } }] });
  });

  it('refuses an unknown template and a bad body (400)', async () => {
    const c = await collection(alice);
    const unknown = await add(alice, c.id, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid', fields: { share: ['No such template.'] } });
    const bad = await call('POST', `collections/${c.id}/items/`, alice, { share: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['share']);
    const longNote = await add(alice, c.id, await newTemplate(bob), 'x'.repeat(1001));
    expect(Object.keys(longNote.json().fields)).toEqual(['note']);
    expect((await get(c.id)).json()).toMatchObject({ items_count: 0 });
  });

  it('says which collections hold a template when the list is asked with ?share=', async () => {
    const holding = await collection(alice, 'private', 'Holding');
    const other = await collection(alice, 'public', 'Other');
    const share = await newTemplate(bob, 'Held');
    const uuid = (await call('GET', `trees-shared/${share}/`)).json().uuid;
    await add(alice, holding.id, share);
    for (const ref of [share, uuid]) {
      const list = (await call('GET', `collections/?share=${ref}&page_size=100`, alice)).json();
      const flags = Object.fromEntries(
        list.results.map((c: { id: number; has_share: boolean }) => [c.id, c.has_share]),
      );
      expect(flags[holding.id]).toBe(true);
      expect(flags[other.id]).toBe(false);
    }
    const plain = (await call('GET', 'collections/', alice)).json();
    expect(plain.results[0]).not.toHaveProperty('has_share');
    const bad = await call('GET', 'collections/?share=nope', alice);
    expect(bad.statusCode).toBe(400);
  });

  it("lets the owner edit an item's note and move it (PATCH), in the order the collection is read", async () => {
    const c = await collection(alice);
    const [a, b, d] = [await newTemplate(bob, 'A'), await newTemplate(bob, 'B'), await newTemplate(bob, 'D')];
    for (const s of [a, b, d]) await add(alice, c.id, s);
    const ids = (body: { items: Array<{ share: { id: number } }> }) => body.items.map((i) => i.share.id);
    expect(ids((await get(c.id)).json())).toEqual([d, b, a]);
    const moved = await call('PATCH', `collections/${c.id}/items/${d}/`, alice, { position: 99, note: 'Last' });
    expect(moved.statusCode).toBe(200);
    expect(ids(moved.json())).toEqual([b, a, d]);
    expect(moved.json().items[2].note).toBe('Last');
    expect(ids((await call('PATCH', `collections/${c.id}/items/${a}/`, alice, { position: 0 })).json())).toEqual([
      a,
      b,
      d,
    ]);
    const e = await newTemplate(bob, 'E');
    await add(alice, c.id, e);
    expect(ids((await get(c.id)).json())).toEqual([e, a, b, d]);
    expect((await call('PATCH', `collections/${c.id}/items/${a}/`, bob, { note: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', `collections/${c.id}/items/999999/`, alice, { note: 'x' })).statusCode).toBe(404);
    const bad = await call('PATCH', `collections/${c.id}/items/${a}/`, alice, { position: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['position']);
  });

  it('keeps items_count exact under concurrent adds of the same and of different templates', async () => {
    const c = await collection(alice);
    const shares = await Promise.all(Array.from({ length: 5 }, (_, i) => newTemplate(bob, `Many ${i}`)));
    const results = await Promise.all(shares.flatMap((s) => [add(alice, c.id, s), add(alice, c.id, s)]));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    expect((await get(c.id)).json()).toMatchObject({ items_count: 5 });
  });

  it('keeps items_count exact under 50 concurrent writers adding 25 templates twice each', async () => {
    const c = await collection(alice);
    const shares = await Promise.all(Array.from({ length: 25 }, (_, i) => newTemplate(bob, `Busy ${i}`)));
    const results = await Promise.all(shares.flatMap((s) => [add(alice, c.id, s), add(alice, c.id, s)]));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(25);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(25);
    expect((await get(c.id)).json()).toMatchObject({ items_count: 25 });
  });

  it('answers ids past the largest stored id as unknown templates, never as a database error', async () => {
    const c = await collection(alice);
    const listed = await call('GET', 'collections/?share=999999999999', alice);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.every((r: { has_share: boolean }) => r.has_share === false)).toBe(true);
    const patched = await call('PATCH', `collections/${c.id}/items/999999999999/`, alice, { note: 'x' });
    expect(patched.statusCode).toBe(404);
  });

  it('lets a withdrawn template leave every collection, with exact counts', async () => {
    const c1 = await collection(alice);
    const c2 = await collection(bob, 'private');
    const goes = await newTemplate(bob, 'Goes');
    const stays = await newTemplate(bob, 'Stays');
    for (const [user, c] of [
      [alice, c1],
      [bob, c2],
    ] as const) {
      await add(user, c.id, goes);
      await add(user, c.id, stays);
    }
    expect((await call('DELETE', `trees-shared/${goes}/`, bob)).statusCode).toBe(204);
    expect((await get(c1.id)).json()).toMatchObject({ items_count: 1, items: [{ share: { id: stays } }] });
    expect((await get(c2.id, bob)).json()).toMatchObject({ items_count: 1, items: [{ share: { id: stays } }] });
  });
});

describe('deleting an account', () => {
  it('takes its collections with it; its templates leave others’ collections', async () => {
    const leaving = await createUser(t.app);
    const own = await collection(leaving);
    const theirs = await newTemplate(leaving, 'By the leaver');
    const mine = await collection(alice);
    await add(alice, mine.id, theirs);
    await add(leaving, own.id, await newTemplate(bob));
    await t.app.deps.events.transaction(t.app.db, async (trx, publish) => {
      await publish('user.deleted', { userId: leaving.id });
      await trx.deleteFrom('users').where('id', '=', leaving.id).execute();
    });
    expect((await get(own.id)).statusCode).toBe(404);
    expect((await get(mine.id)).json()).toMatchObject({ items_count: 0, items: [] });
    const left = await t.app.db
      .selectFrom('collection_items')
      .select('id')
      .where('collection_id', '=', own.id)
      .execute();
    expect(left).toEqual([]);
  });
});
