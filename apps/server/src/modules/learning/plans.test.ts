import { Plan } from '@arbor/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';
import { installClock } from './recall.testing.ts';

let t: TestApp;
let stranger: TestUser;

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
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const today = () => new Date().toISOString().slice(0, 10);
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
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://arbor.example' });
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
    const now = new Date().toISOString();
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
    await insertCard(user, tree.id, 'review', new Date(Date.now() - 48 * hour).toISOString()); // overdue: today
    await insertCard(user, tree.id, 'review', new Date(Date.now() + 24 * hour).toISOString());
    await insertCard(user, tree.id, 'learning', new Date(Date.now() + 24 * hour + 60_000).toISOString());
    await insertCard(user, tree.id, 'new', new Date(Date.now() + 24 * hour).toISOString()); // never counted
    await insertCard(user, tree.id, 'review', new Date(Date.now() + 30 * 24 * hour).toISOString()); // too far

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
    expect(review.getFirstPropertyValue('summary')).toContain('2 cards');
  });

  it('answers 304 to a matching If-None-Match or a recent If-Modified-Since, and 200 when the plan changes', async () => {
    const clock = installClock(t.app, Date.now());
    onTestFinished(clock.restore);
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
