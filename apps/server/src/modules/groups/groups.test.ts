import type { Assignment, Dashboard, Group, GroupPreview, Notification } from '@arbor/contract';
import { JOIN_CODE_ALPHABET } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { testClock, type TestClock } from '../../testing/test-clock.ts';
import { freshIp, obtainCode, readOutbox, solvedCaptcha } from '../accounts/testing.ts';
import { createTree } from '../trees/testing.ts';
import { runReminders } from './reminders.service.ts';

let t: TestApp;
let call: Caller;
let clock: TestClock;

const NOW = '2026-03-10T08:00:00.000Z';
const DAY = 86_400_000;
const NOTE = 'SECRET-NOTE-私の秘密のメモ';
const CARD = 'SECRET-CARD-カードの裏';

beforeAll(async () => {
  clock = testClock(NOW);
  t = await createTestApp({}, { clock });
  call = callerOf(t.app);
});
afterAll(async () => {
  await t.close();
});

/** root ─ a, b, c; c waits for b, b for a. Titles in Chinese, so the CSV must keep CJK intact. */
const document = {
  nodes: [
    { id: 'root', parent_id: null, title: '网页开发' },
    { id: 'a', parent_id: 'root', title: '超文本' },
    { id: 'b', parent_id: 'root', title: '样式表' },
    { id: 'c', parent_id: 'root', title: '脚本' },
  ],
  links: [
    { source: 'a', target: 'b', kind: 'prerequisite' },
    { source: 'b', target: 'c', kind: 'prerequisite' },
  ],
};

interface Cast {
  owner: TestUser;
  mentor: TestUser;
  member: TestUser;
  other: TestUser;
  outsider: TestUser;
  admin: TestUser;
  group: Group;
  tree: { uuid: string };
}

let seq = 0;
const email = (name: string) => `${name}-${++seq}@groups.test`;

async function join(user: TestUser, code: string) {
  const res = await call(user, 'POST', '/api/groups/join/', { code, share_progress: true });
  expect(res.statusCode).toBe(201);
  return res.json() as Group;
}

/** A class with its owner, a mentor, two members, an outsider and an admin, and a public tree to assign. */
async function cast(): Promise<Cast> {
  const owner = await createUser(t.app, { email: email('owner'), locale: 'en-US' });
  const mentor = await createUser(t.app, { email: email('mentor') });
  const member = await createUser(t.app, { email: email('member'), locale: 'ja-JP' });
  const other = await createUser(t.app, { email: email('other'), locale: 'zh-CN' });
  const outsider = await createUser(t.app);
  const admin = await createUser(t.app, { role: 'admin' });
  const created = await call(owner, 'POST', '/api/groups/', { name: '三年二班', kind: 'class' });
  expect(created.statusCode).toBe(201);
  const group = created.json() as Group;
  await join(mentor, group.join_code!);
  await join(member, group.join_code!);
  await join(other, group.join_code!);
  expect(
    (await call(owner, 'PATCH', `/api/groups/${group.uuid}/members/${mentor.id}/`, { role: 'mentor' })).statusCode,
  ).toBe(200);
  const tree = (await createTree(t.app, owner, { title: 'Web 开发', visibility: 'public', data: document })) as {
    uuid: string;
  };
  return { owner, mentor, member, other, outsider, admin, group, tree };
}

async function assign(c: Cast, body: Record<string, unknown> = {}): Promise<Assignment> {
  const res = await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/`, { tree: c.tree.uuid, ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as Assignment;
}

const learn = (user: TestUser, tree: { uuid: string }, node: string, status: string) =>
  call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: node, status });

/** A tree's numeric id (the share call names the tree by id). */
const treeId = async (tree: { uuid: string }) =>
  (await t.app.db.selectFrom('trees').select('id').where('uuid', '=', tree.uuid).executeTakeFirstOrThrow()).id;

const notificationsOf = async (user: TestUser) =>
  ((await call(user, 'GET', '/api/notifications/')).json() as { results: Notification[] }).results;

describe('groups', () => {
  let c: Cast;
  let assignment: Assignment;
  beforeAll(async () => {
    c = await cast();
    assignment = await assign(c, { due_date: '2026-03-20', note: 'Read chapter one' });
  });

  it('creates a group with me as owner and an 8-character join code from the alphabet', async () => {
    const res = await call(c.owner, 'GET', `/api/groups/${c.group.uuid}/`);
    expect(res.statusCode).toBe(200);
    const group = res.json() as Group;
    expect(group.my_role).toBe('owner');
    expect(group.members_count).toBe(4);
    expect(group.assignments_count).toBe(1);
    expect(group.join_code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`));
    expect(group.abilities).toMatchObject({ delete: true, manage_roles: true, leave: false });
    const list = (await call(c.member, 'GET', '/api/groups/')).json() as Group[];
    const mine = list.find((g) => g.uuid === c.group.uuid)!;
    expect(mine.my_role).toBe('member');
    expect(mine.join_code).toBeNull();
    expect(mine.abilities).toMatchObject({ update: false, assign: false, leave: true });
  });

  it('answers each role, a non-member, an admin and an anonymous caller on every group call', async () => {
    const g = `/api/groups/${c.group.uuid}`;
    const a = `${g}/assignments/${assignment.id}`;
    type Row = [method: 'GET' | 'PATCH' | 'POST', url: string, body: unknown, expected: number[]];
    // expected: owner, mentor, member, outsider, admin, anonymous
    const rows: Row[] = [
      ['GET', `${g}/`, undefined, [200, 200, 200, 404, 404, 401]],
      ['PATCH', `${g}/`, { description: 'Spring term' }, [200, 200, 403, 404, 404, 401]],
      ['POST', `${g}/rotate_code/`, undefined, [200, 200, 403, 404, 404, 401]],
      ['GET', `${g}/members/`, undefined, [200, 200, 200, 404, 404, 401]],
      ['PATCH', `${g}/members/${c.other.id}/`, { role: 'member' }, [200, 403, 403, 404, 404, 401]],
      ['GET', `${g}/assignments/`, undefined, [200, 200, 200, 404, 404, 401]],
      ['GET', `${a}/`, undefined, [200, 200, 200, 404, 404, 401]],
      ['PATCH', `${a}/`, { note: 'Read chapter one and two' }, [200, 200, 403, 404, 404, 401]],
      ['GET', `${a}/progress/`, undefined, [200, 200, 403, 404, 404, 401]],
      ['GET', `${a}/progress/?format=csv`, undefined, [200, 200, 403, 404, 404, 401]],
      ['POST', `${a}/nudge/`, { user_ids: [] }, [200, 200, 403, 404, 404, 401]],
      // The mentor may assign, but only their own trees (or templates): the owner's tree is refused.
      ['POST', `${g}/assignments/`, { tree: c.tree.uuid }, [201, 400, 403, 404, 404, 401]],
    ];
    for (const [method, url, body, expected] of rows) {
      const got = [];
      for (const who of [c.owner, c.mentor, c.member, c.outsider, c.admin, null]) {
        got.push((await call(who, method, url, body as object | undefined)).statusCode);
      }
      expect({ method, url, got }).toEqual({ method, url, got: expected });
    }
    const mentorsTree = (await createTree(t.app, c.mentor, { visibility: 'unlisted', data: document })) as {
      uuid: string;
    };
    expect((await call(c.mentor, 'POST', `${g}/assignments/`, { tree: mentorsTree.uuid })).statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/groups/'],
      ['POST', '/api/groups/'],
      ['GET', '/api/groups/preview/?code=ABCDEFGH'],
      ['POST', '/api/groups/join/'],
    ] as const) {
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
  });

  it('previews and joins only with the current code and the consent to share progress', async () => {
    const newcomer = await createUser(t.app);
    const code = (
      (await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/rotate_code/`)).json() as { join_code: string }
    ).join_code;
    const preview = await call(newcomer, 'GET', `/api/groups/preview/?code=${code.toLowerCase()}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json() as GroupPreview).toMatchObject({
      name: '三年二班',
      kind: 'class',
      owner: { id: c.owner.id },
    });
    expect((await call(newcomer, 'GET', '/api/groups/preview/?code=ZZZZZZZZ')).statusCode).toBe(404);
    const refused = await call(newcomer, 'POST', '/api/groups/join/', { code });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['share_progress']);
    expect((await call(newcomer, 'POST', '/api/groups/join/', { code, share_progress: false })).statusCode).toBe(400);
    expect((await call(newcomer, 'POST', '/api/groups/join/', { code, share_progress: true })).statusCode).toBe(201);
    expect((await call(newcomer, 'POST', '/api/groups/join/', { code, share_progress: true })).statusCode).toBe(409);
    // The owner and the mentor hear of it.
    expect((await notificationsOf(c.owner)).some((n) => n.kind === 'group_joined' && n.actor?.id === newcomer.id)).toBe(
      true,
    );
    expect(
      (await notificationsOf(c.mentor)).some((n) => n.kind === 'group_joined' && n.actor?.id === newcomer.id),
    ).toBe(true);
    // The old code stops working at once after a rotation; a closed group cannot be joined.
    const late = await createUser(t.app);
    const rotated = (await call(c.mentor, 'POST', `/api/groups/${c.group.uuid}/rotate_code/`)).json() as {
      join_code: string;
    };
    expect((await call(late, 'GET', `/api/groups/preview/?code=${code}`)).statusCode).toBe(404);
    await call(c.owner, 'PATCH', `/api/groups/${c.group.uuid}/`, { join_open: false });
    expect(
      (await call(late, 'POST', '/api/groups/join/', { code: rotated.join_code, share_progress: true })).statusCode,
    ).toBe(404);
    await call(c.owner, 'PATCH', `/api/groups/${c.group.uuid}/`, { join_open: true });
    await call(newcomer, 'DELETE', `/api/groups/${c.group.uuid}/members/${newcomer.id}/`);
  });

  it('throttles join-code guessing at 20 an hour per user', async () => {
    const guesser = await createUser(t.app);
    for (let i = 0; i < 20; i++) {
      expect((await call(guesser, 'GET', `/api/groups/preview/?code=WRONG${i}`)).statusCode).toBe(404);
    }
    const res = await call(guesser, 'GET', '/api/groups/preview/?code=WRONGXX');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 20; i++)
      await call(guesser, 'POST', '/api/groups/join/', { code: `X${i}`, share_progress: true });
    expect((await call(guesser, 'POST', '/api/groups/join/', { code: 'X', share_progress: true })).statusCode).toBe(
      429,
    );
  });

  it('assigns only templates and non-private trees of the assigner, and tells the members', async () => {
    const privateTree = (await createTree(t.app, c.owner, { title: 'Mine', data: document })) as { uuid: string };
    const refused = await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/`, { tree: privateTree.uuid });
    expect(refused.statusCode).toBe(400);
    const othersTree = (await createTree(t.app, c.member, {
      title: 'Theirs',
      visibility: 'public',
      data: document,
    })) as {
      uuid: string;
    };
    expect(
      (await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/`, { tree: othersTree.uuid })).statusCode,
    ).toBe(400);
    expect(
      (await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/`, { tree: c.tree.uuid, target: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/`, {
          tree: c.tree.uuid,
          due_date: '2026-02-30',
        })
      ).statusCode,
    ).toBe(400);
    const news = (await notificationsOf(c.member)).filter((n) => n.kind === 'assignment_new');
    expect(news.length).toBeGreaterThan(0);
    const web = news.find((n) => n.text.includes('Web 开发'))!;
    expect(web.text).toContain('課題');
    expect(web.target).toMatchObject({ kind: 'group', uuid: c.group.uuid });
    expect((await notificationsOf(c.owner)).some((n) => n.kind === 'assignment_new')).toBe(false);
    const mails = readOutbox(t.database.dataDir).filter((m) => m.purpose === 'notification:assignment_new');
    expect(mails.length).toBeGreaterThan(0);
  });

  it('shows members × nodes in path order with status, and never a note or a card', async () => {
    const targeted = await assign(c, { target: 'b', due_date: '2026-03-20' });
    expect(targeted.target_title).toBe('样式表');
    await learn(c.member, c.tree, 'a', 'done');
    await learn(c.member, c.tree, 'b', 'learning');
    await call(c.member, 'PUT', '/api/learn/notes/', { tree: c.tree.uuid, node_id: 'a', content: NOTE });
    expect(
      (await call(c.member, 'POST', '/api/learn/cards/', { tree: c.tree.uuid, node_id: 'a', front: CARD, back: CARD }))
        .statusCode,
    ).toBe(201);
    const res = await call(c.mentor, 'GET', `/api/groups/${c.group.uuid}/assignments/${targeted.id}/progress/`);
    expect(res.statusCode).toBe(200);
    const dashboard = res.json() as Dashboard;
    expect(dashboard.nodes).toEqual([
      { id: 'a', title: '超文本' },
      { id: 'b', title: '样式表' },
    ]);
    expect(dashboard.members.map((m) => m.user.id).sort()).toEqual([c.member.id, c.other.id].sort());
    const row = dashboard.members.find((m) => m.user.id === c.member.id)!;
    expect(row).toMatchObject({ percent: 50, complete: false, overdue: false });
    expect(row.cells).toEqual({ a: { status: 'done', retention: null }, b: { status: 'learning', retention: null } });
    expect(row.last_activity_at).not.toBeNull();
    expect(row.stuck).toBe(false);
    // Learning one node for more than 7 days makes a member stuck.
    clock.advance(8 * DAY);
    try {
      const later = (
        await call(c.mentor, 'GET', `/api/groups/${c.group.uuid}/assignments/${targeted.id}/progress/`)
      ).json() as Dashboard;
      expect(later.members.map((m) => [m.user.id, m.stuck])).toEqual(
        expect.arrayContaining([
          [c.member.id, true],
          [c.other.id, false],
        ]),
      );
    } finally {
      clock.set(NOW);
    }
    expect(res.body).not.toContain('SECRET');
    const csv = await call(
      c.owner,
      'GET',
      `/api/groups/${c.group.uuid}/assignments/${targeted.id}/progress/?format=csv`,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('username,percent,complete,overdue,retention,last_activity_at,超文本,样式表');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith(c.member.username))).toContain(',done,learning');
    expect(csv.body).not.toContain('SECRET');
    // The member's own view: their figures, no one else's.
    const mine = (
      await call(c.member, 'GET', `/api/groups/${c.group.uuid}/assignments/${targeted.id}/`)
    ).json() as Assignment;
    expect(mine.mine).toEqual({ percent: 50, complete: false });
    expect(mine.stats).toBeNull();
    const theirs = (
      await call(c.owner, 'GET', `/api/groups/${c.group.uuid}/assignments/${targeted.id}/`)
    ).json() as Assignment;
    expect(theirs.stats).toMatchObject({ members: 2, complete: 0, avg_percent: 25 });
    // Nothing the owner can read carries the note or the card: notifications and e-mails neither.
    await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/${targeted.id}/nudge/`, {});
    await t.app.deps.jobs.idle();
    expect(JSON.stringify(await notificationsOf(c.owner))).not.toContain('SECRET');
    expect(JSON.stringify(readOutbox(t.database.dataDir))).not.toContain('SECRET');
  });

  it("follows a template assignment on the template and on a member's fork of it, with retention", async () => {
    const shared = await call(c.owner, 'POST', '/api/community/trees-shared/share_tree/', {
      tree: await treeId(c.tree),
    });
    expect(shared.statusCode).toBe(201);
    const share = shared.json() as { uuid: string };
    const res = await call(c.owner, 'POST', `/api/groups/${c.group.uuid}/assignments/`, { share: share.uuid });
    expect(res.statusCode).toBe(201);
    const onShare = res.json() as Assignment;
    expect(onShare.subject).toMatchObject({ kind: 'share', uuid: share.uuid });
    // One member learns on the template, the other on their fork of it (progress moved there).
    await call(c.member, 'PUT', '/api/learn/progress/', { share: share.uuid, node_id: 'a', status: 'done' });
    await call(c.other, 'PUT', '/api/learn/progress/', { share: share.uuid, node_id: 'b', status: 'done' });
    const fork = await call(c.other, 'POST', `/api/community/trees-shared/${share.uuid}/use_tree/`, {});
    expect(fork.statusCode).toBe(201);
    const forkTree = (fork.json() as { tree: { uuid: string } }).tree;
    await learn(c.other, forkTree, 'c', 'done');
    // A reviewed card on the template gives the member's node a retention.
    const card = await call(c.member, 'POST', '/api/learn/cards/', {
      share: share.uuid,
      node_id: 'a',
      front: CARD,
      back: CARD,
    });
    expect(card.statusCode).toBe(201);
    await t.app.db
      .updateTable('learning_cards')
      .set({ state: 'review', stability: 10, last_review: new Date(Date.parse(NOW) - 2 * DAY).toISOString() })
      .where('id', '=', (card.json() as { id: number }).id)
      .execute();
    const dashboard = (
      await call(c.owner, 'GET', `/api/groups/${c.group.uuid}/assignments/${onShare.id}/progress/`)
    ).json() as Dashboard;
    const member = dashboard.members.find((m) => m.user.id === c.member.id)!;
    const other = dashboard.members.find((m) => m.user.id === c.other.id)!;
    expect(member.cells.a!.status).toBe('done');
    expect(member.cells.a!.retention).toBeGreaterThan(0.8);
    expect(member.cells.a!.retention).toBeLessThan(1);
    expect(member.retention).toBe(member.cells.a!.retention);
    expect(other.cells).toMatchObject({ b: { status: 'done' }, c: { status: 'done' }, a: { status: 'todo' } });
    expect(other.percent).toBe(66);
  });

  it('marks assigned subjects on /api/learn/subjects/', async () => {
    const subjects = (await call(c.member, 'GET', '/api/learn/subjects/')).json() as {
      results: Array<{
        uuid: string;
        assignments: Array<{ group: { uuid: string; name: string }; due_date: string | null }>;
      }>;
    };
    const subject = subjects.results.find((s) => s.uuid === c.tree.uuid)!;
    expect(subject.assignments).toContainEqual({
      group: { uuid: c.group.uuid, name: '三年二班' },
      due_date: '2026-03-20',
    });
  });

  it('nudges each member at most once per assignment in 24 hours, live and by e-mail', async () => {
    const nudgesOf = async (user: TestUser) =>
      (await notificationsOf(user)).filter((n) => n.kind === 'assignment_nudge');
    const earlier = (await nudgesOf(c.member)).length;
    const fresh = await assign(c);
    const url = `/api/groups/${c.group.uuid}/assignments/${fresh.id}/nudge/`;
    expect((await call(c.owner, 'POST', url, { message: '加油！Keep going' })).json()).toEqual({ sent: 2, skipped: 0 });
    expect((await call(c.mentor, 'POST', url, { user_ids: [c.member.id] })).json()).toEqual({ sent: 0, skipped: 1 });
    await t.app.deps.jobs.idle();
    const nudges = await nudgesOf(c.member);
    expect(nudges).toHaveLength(earlier + 1);
    expect(nudges[0]!.text).toContain('リマインド');
    const mails = readOutbox(t.database.dataDir).filter(
      (m) => m.purpose === 'notification:assignment_nudge' && m.to.startsWith('member-'),
    );
    expect(mails.length).toBeGreaterThan(0);
    // The nudger's words go in the e-mail, with the one link that opens the group.
    const worded = mails.filter((m) => m.text.includes('加油！Keep going'));
    expect(worded).toHaveLength(1);
    expect(worded[0]!.text).toContain(`/groups/${c.group.uuid}`);
    clock.advance(DAY + 1000);
    try {
      expect((await call(c.owner, 'POST', url, { user_ids: [c.member.id] })).json()).toEqual({ sent: 1, skipped: 0 });
    } finally {
      clock.set(NOW);
    }
  });

  it('nudges a member in the language they signed up in (their browser saying otherwise)', async () => {
    // Signed up through the API in a Japanese UI on a Chinese browser, as the web app does it.
    const address = email('student');
    const code = await obtainCode(t.app, t.database.dataDir, 'ses', 'signup', address);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/ses/signup/',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      remoteAddress: freshIp(),
      payload: {
        email: address,
        code,
        password: 'correct-horse-battery-42',
        altcha: await solvedCaptcha(t.app),
        language: 'ja-JP',
      },
    });
    expect(signup.statusCode).toBe(201);
    const { access, user } = signup.json() as { access: string; user: { id: number; username: string } };
    const student: TestUser = {
      id: user.id,
      username: user.username,
      role: 'user',
      headers: { authorization: `Bearer ${access}` },
      token: access,
    };
    const groupCode = ((await call(c.owner, 'GET', `/api/groups/${c.group.uuid}/`)).json() as Group).join_code!;
    await join(student, groupCode);
    const fresh = await assign(c);
    const url = `/api/groups/${c.group.uuid}/assignments/${fresh.id}/nudge/`;
    expect((await call(c.owner, 'POST', url, { user_ids: [student.id] })).json()).toEqual({ sent: 1, skipped: 0 });
    await t.app.deps.jobs.idle();
    const nudge = (await notificationsOf(student)).find((n) => n.kind === 'assignment_nudge');
    expect(nudge?.text).toContain('リマインド');
    const mail = readOutbox(t.database.dataDir).find(
      (m) => m.purpose === 'notification:assignment_nudge' && m.to === address,
    );
    expect(mail?.text).toContain('リマインド');
    await call(student, 'DELETE', `/api/groups/${c.group.uuid}/members/${student.id}/`);
  });

  it('lets members leave and mentors remove members, never the owner; visibility ends at once', async () => {
    const leaver = await createUser(t.app);
    const code = ((await call(c.owner, 'GET', `/api/groups/${c.group.uuid}/`)).json() as Group).join_code!;
    await join(leaver, code);
    expect((await call(c.member, 'DELETE', `/api/groups/${c.group.uuid}/members/${leaver.id}/`)).statusCode).toBe(403);
    expect((await call(c.mentor, 'DELETE', `/api/groups/${c.group.uuid}/members/${c.owner.id}/`)).statusCode).toBe(403);
    expect((await call(c.owner, 'DELETE', `/api/groups/${c.group.uuid}/members/${c.owner.id}/`)).statusCode).toBe(403);
    expect((await call(c.outsider, 'DELETE', `/api/groups/${c.group.uuid}/members/${leaver.id}/`)).statusCode).toBe(
      404,
    );
    expect((await call(c.admin, 'DELETE', `/api/groups/${c.group.uuid}/members/${leaver.id}/`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `/api/groups/${c.group.uuid}/members/${leaver.id}/`)).statusCode).toBe(401);
    await learn(leaver, c.tree, 'a', 'done');
    expect((await call(leaver, 'DELETE', `/api/groups/${c.group.uuid}/members/${leaver.id}/`)).statusCode).toBe(204);
    expect((await call(leaver, 'GET', `/api/groups/${c.group.uuid}/`)).statusCode).toBe(404);
    const dashboard = (
      await call(c.owner, 'GET', `/api/groups/${c.group.uuid}/assignments/${assignment.id}/progress/`)
    ).json() as Dashboard;
    expect(dashboard.members.some((m) => m.user.id === leaver.id)).toBe(false);
    const removed = await createUser(t.app);
    await join(removed, code);
    expect((await call(c.mentor, 'DELETE', `/api/groups/${c.group.uuid}/members/${removed.id}/`)).statusCode).toBe(204);
  });

  it('keeps to 50 owned groups, 100 assignments and 500 members', async () => {
    const owner = await createUser(t.app);
    const now = clock.nowIso();
    await t.app.db
      .insertInto('groups')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          uuid: `limit-${owner.id}-${i}`,
          name: `G${i}`,
          kind: 'team' as const,
          owner_id: owner.id,
          join_code: `L${String(owner.id).padStart(4, '0')}${String(i).padStart(3, '0')}`.slice(0, 8),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const refused = await call(owner, 'POST', '/api/groups/', { name: 'One too many', kind: 'team' });
    expect(refused.statusCode).toBe(400);
    const full = await cast();
    const groupId = full.group.id;
    const treeRow = await treeId(full.tree);
    await t.app.db
      .insertInto('group_assignments')
      .values(
        Array.from({ length: 100 }, () => ({
          group_id: groupId,
          subject_kind: 'tree' as const,
          subject_id: treeRow,
          target: null,
          due_date: null,
          created_by: full.owner.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect(
      (await call(full.owner, 'POST', `/api/groups/${full.group.uuid}/assignments/`, { tree: full.tree.uuid }))
        .statusCode,
    ).toBe(409);
    const users = [];
    for (let i = 0; i < 496; i++) users.push(await createUser(t.app));
    await t.app.db
      .insertInto('group_members')
      .values(
        users.map((u) => ({
          group_id: groupId,
          user_id: u.id,
          role: 'member' as const,
          consented_at: now,
          joined_at: now,
        })),
      )
      .execute();
    const late = await createUser(t.app);
    const code = full.group.join_code!;
    expect((await call(late, 'POST', '/api/groups/join/', { code, share_progress: true })).statusCode).toBe(409);
  });

  it('deletes a group for its owner only', async () => {
    const other = await cast();
    const url = `/api/groups/${other.group.uuid}/`;
    for (const [who, status] of [
      [other.mentor, 403],
      [other.member, 403],
      [other.outsider, 404],
      [other.admin, 404],
      [null, 401],
      [other.owner, 204],
    ] as const) {
      expect((await call(who, 'DELETE', url)).statusCode).toBe(status);
    }
    expect((await call(other.member, 'GET', url)).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('sends each member not complete exactly one assignment_due and one e-mail once overdue', async () => {
    const c = await cast();
    const due = await assign(c, { due_date: '2026-03-12' });
    await learn(c.other, c.tree, 'a', 'done');
    await learn(c.other, c.tree, 'b', 'done');
    await learn(c.other, c.tree, 'c', 'done');
    await t.app.deps.jobs.idle();
    const before = readOutbox(t.database.dataDir).length;
    try {
      clock.set(Date.parse(NOW) + 3 * DAY);
      await runReminders(t.app.deps);
      await runReminders(t.app.deps);
      clock.advance(DAY);
      await runReminders(t.app.deps);
      await t.app.deps.jobs.idle();
    } finally {
      clock.set(NOW);
    }
    const dues = (await notificationsOf(c.member)).filter((n) => n.kind === 'assignment_due');
    expect(dues).toHaveLength(1);
    expect(dues[0]!.text).toContain('期限');
    expect((await notificationsOf(c.other)).filter((n) => n.kind === 'assignment_due')).toHaveLength(0);
    expect((await notificationsOf(c.owner)).filter((n) => n.kind === 'assignment_due')).toHaveLength(0);
    const mails = readOutbox(t.database.dataDir)
      .slice(before)
      .filter((m) => m.purpose === 'notification:assignment_due');
    expect(mails.filter((m) => m.to.startsWith('member-'))).toHaveLength(1);
    expect(mails.filter((m) => m.to.startsWith('other-'))).toHaveLength(0);
    expect(due.due_date).toBe('2026-03-12');
  });

  it("reminds the day before the due date in the member's time zone, once", async () => {
    const c = await cast();
    await call(c.member, 'PATCH', '/api/learn/settings/', { timezone: 'Asia/Tokyo' });
    await assign(c, { due_date: '2026-04-02' });
    const soonOf = async (user: TestUser) =>
      (await notificationsOf(user)).filter((n) => n.kind === 'assignment_due' && n.text.includes('明日'));
    try {
      // 2026-03-31 20:00 UTC: already April 1st in Tokyo (the day before), still March 31st in UTC.
      clock.set('2026-03-31T20:00:00.000Z');
      await runReminders(t.app.deps);
      clock.set('2026-04-01T20:00:00.000Z');
      await runReminders(t.app.deps);
      await t.app.deps.jobs.idle();
    } finally {
      clock.set(NOW);
    }
    expect(await soonOf(c.member)).toHaveLength(1);
    const other = (await notificationsOf(c.other)).filter((n) => n.kind === 'assignment_due');
    expect(other).toHaveLength(1);
    expect(other[0]!.text).toContain('明天');
  });
});
