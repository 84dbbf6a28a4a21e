import { call as callApi } from '../../testing/call.ts';
import { Progress } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';

let t: TestApp;
let learner: TestUser;
let author: TestUser;
let stranger: TestUser;

/**
 * root ─ basics ─ syntax
 *      └ advanced ─ generics
 * with prerequisite links basics → advanced and syntax → generics (and a related link that never locks).
 */
const document = {
  nodes: [
    { id: 'root', parent_id: null, title: '学习 TypeScript' },
    { id: 'basics', parent_id: 'root', title: 'Basics', estimate_minutes: 30 },
    { id: 'syntax', parent_id: 'basics', title: 'Syntax', estimate_minutes: 45 },
    { id: 'advanced', parent_id: 'root', title: 'Advanced' },
    { id: 'generics', parent_id: 'advanced', title: 'Generics', estimate_minutes: 90 },
  ],
  links: [
    { source: 'basics', target: 'advanced', kind: 'prerequisite' },
    { source: 'syntax', target: 'generics', kind: 'prerequisite' },
    { source: 'root', target: 'syntax', kind: 'related' },
  ],
};

const call = async (
  user: TestUser | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => callApi(t.app, user, method, url, payload);

async function ownTree(user: TestUser, visibility = 'private') {
  return (await createTree(t.app, user, { title: 'TS', visibility, data: document })) as { id: number; uuid: string };
}

async function shareOf(user: TestUser) {
  const tree = await ownTree(user);
  const res = await call(user, 'POST', '/api/community/trees-shared/share_tree/', { tree: tree.id });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; uuid: string };
}

beforeAll(async () => {
  t = await createTestApp();
  [learner, author, stranger] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
});
afterAll(async () => t.close());

describe('progress', () => {
  it('starts empty, with what waits locked and nothing counted done', async () => {
    const tree = await ownTree(learner);
    const res = await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subject: { kind: 'tree', uuid: tree.uuid, title: 'TS' },
      nodes: {},
      locked: ['advanced', 'generics'],
      summary: { counted: 4, done: 0, learning: 0, skipped: 0, percent: 0 },
    });
  });

  it('unlocks a node when what it waits for is done or skipped, and counts percent over all but the root', async () => {
    const tree = await ownTree(learner);
    let res = await call(learner, 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'basics',
      status: 'done',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().locked).toEqual(['generics']);
    // Progress answers skip response validation (learning.routes.ts): they must still match the contract exactly.
    expect(Progress.strict().parse(res.json())).toEqual(res.json());
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    res = await call(learner, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'syntax', status: 'skipped' });
    expect(res.json().locked).toEqual([]);
    expect(res.json().summary).toEqual({ counted: 4, done: 1, learning: 0, skipped: 1, percent: 50 });
    res = await call(learner, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'root', status: 'done' });
    expect(res.json().summary.percent).toBe(50);
    expect(res.json().nodes.root.status).toBe('done');
    res = await call(learner, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'syntax', status: 'todo' });
    expect(res.json().nodes.syntax).toBeUndefined();
    expect(res.json().locked).toEqual(['generics']);
  });

  it('marks every prerequisite done with "I know this"', async () => {
    const tree = await ownTree(learner);
    const res = await call(learner, 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'generics',
      status: 'done',
      with_prerequisites: true,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().nodes).sort()).toEqual(['generics', 'syntax']);
    const refused = await call(learner, 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'generics',
      status: 'learning',
      with_prerequisites: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('with_prerequisites');
  });

  it('refuses an unknown node, a bad status, and a subject named by neither or both', async () => {
    const tree = await ownTree(learner);
    const unknown = await call(learner, 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'nope',
      status: 'done',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('node_id');
    const badStatus = await call(learner, 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'basics',
      status: 'mastered',
    });
    expect(badStatus.statusCode).toBe(400);
    expect((await call(learner, 'GET', '/api/learn/progress/')).statusCode).toBe(400);
    const both = await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}&share=${tree.uuid}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('invalid');
  });

  it('writes a bulk change all or nothing', async () => {
    const tree = await ownTree(learner);
    const bad = await call(learner, 'POST', '/api/learn/progress/bulk/', {
      tree: tree.uuid,
      items: [
        { node_id: 'basics', status: 'done' },
        { node_id: 'ghost', status: 'done' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['items[1].node_id']);
    expect((await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}`)).json().nodes).toEqual({});
    const good = await call(learner, 'POST', '/api/learn/progress/bulk/', {
      tree: tree.uuid,
      items: [
        { node_id: 'basics', status: 'done' },
        { node_id: 'advanced', status: 'learning' },
      ],
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().summary).toMatchObject({ done: 1, learning: 1 });
    const empty = await call(learner, 'POST', '/api/learn/progress/bulk/', { tree: tree.uuid, items: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the progress of a removed node uncounted, and brings it back with the node', async () => {
    const tree = await ownTree(learner);
    await call(learner, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'syntax', status: 'done' });
    const without = { ...document, nodes: document.nodes.filter((n) => n.id !== 'syntax'), links: [] };
    const save = (data: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/tree/skills_tree/${tree.id}/`,
        headers: learner.headers,
        payload: { data },
      });
    expect((await save(without)).statusCode).toBe(200);
    let progress = (await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}`)).json();
    expect(progress.nodes).toEqual({});
    expect(progress.summary).toMatchObject({ counted: 3, done: 0 });
    expect((await save(document)).statusCode).toBe(200);
    progress = (await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}`)).json();
    expect(progress.nodes.syntax.status).toBe('done');
  });

  it('never answers from a document that another app process has saved since', async () => {
    const tree = await ownTree(learner);
    // This app parses the document once and keeps it for the revision it read.
    expect((await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}`)).json().locked).toEqual([
      'advanced',
      'generics',
    ]);
    const other = await buildApp(t.config, { database: t.database.handle, migrate: false });
    await other.ready();
    try {
      const saved = await other.inject({
        method: 'PATCH',
        url: `/api/tree/skills_tree/${tree.id}/`,
        headers: learner.headers,
        payload: { data: { ...document, links: [] } },
      });
      expect(saved.statusCode).toBe(200);
    } finally {
      await other.close();
    }
    const progress = (await call(learner, 'GET', `/api/learn/progress/?tree=${tree.uuid}`)).json();
    expect(progress.locked).toEqual([]);
  });
});

describe('paths', () => {
  it('lists what the target still waits for, in order, with the total time (60 for unknown estimates)', async () => {
    const tree = await ownTree(learner);
    const res = await call(learner, 'GET', `/api/learn/path/?tree=${tree.uuid}&target=generics`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      target: 'generics',
      steps: [
        { node_id: 'syntax', title: 'Syntax', status: 'todo', estimate_minutes: 45 },
        { node_id: 'generics', title: 'Generics', status: 'todo', estimate_minutes: 90 },
      ],
      total_minutes: 135,
    });
    await call(learner, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'generics', status: 'done' });
    const done = await call(learner, 'GET', `/api/learn/path/?tree=${tree.uuid}&target=generics`);
    expect(done.json()).toEqual({ target: 'generics', steps: [], total_minutes: 0 });
    const unknown = await call(learner, 'GET', `/api/learn/path/?tree=${tree.uuid}&target=ghost`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('target');
  });
});

describe('notes', () => {
  it('saves, lists, finds (CJK substrings too) and deletes a private note', async () => {
    const tree = await ownTree(learner);
    const saved = await call(learner, 'PUT', '/api/learn/notes/', {
      tree: tree.uuid,
      node_id: 'generics',
      content: '泛型约束很重要：`T extends object`',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ node_id: 'generics', content: '泛型约束很重要：`T extends object`' });
    const list = await call(learner, 'GET', `/api/learn/notes/?tree=${tree.uuid}`);
    expect(list.json()).toHaveLength(1);
    const found = await call(learner, 'GET', `/api/learn/notes/search/?q=${encodeURIComponent('约束')}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()[0]).toMatchObject({
      subject: { kind: 'tree', uuid: tree.uuid, title: 'TS' },
      node_id: 'generics',
      node_title: 'Generics',
    });
    expect(found.json()[0].snippet).toContain('约束');
    // the snippet is the note as read, not its Markdown
    expect(found.json()[0].snippet).toBe('泛型约束很重要：T extends object');
    expect((await call(stranger, 'GET', `/api/learn/notes/search/?q=${encodeURIComponent('约束')}`)).json()).toEqual(
      [],
    );
    const percent = await call(learner, 'GET', `/api/learn/notes/search/?q=${encodeURIComponent('%_')}`);
    expect(percent.json()).toEqual([]);
    expect((await call(learner, 'GET', '/api/learn/notes/search/?q=x')).statusCode).toBe(400);
    const deleted = await call(learner, 'PUT', '/api/learn/notes/', {
      tree: tree.uuid,
      node_id: 'generics',
      content: '',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await call(learner, 'GET', `/api/learn/notes/?tree=${tree.uuid}`)).json()).toEqual([]);
  });

  it('keeps a note changed after an offline edit’s base: 409 with the stored note, nothing written', async () => {
    const tree = await ownTree(learner);
    const note = (content: string, base?: string) =>
      call(learner, 'PUT', '/api/learn/notes/', {
        tree: tree.uuid,
        node_id: 'basics',
        content,
        ...(base === undefined ? {} : { base_updated_at: base }),
      });
    // No stored note: an offline edit is simply saved.
    const first = await note('edited offline', '2026-01-01T00:00:00.000Z');
    expect(first.statusCode).toBe(200);
    const stored = first.json() as { updated_at: string };
    // Edited from the stored version: saved.
    const second = await note('edited again', stored.updated_at);
    expect(second.statusCode).toBe(200);
    const latest = second.json() as { node_id: string; content: string; updated_at: string };
    // Edited from a version older than the stored one (another device wrote meanwhile): refused.
    const older = new Date(Date.parse(latest.updated_at) - 60_000).toISOString();
    const refused = await note('stale offline edit', older);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', note: latest });
    // A stale deletion is refused the same way.
    expect((await note('', older)).statusCode).toBe(409);
    expect((await call(learner, 'GET', `/api/learn/notes/?tree=${tree.uuid}`)).json()).toEqual([latest]);
    // Someone else's tree stays unseen whatever the base.
    const strangers = await call(stranger, 'PUT', '/api/learn/notes/', {
      tree: tree.uuid,
      node_id: 'basics',
      content: 'x',
      base_updated_at: older,
    });
    expect(strangers.statusCode).toBe(404);
    // Not a date-time: 400 on the field.
    const bad = await note('x', 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('base_updated_at');
  });

  it('refuses a note on an unknown node and one over 20,000 characters', async () => {
    const tree = await ownTree(learner);
    const unknown = await call(learner, 'PUT', '/api/learn/notes/', {
      tree: tree.uuid,
      node_id: 'ghost',
      content: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    const long = await call(learner, 'PUT', '/api/learn/notes/', {
      tree: tree.uuid,
      node_id: 'basics',
      content: 'x'.repeat(20_001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('content');
  });
});

describe('templates, forks and clean-up', () => {
  it('learns a template, then moves progress and notes to the fork made from it', async () => {
    const share = await shareOf(author);
    await call(learner, 'PUT', '/api/learn/progress/', { share: share.uuid, node_id: 'basics', status: 'done' });
    await call(learner, 'PUT', '/api/learn/notes/', { share: share.uuid, node_id: 'basics', content: 'my note' });
    const used = await call(learner, 'POST', `/api/community/trees-shared/${share.id}/use_tree/`, {});
    expect(used.statusCode).toBe(201);
    const fork = used.json().tree as { uuid: string };
    const progress = (await call(learner, 'GET', `/api/learn/progress/?tree=${fork.uuid}`)).json();
    expect(progress.nodes.basics.status).toBe('done');
    expect((await call(learner, 'GET', `/api/learn/notes/?tree=${fork.uuid}`)).json()[0].content).toBe('my note');
    // Moved, not copied: the template is no longer one of the learner's subjects.
    expect((await call(learner, 'GET', `/api/learn/progress/?share=${share.uuid}`)).json().nodes).toEqual({});
    expect((await call(learner, 'GET', `/api/learn/notes/?share=${share.uuid}`)).json()).toEqual([]);
    const subjects = (await call(learner, 'GET', '/api/learn/subjects/')).json().results as { uuid: string }[];
    expect(subjects.filter((s) => s.uuid === share.uuid || s.uuid === fork.uuid).map((s) => s.uuid)).toEqual([
      fork.uuid,
    ]);
    // The author sees nothing of it, on the template or anywhere else.
    expect((await call(author, 'GET', `/api/learn/progress/?share=${share.uuid}`)).json().nodes).toEqual({});
    expect((await call(author, 'GET', `/api/learn/notes/?share=${share.uuid}`)).json()).toEqual([]);
  });

  it('lists subjects by newest activity, and forgets one', async () => {
    const user = await createUser(t.app);
    const first = await ownTree(user);
    const second = await ownTree(user);
    await call(user, 'PUT', '/api/learn/progress/', { tree: first.uuid, node_id: 'basics', status: 'done' });
    await call(user, 'PUT', '/api/learn/progress/', { tree: second.uuid, node_id: 'basics', status: 'learning' });
    const list = (await call(user, 'GET', '/api/learn/subjects/')).json();
    expect(list.count).toBe(2);
    expect(list.results.map((s: { uuid: string }) => s.uuid)).toEqual([second.uuid, first.uuid]);
    expect(list.results[1]).toMatchObject({
      kind: 'tree',
      title: 'TS',
      // the card marking `basics` done made: new, and admitted today
      due_cards: 1,
      summary: { done: 1, percent: 25 },
    });
    expect((await call(user, 'DELETE', `/api/learn/subjects/?tree=${first.uuid}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/learn/subjects/')).json().count).toBe(1);
    expect((await call(user, 'GET', `/api/learn/progress/?tree=${first.uuid}`)).json().nodes).toEqual({});
  });

  it('counts only the subjects it lists: a hidden template and a tree made private leave both', async () => {
    const user = await createUser(t.app);
    const own = await ownTree(user);
    const template = await shareOf(author);
    const foreign = await ownTree(stranger, 'public');
    for (const subject of [{ tree: own.uuid }, { share: template.uuid }, { tree: foreign.uuid }]) {
      const res = await call(user, 'PUT', '/api/learn/progress/', { ...subject, node_id: 'basics', status: 'done' });
      expect(res.statusCode).toBe(200);
    }
    expect((await call(user, 'GET', '/api/learn/subjects/')).json().count).toBe(3);
    await t.app.db.updateTable('shares').set({ hidden: 1 }).where('id', '=', template.id).execute();
    await t.app.db.updateTable('trees').set({ visibility: 'private' }).where('id', '=', foreign.id).execute();
    const list = (await call(user, 'GET', '/api/learn/subjects/')).json();
    expect(list.count).toBe(1);
    expect(list.results.map((s: { uuid: string }) => s.uuid)).toEqual([own.uuid]);
    const paged = (await call(user, 'GET', '/api/learn/subjects/?page_size=1&page=1')).json();
    expect(paged).toMatchObject({ count: 1, next: null });
    expect(paged.results).toHaveLength(1);
  });

  it('removes every learning row of a deleted tree', async () => {
    const user = await createUser(t.app);
    const tree = await ownTree(user);
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'basics', status: 'done' });
    await call(user, 'PUT', '/api/learn/notes/', { tree: tree.uuid, node_id: 'basics', content: 'gone soon' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tree/skills_tree/${tree.id}/`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(204);
    for (const table of ['learning_progress', 'learning_notes', 'learning_subjects'] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select('id')
        .where('subject_kind', '=', 'tree')
        .where('subject_id', '=', tree.id)
        .execute();
      expect(rows).toEqual([]);
    }
  });
});

describe('activity', () => {
  it('counts progress changes per day and the current streak', async () => {
    const user = await createUser(t.app);
    const tree = await ownTree(user);
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'basics', status: 'done' });
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'basics', status: 'done' });
    const res = await call(user, 'GET', '/api/learn/activity/?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timezone).toBe('UTC');
    expect(body.days).toHaveLength(7);
    expect(body.days[6]).toMatchObject({ date: new Date().toISOString().slice(0, 10), progress: 1, reviews: 0 });
    expect(body.streak).toEqual({ current: 1, longest: 1 });
    expect((await call(user, 'GET', '/api/learn/activity/?days=0')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/learn/activity/?days=367')).statusCode).toBe(400);
  });
});

describe('privacy', () => {
  const calls = (subject: string) =>
    [
      ['GET', `/api/learn/progress/?${subject}`],
      ['PUT', '/api/learn/progress/', { node_id: 'basics', status: 'done' }],
      ['POST', '/api/learn/progress/bulk/', { items: [{ node_id: 'basics', status: 'done' }] }],
      ['GET', `/api/learn/path/?${subject}&target=basics`],
      ['DELETE', `/api/learn/subjects/?${subject}`],
      ['GET', `/api/learn/notes/?${subject}`],
      ['PUT', '/api/learn/notes/', { node_id: 'basics', content: 'x' }],
    ] as const;

  it('answers 401 to anonymous callers on every call', async () => {
    const tree = await ownTree(learner, 'public');
    const all = [
      ...calls(`tree=${tree.uuid}`),
      ['GET', '/api/learn/subjects/'],
      ['GET', '/api/learn/activity/'],
      ['GET', '/api/learn/notes/search/?q=abc'],
    ] as const;
    for (const [method, url, body] of all) {
      const payload = body ? { tree: tree.uuid, ...body } : undefined;
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's private tree on every call, and never shows one learner's rows to another", async () => {
    const hidden = await ownTree(author, 'private');
    for (const [method, url, body] of calls(`tree=${hidden.uuid}`)) {
      const payload = body ? { tree: hidden.uuid, ...body } : undefined;
      const res = await call(stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A public tree: anyone may learn it, each learner sees only their own rows.
    const open = await ownTree(author, 'public');
    await call(author, 'PUT', '/api/learn/progress/', { tree: open.uuid, node_id: 'basics', status: 'done' });
    await call(author, 'PUT', '/api/learn/notes/', { tree: open.uuid, node_id: 'basics', content: 'author only' });
    expect((await call(stranger, 'GET', `/api/learn/progress/?tree=${open.uuid}`)).json().nodes).toEqual({});
    expect((await call(stranger, 'GET', `/api/learn/notes/?tree=${open.uuid}`)).json()).toEqual([]);
    const admin = await createUser(t.app, { role: 'admin' });
    expect((await call(admin, 'GET', `/api/learn/notes/?tree=${open.uuid}`)).json()).toEqual([]);
    expect((await call(admin, 'GET', `/api/learn/progress/?tree=${open.uuid}`)).json().nodes).toEqual({});
  });

  it('answers 404 for an unknown template', async () => {
    const res = await call(learner, 'GET', '/api/learn/progress/?share=00000000-0000-0000-0000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});
