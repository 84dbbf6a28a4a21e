// Issue 30: reviews, comments, suggestions and collections carry `abilities`, computed by the
// policies, so that the web never re-derives who may do what. Each is checked as its author, the
// template's author, someone else, an admin and anonymous, on every answer that returns it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { titledDocument } from './templates.testing.ts';

let t: TestApp;
let alice: TestUser; // the template's author
let bob: TestUser; // reviews, comments and suggests
let carol: TestUser; // someone else
let admin: TestUser;
let share: number;

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload }) });

/** `url`'s answer for `user`, which must be `status`. */
async function answer(user: TestUser | null, url: string, status = 200, method: 'GET' | 'POST' = 'GET', body?: object) {
  const res = await inject(method, url, user, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** The abilities of the first item of a list (`results`) as `user` sees it. */
const firstOf = async (user: TestUser | null, url: string) => (await answer(user, url)).results[0].abilities;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  carol = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  const tree = await answer(alice, '/api/tree/skills_tree/', 201, 'POST', {
    title: 'Template',
    data: titledDocument({ a: 'A' }),
  });
  share = (await answer(alice, '/api/community/trees-shared/share_tree/', 201, 'POST', { tree: tree.id })).id;
});
afterAll(async () => t?.close());

describe('review abilities', () => {
  const none = { update: false, delete: false, mark_helpful: false, reply: false, report: false };
  let review: number;

  beforeAll(async () => {
    const posted = await answer(bob, `/api/community/trees-shared/${share}/reviews/`, 201, 'POST', {
      rating: 4,
      body: 'Good',
    });
    review = posted.id;
    expect(posted.abilities).toEqual({ ...none, update: true, delete: true });
  });

  it('its author changes it, the template author replies, others vote and report, an admin also deletes', async () => {
    const list = `/api/community/trees-shared/${share}/reviews/`;
    expect(await firstOf(bob, list)).toEqual({ ...none, update: true, delete: true });
    expect(await firstOf(alice, list)).toEqual({ ...none, mark_helpful: true, reply: true, report: true });
    expect(await firstOf(carol, list)).toEqual({ ...none, mark_helpful: true, report: true });
    expect(await firstOf(admin, list)).toEqual({ ...none, delete: true, mark_helpful: true, report: true });
    expect(await firstOf(null, list)).toEqual(none);
  });

  it('rides on the answers of an edit and a reply', async () => {
    const edited = await inject('PATCH', `/api/community/reviews/${review}/`, bob, { body: 'Better' });
    expect(edited.json().abilities).toEqual({ ...none, update: true, delete: true });
    const replied = await answer(alice, `/api/community/reviews/${review}/reply/`, 200, 'POST', { body: 'Thanks' });
    expect(replied.abilities).toEqual({ ...none, mark_helpful: true, reply: true, report: true });
  });

  it('a review a moderator hid takes no changes, even from its author', async () => {
    await t.app.db.updateTable('share_ratings').set({ hidden: 1 }).where('id', '=', review).execute();
    const list = `/api/community/trees-shared/${share}/reviews/`;
    expect(await firstOf(bob, list)).toEqual(none);
    expect(await firstOf(admin, list)).toEqual({ ...none, report: true });
    await t.app.db.updateTable('share_ratings').set({ hidden: 0 }).where('id', '=', review).execute();
  });
});

describe('comment abilities', () => {
  const none = { reply: false, update: false, delete: false, report: false };
  const list = () => `/api/community/trees-shared/${share}/comments/`;

  it('its author edits and deletes it, the template author and an admin delete it, the signed-in reply and report', async () => {
    const posted = await answer(bob, list(), 201, 'POST', { body: 'Hello' });
    expect(posted.abilities).toEqual({ ...none, reply: true, update: true, delete: true });
    expect(await firstOf(bob, list())).toEqual({ ...none, reply: true, update: true, delete: true });
    expect(await firstOf(alice, list())).toEqual({ ...none, reply: true, delete: true, report: true });
    expect(await firstOf(carol, list())).toEqual({ ...none, reply: true, report: true });
    expect(await firstOf(admin, list())).toEqual({ ...none, reply: true, delete: true, report: true });
    expect(await firstOf(null, list())).toEqual(none);
    const edited = await inject('PATCH', `/api/community/comments/${posted.id}/`, bob, { body: 'Hello again' });
    expect(edited.json().abilities).toEqual({ ...none, reply: true, update: true, delete: true });
  });

  it('a deleted thread kept for its replies takes replies and nothing else', async () => {
    const head = await answer(carol, list(), 201, 'POST', { body: 'A thread' });
    await answer(bob, list(), 201, 'POST', { body: 'A reply', parent: head.id });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/community/comments/${head.id}/`, headers: carol.headers }))
        .statusCode,
    ).toBe(204);
    const threads = (await answer(carol, list())).results as { id: number; abilities: object }[];
    expect(threads.find((c) => c.id === head.id)?.abilities).toEqual({ ...none, reply: true });
    expect((await answer(null, list())).results.find((c: { id: number }) => c.id === head.id).abilities).toEqual(none);
  });
});

describe('suggestion abilities', () => {
  const none = { accept: false, reject: false, withdraw: false };

  it('the template author decides an open suggestion, its author withdraws it, nobody else does anything', async () => {
    const list = `/api/community/trees-shared/${share}/suggestions/`;
    const posted = await answer(bob, list, 201, 'POST', { title: 'More', data: titledDocument({ a: 'A', b: 'B' }) });
    expect(posted.abilities).toEqual({ ...none, withdraw: true });
    const one = `/api/community/suggestions/${posted.id}/`;
    expect((await answer(bob, one)).abilities).toEqual({ ...none, withdraw: true });
    expect((await answer(alice, one)).abilities).toEqual({ ...none, accept: true, reject: true });
    expect(await firstOf(alice, list)).toEqual({ ...none, accept: true, reject: true });
    expect(await firstOf(carol, list)).toEqual(none);
    expect(await firstOf(admin, list)).toEqual(none);
    expect(await firstOf(null, list)).toEqual(none);
    const withdrawn = await answer(bob, `${one}withdraw/`, 200, 'POST');
    expect(withdrawn.abilities).toEqual(none);
    expect((await answer(alice, one)).abilities).toEqual(none);
  });
});

describe('collection abilities', () => {
  const none = { update: false, delete: false, manage_items: false };
  const all = { update: true, delete: true, manage_items: true };

  it('only its owner changes a collection', async () => {
    const created = await answer(carol, '/api/community/collections/', 201, 'POST', {
      title: 'Picks',
      visibility: 'public',
    });
    expect(created.abilities).toEqual(all);
    const one = `/api/community/collections/${created.uuid}/`;
    expect((await answer(carol, one)).abilities).toEqual(all);
    expect((await answer(bob, one)).abilities).toEqual(none);
    expect((await answer(admin, one)).abilities).toEqual(none);
    expect((await answer(null, one)).abilities).toEqual(none);
    expect(await firstOf(carol, '/api/community/collections/')).toEqual(all);
    expect(await firstOf(null, `/api/community/collections/?owner=${carol.username}`)).toEqual(none);
    const edited = await inject('PATCH', one, carol, { title: 'Best picks' });
    expect(edited.json().abilities).toEqual(all);
  });
});
