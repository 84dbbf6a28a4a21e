import { call as callApi } from '../../testing/call.ts';
import { Plan } from '@arbor/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { obtainCode } from '../accounts/testing.ts';
import { createTree } from '../trees/testing.ts';
import { testClock } from '../../testing/test-clock.ts';

let t: TestApp;
let stranger: TestUser;
/** The app's time: 08:00 UTC, moved only by the tests (no plan changes its day under a test at midnight). */
const START = '2026-03-10T08:00:00.000Z';
const clock = testClock(START);

/** root ─ a (30) ─ b (no estimate: 60); root ─ c (90), which waits for b */
const document = {
  nodes: [
    { id: 'root', parent_id: null, title: 'Piano' },
    { id: 'a', parent_id: 'root', title: 'Scales', estimate_minutes: 30 },
    { id: 'b', parent_id: 'a', title: 'Chords' },
    { id: 'c', parent_id: 'root', title: 'Songs', estimate_minutes: 90 },
  ],
  links: [{ source: 'b', target: 'c', kind: 'prerequisite' }],
};

const call = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => callApi(t.app, who, method, url, payload);

const today = () => clock.nowIso().slice(0, 10);
const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

/** A learner in UTC who studies every day, 60 minutes a day, with the tree above. */
async function learner() {
  const user = await createUser(t.app);
  const res = await call(user, 'PATCH', '/api/learn/settings/', {
    weekly_minutes: 420,
    study_days: [0, 1, 2, 3, 4, 5, 6],
  });
  expect(res.statusCode).toBe(200);
  const tree = (await createTree(t.app, user, { title: 'Piano', data: document })) as { id: number; uuid: string };
  return { user, tree };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://arbor.example' }, { clock });
  stranger = await createUser(t.app);
});
afterAll(async () => t?.close());

describe('settings', () => {
  it('starts from the defaults and keeps a patch', async () => {
    const user = await createUser(t.app);
    const res = await call(user, 'GET', '/api/learn/settings/');
    expect(res.json()).toEqual({
      timezone: 'UTC',
      request_retention: 0.9,
      new_per_day: 20,
      auto_cards: true,
      weekly_minutes: 300,
      study_days: [0, 1, 2, 3, 4],
      maximum_interval: 36_500,
      learning_steps: ['1m', '10m'],
      relearning_steps: ['10m'],
      implicit_credit: true,
    });
    const patched = await call(user, 'PATCH', '/api/learn/settings/', {
      timezone: 'Asia/Shanghai',
      study_days: [4, 2, 2],
      request_retention: 0.85,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ timezone: 'Asia/Shanghai', study_days: [2, 4], request_retention: 0.85 });
    expect((await call(user, 'GET', '/api/learn/settings/')).json()).toEqual(patched.json());
  });

  it('refuses an unknown time zone, no study day and a retention out of bounds with 400', async () => {
    const user = await createUser(t.app);
    const zone = await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fields).toHaveProperty('timezone');
    const days = await call(user, 'PATCH', '/api/learn/settings/', { study_days: [] });
    expect(days.statusCode).toBe(400);
    expect(days.json().fields).toHaveProperty('study_days');
    for (const request_retention of [0.69, 0.995, 1]) {
      const res = await call(user, 'PATCH', '/api/learn/settings/', { request_retention });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('request_retention');
    }
    for (const request_retention of [0.7, 0.99]) {
      expect((await call(user, 'PATCH', '/api/learn/settings/', { request_retention })).statusCode).toBe(200);
    }
    expect((await call(user, 'PATCH', '/api/learn/settings/', { unknown: 1 })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/learn/settings/')).statusCode).toBe(401);
  });
});

describe('plans', () => {
  it('packs the whole tree in path order from today, and follows progress when read again', async () => {
    const { user, tree } = await learner();
    const res = await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    expect(res.statusCode).toBe(200);
    const plan = Plan.strict().parse(res.json());
    const day0 = today();
    expect(plan).toMatchObject({
      subject: { kind: 'tree', uuid: tree.uuid, title: 'Piano' },
      target: null,
      start_date: day0,
      active: true,
      remaining_minutes: 180,
      finish_date: addDays(day0, 2),
    });
    expect(plan.schedule).toEqual([
      {
        date: day0,
        items: [
          { node_id: 'a', title: 'Scales', minutes: 30 },
          { node_id: 'b', title: 'Chords', minutes: 30 },
        ],
      },
      {
        date: addDays(day0, 1),
        items: [
          { node_id: 'b', title: 'Chords', minutes: 30 },
          { node_id: 'c', title: 'Songs', minutes: 30 },
        ],
      },
      { date: addDays(day0, 2), items: [{ node_id: 'c', title: 'Songs', minutes: 60 }] },
    ]);

    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'a', status: 'done' });
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'b', status: 'skipped' });
    const list = await call(user, 'GET', '/api/learn/plans/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ id: plan.id, remaining_minutes: 90, finish_date: addDays(day0, 1) });
    expect(list.json()[0].schedule[0].items).toEqual([{ node_id: 'c', title: 'Songs', minutes: 60 }]);
  });

  it("moves today to the next day at the learner's own midnight: the schedule starts there, the start date stays", async () => {
    const { user, tree } = await learner();
    await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'Asia/Tokyo' });
    onTestFinished(() => clock.set(START));
    // 23:30 on 10 March in Tokyo (UTC+9, no summer time) is 14:30 UTC.
    clock.set('2026-03-10T14:30:00.000Z');
    const before = Plan.parse((await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid })).json());
    expect(before).toMatchObject({ start_date: '2026-03-10', finish_date: '2026-03-12' });
    expect(before.schedule[0]!.date).toBe('2026-03-10');

    // An hour later: 00:30 on the 11th in Tokyo, still the 10th in UTC.
    clock.advance(60 * 60 * 1000);
    const [after] = (await call(user, 'GET', '/api/learn/plans/')).json() as Plan[];
    expect(after).toMatchObject({ id: before.id, start_date: '2026-03-10', finish_date: '2026-03-13' });
    expect(after!.schedule.map((day) => day.date)).toEqual(['2026-03-11', '2026-03-12', '2026-03-13']);
    expect(after!.schedule[0]!.items).toEqual(before.schedule[0]!.items);
    // A learner in UTC is still on the 10th.
    const utc = await learner();
    const fresh = Plan.parse((await call(utc.user, 'PUT', '/api/learn/plans/', { tree: utc.tree.uuid })).json());
    expect(fresh).toMatchObject({ start_date: '2026-03-10' });
  });

  it('plans only what a target waits for and the target, and one plan per subject (PUT replaces it)', async () => {
    const { user, tree } = await learner();
    const first = (await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid })).json();
    const res = await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid, target: 'c', active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, target: 'c', active: false, remaining_minutes: 150 });
    expect(res.json().schedule.flatMap((d: { items: { node_id: string }[] }) => d.items.map((i) => i.node_id))).toEqual(
      ['b', 'c', 'c'],
    );
    expect((await call(user, 'GET', '/api/learn/plans/')).json()).toHaveLength(1);
  });

  it('leaves 0-minute nodes (a heading, a milestone) out of plans and paths, but not what they wait for', async () => {
    const { user } = await learner();
    // root ─ part (0 min) ─ a (30), b (no estimate: 60); goal (0 min) waits for b
    const tree = (await createTree(t.app, user, {
      title: 'Headed',
      data: {
        nodes: [
          { id: 'root', parent_id: null, title: 'Headed' },
          { id: 'part', parent_id: 'root', title: 'Part one', estimate_minutes: 0 },
          { id: 'a', parent_id: 'part', title: 'Scales', estimate_minutes: 30 },
          { id: 'b', parent_id: 'part', title: 'Chords' },
          { id: 'goal', parent_id: 'root', title: 'Recital', estimate_minutes: 0 },
        ],
        links: [{ source: 'b', target: 'goal', kind: 'prerequisite' }],
      },
    })) as { uuid: string };
    const plan = (await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid })).json();
    const planned = plan.schedule.flatMap((d: { items: { node_id: string }[] }) => d.items.map((i) => i.node_id));
    expect([...new Set(planned)]).toEqual(['a', 'b']);
    expect(plan.remaining_minutes).toBe(90);
    const toGoal = (await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid, target: 'goal' })).json();
    expect(toGoal.remaining_minutes).toBe(60);
    const path = await call(user, 'GET', `/api/learn/path/?tree=${tree.uuid}&target=goal`);
    expect(path.statusCode).toBe(200);
    expect(path.json()).toEqual({
      target: 'goal',
      steps: [{ node_id: 'b', title: 'Chords', status: 'todo', estimate_minutes: null }],
      total_minutes: 60,
    });
  });

  it('starts on a later start date, and gives an empty schedule with no weekly minutes', async () => {
    const { user, tree } = await learner();
    const start = addDays(today(), 10);
    let res = await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid, start_date: start });
    expect(res.json().schedule[0].date).toBe(start);
    await call(user, 'PATCH', '/api/learn/settings/', { weekly_minutes: 0 });
    res = await call(user, 'GET', '/api/learn/plans/');
    expect(res.json()[0]).toMatchObject({ schedule: [], finish_date: null, remaining_minutes: 180 });
  });

  it('refuses an unknown target and a date that does not exist (400)', async () => {
    const { user, tree } = await learner();
    const target = await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid, target: 'nope' });
    expect(target.statusCode).toBe(400);
    expect(target.json().fields).toHaveProperty('target');
    for (const start_date of ['2026-02-30', '2026-13-01', 'tomorrow']) {
      const res = await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid, start_date });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('start_date');
    }
  });

  it('keeps plans private: 404 for another’s tree or plan, 401 without a token', async () => {
    const { user, tree } = await learner();
    const plan = (await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid })).json();
    expect((await call(stranger, 'PUT', '/api/learn/plans/', { tree: tree.uuid })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/learn/plans/')).json()).toEqual([]);
    expect((await call(stranger, 'DELETE', `/api/learn/plans/${plan.id}/`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/learn/plans/'],
      ['PUT', '/api/learn/plans/'],
      ['DELETE', `/api/learn/plans/${plan.id}/`],
      ['GET', '/api/learn/calendar/'],
      ['POST', '/api/learn/calendar/rotate/'],
    ] as const) {
      expect((await call(null, method, url, method === 'PUT' ? { tree: tree.uuid } : undefined)).statusCode).toBe(401);
    }
    expect((await call(user, 'DELETE', `/api/learn/plans/${plan.id}/`)).statusCode).toBe(204);
    expect((await call(user, 'DELETE', `/api/learn/plans/${plan.id}/`)).statusCode).toBe(404);
    expect((await call(user, 'GET', '/api/learn/plans/')).json()).toEqual([]);
  });
});

describe('calendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  async function insertCard(user: TestUser, treeId: number, state: string, due: string) {
    const now = clock.nowIso();
    await t.app.db
      .insertInto('learning_cards')
      .values({
        user_id: user.id,
        subject_kind: 'tree',
        subject_id: treeId,
        node_id: 'a',
        front: 'Q',
        back: 'A',
        state: state as 'review',
        due,
        stability: 1,
        difficulty: 5,
        elapsed_days: 0,
        scheduled_days: 1,
        learning_steps: 0,
        reps: 1,
        lapses: 0,
        last_review: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it('gives a secret URL, the same until rotated; the old token then answers 404', async () => {
    const user = await createUser(t.app);
    const first = await call(user, 'GET', '/api/learn/calendar/');
    expect(first.statusCode).toBe(200);
    const url: string = first.json().url;
    expect(url).toMatch(/^https:\/\/arbor\.example\/api\/learn\/calendar\/[A-Za-z0-9_-]{32,}\.ics$/);
    expect((await call(user, 'GET', '/api/learn/calendar/')).json().url).toBe(url);
    expect((await call(null, 'GET', feedPath(url))).statusCode).toBe(200);
    const rotated = await call(user, 'POST', '/api/learn/calendar/rotate/');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().url).not.toBe(url);
    const old = await call(null, 'GET', feedPath(url));
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('not_found');
    expect((await call(null, 'GET', feedPath(rotated.json().url))).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/learn/calendar/')).json().url).toBe(rotated.json().url);
  });

  it('is RFC 5545 with an all-day event per plan day and per day with reviews due, without signing in', async () => {
    const { user, tree } = await learner();
    await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    const other = (await createTree(t.app, user, { title: 'Guitar', data: document })) as { uuid: string };
    await call(user, 'PUT', '/api/learn/plans/', { tree: other.uuid, target: 'a' });
    const inactive = (await createTree(t.app, user, { title: 'Drums', data: document })) as { uuid: string };
    await call(user, 'PUT', '/api/learn/plans/', { tree: inactive.uuid, active: false });
    const plans = (await call(user, 'GET', '/api/learn/plans/')).json() as Plan[];
    const [piano, guitar] = plans;

    const hour = 3600 * 1000;
    await insertCard(user, tree.id, 'review', new Date(clock.nowMs() - 48 * hour).toISOString()); // overdue: today
    await insertCard(user, tree.id, 'review', new Date(clock.nowMs() + 24 * hour).toISOString());
    await insertCard(user, tree.id, 'learning', new Date(clock.nowMs() + 24 * hour + 60_000).toISOString());
    await insertCard(user, tree.id, 'new', new Date(clock.nowMs() + 24 * hour).toISOString()); // never counted
    await insertCard(user, tree.id, 'review', new Date(clock.nowMs() + 30 * 24 * hour).toISOString()); // too far

    const url = (await call(user, 'GET', '/api/learn/calendar/')).json().url;
    const res = await call(null, 'GET', feedPath(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.name).toBe('vcalendar');
    const events = calendar.getAllSubcomponents('vevent');
    const uids = events.map((e) => e.getFirstPropertyValue('uid'));
    const day0 = today();
    const reviewDays = new Set([day0, addDays(day0, 1)]);
    expect(events).toHaveLength(piano!.schedule.length + guitar!.schedule.length + reviewDays.size);
    expect(uids).toContain(`${piano!.id}-${day0}@arbor`);
    expect(uids).toContain(`${guitar!.id}-${day0}@arbor`);
    expect(uids).toContain(`review-${day0}@arbor`);
    expect(uids).toContain(`review-${addDays(day0, 1)}@arbor`);
    expect(uids.filter((uid) => String(uid).startsWith(`${plans[2]!.id}-`))).toEqual([]);
    for (const event of events) {
      const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
      expect(start.isDate).toBe(true);
    }
    const first = events.find((e) => e.getFirstPropertyValue('uid') === `${piano!.id}-${day0}@arbor`)!;
    expect((first.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe(day0);
    expect(first.getFirstPropertyValue('summary')).toBe('Piano: Scales, Chords');
    expect(String(first.getFirstPropertyValue('description'))).toContain(
      `https://arbor.example/trees/${tree.uuid}?learn=1&node=a`,
    );
    const review = events.find((e) => e.getFirstPropertyValue('uid') === `review-${addDays(day0, 1)}@arbor`)!;
    // A learner who chose no language reads the feed in Chinese, the default.
    expect(review.getFirstPropertyValue('summary')).toBe('Arbor：2 张卡片待复习');
    expect(String(first.getFirstPropertyValue('description'))).toContain('Scales（');
  });

  it("writes the feed's text in the learner's language", async () => {
    const { user, tree } = await learner();
    await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    await insertCard(user, tree.id, 'review', new Date(clock.nowMs() + 24 * 3600 * 1000).toISOString());
    const path = feedPath((await call(user, 'GET', '/api/learn/calendar/')).json().url);
    const profileId = (await call(user, 'GET', '/api/profile/profiles/')).json().results[0].id;
    const feedIn = async (locale: string) => {
      const profile = await call(user, 'PATCH', `/api/profile/profiles/${profileId}/`, { locale });
      expect(profile.statusCode, profile.body).toBe(200);
      const res = await call(null, 'GET', path);
      const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
      const review = events.find((e) => String(e.getFirstPropertyValue('uid')).startsWith('review-'))!;
      const planDay = events.find((e) => !String(e.getFirstPropertyValue('uid')).startsWith('review-'))!;
      return {
        summary: review.getFirstPropertyValue('summary'),
        description: String(planDay.getFirstPropertyValue('description')),
      };
    };
    const ja = await feedIn('ja-JP');
    expect(ja.summary).toBe('Arbor：復習するカード 1 枚');
    expect(ja.description).toMatch(/^Scales（\d+ 分）：https:\/\/arbor\.example\/trees\//);
    const en = await feedIn('en-US');
    expect(en.summary).toBe('Arbor: 1 card to review');
    expect(en.description).toMatch(/^Scales \(\d+ min\): https:\/\/arbor\.example\/trees\//);
  });

  it("links a template's node to its page in learning mode, with the node selected", async () => {
    const { user, tree } = await learner();
    const share = (await call(user, 'POST', '/api/community/trees-shared/share_tree/', { tree: tree.id })).json() as {
      uuid: string;
    };
    expect((await call(user, 'PUT', '/api/learn/plans/', { share: share.uuid })).statusCode).toBe(200);
    const res = await call(null, 'GET', feedPath((await call(user, 'GET', '/api/learn/calendar/')).json().url));
    const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
    const descriptions = events.map((e) => String(e.getFirstPropertyValue('description')));
    expect(descriptions.join('\n')).toContain(`https://arbor.example/community/${share.uuid}?learn=1&node=a`);
  });

  it('answers 304 to a matching If-None-Match or a recent If-Modified-Since, and 200 when the plan changes', async () => {
    const { user, tree } = await learner();
    await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    const path = feedPath((await call(user, 'GET', '/api/learn/calendar/')).json().url);
    const first = await call(null, 'GET', path);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const again = await call(null, 'GET', path);
    expect(again.headers.etag).toBe(etag);

    const cached = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const byDate = await t.app.inject({ method: 'GET', url: path, headers: { 'if-modified-since': lastModified } });
    expect(byDate.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() },
    });
    expect(stale.statusCode).toBe(200);

    // HTTP dates have whole seconds: the change must land in a later second to be seen by date.
    clock.advance(1100);
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'a', status: 'done' });
    const changed = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const afterDate = await t.app.inject({ method: 'GET', url: path, headers: { 'if-modified-since': lastModified } });
    expect(afterDate.statusCode).toBe(200);
  });

  it('serves a valid token from a network that guessed itself into the miss limit', async () => {
    const { user, tree } = await learner();
    await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    const path = feedPath((await call(user, 'GET', '/api/learn/calendar/')).json().url);
    const from = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.77' });
    let last = await from(`/api/learn/calendar/${'q'.repeat(43)}.ics`);
    for (let i = 0; i < 40 && last.statusCode !== 429; i += 1)
      last = await from(`/api/learn/calendar/${'w'.repeat(40)}${i}.ics`);
    expect(last.statusCode).toBe(429);
    expect((await from(path)).statusCode).toBe(200);
  });

  it('leaves control characters out of the feed text', async () => {
    const user = await createUser(t.app);
    const titled = {
      ...document,
      nodes: document.nodes.map((n) => (n.id === 'a' ? { ...n, title: 'Sca\u0007les\u001b[2J\u0085' } : n)),
    };
    const tree = (await createTree(t.app, user, { title: 'Pi\u0001ano\u007f', data: titled })) as { uuid: string };
    expect((await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid })).statusCode).toBe(200);
    const res = await call(null, 'GET', feedPath((await call(user, 'GET', '/api/learn/calendar/')).json().url));
    expect(res.statusCode).toBe(200);
    // eslint-disable-next-line no-control-regex -- the characters the feed must not carry
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    const event = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe('Piano: Scales[2J, Chords');
  });

  it('ends the feed when the account is suspended or its password reset, not when it logs out', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const email = `feed-${Date.now()}@example.com`;
    const { user, tree } = await learner();
    await t.app.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    await call(user, 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    const feed = async () => (await call(user, 'GET', '/api/learn/calendar/')).json().url as string;
    let path = feedPath(await feed());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: user.headers,
      payload: { refresh: 'x' },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await call(null, 'GET', path)).statusCode).toBe(200);

    const code = await obtainCode(t.app, t.database.dataDir, 'ses', 'reset_password', email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset/',
      payload: { email, code, new_password: 'a-new-password-for-the-feed-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(null, 'GET', path)).statusCode).toBe(404);

    // A new address is made when the learner asks again, after logging in with the new password.
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: email, password: 'a-new-password-for-the-feed-9' },
    });
    expect(token.statusCode).toBe(200);
    const owner = { ...user, headers: { authorization: `Bearer ${token.json().access}` } };
    const renewed = feedPath((await call(owner, 'GET', '/api/learn/calendar/')).json().url);
    expect(renewed).not.toBe(path);
    path = renewed;
    expect((await call(null, 'GET', path)).statusCode).toBe(200);
    const suspended = await call(admin, 'PATCH', `/api/profile/users/${user.id}/`, { is_active: false });
    expect(suspended.statusCode).toBe(200);
    expect((await call(null, 'GET', path)).statusCode).toBe(404);
  });

  it('answers unknown tokens 404 in the error shape, and throttles a network that keeps guessing', async () => {
    const guess = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/learn/calendar/${token}.ics`, remoteAddress: '203.0.113.9' });
    const res = await guess('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await guess('short')).statusCode).toBe(404);
    let last = res;
    for (let i = 0; i < 40 && last.statusCode !== 429; i += 1) last = await guess(`${'y'.repeat(40)}${i}`);
    expect(last.statusCode).toBe(429);
    // Another network is not affected.
    const elsewhere = await t.app.inject({ method: 'GET', url: `/api/learn/calendar/${'z'.repeat(43)}.ics` });
    expect(elsewhere.statusCode).toBe(404);
  });
});
