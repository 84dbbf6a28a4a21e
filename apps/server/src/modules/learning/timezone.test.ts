import { call } from '../../testing/call.ts';
// A learner's days follow their own time zone from the first use (issue 28 item 7): the web app sends
// the browser's zone, and a learner without settings starts in it instead of UTC. The clock is set on
// both sides of Beijing's midnight, which is 16:00 UTC.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { installClock } from '../../testing/test-clock.ts';
import { recallTree } from './recall.testing.ts';

let t: TestApp;
let clock: ReturnType<typeof installClock>;
beforeAll(async () => {
  t = await createTestApp();
  clock = installClock(t.app, '2026-03-10T08:00:00.000Z');
});
afterEach(() => clock.set('2026-03-10T08:00:00.000Z'));
afterAll(async () => {
  clock.restore();
  await t?.close();
});

/** A call as the web app makes it, with the browser's time zone in `X-Timezone`. */
const send = (user: TestUser, zone: string, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  call(t.app, user, method, url, payload, { headers: { 'x-timezone': zone } });

const settingsOf = async (user: TestUser, zone: string) =>
  (await send(user, zone, 'GET', '/api/learn/settings/')).json() as { timezone: string };

describe("the learner's time zone", () => {
  it("starts as the browser's on first use, and days, streaks and plans follow it across Beijing's midnight", async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    // 23:30 on 10 March in Beijing (15:30 UTC): the first learning call.
    clock.set('2026-03-10T15:30:00.000Z');
    const first = await send(user, 'Asia/Shanghai', 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'basics',
      status: 'learning',
    });
    expect(first.statusCode).toBe(200);
    expect(await settingsOf(user, 'Asia/Shanghai')).toMatchObject({ timezone: 'Asia/Shanghai', new_per_day: 20 });

    // 00:30 on the 11th in Beijing, still the 10th in UTC: a new day, and a streak of two.
    clock.set('2026-03-10T16:30:00.000Z');
    await send(user, 'Asia/Shanghai', 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'basics',
      status: 'done',
    });
    const activity = (await send(user, 'Asia/Shanghai', 'GET', '/api/learn/activity/?days=2')).json();
    expect(activity).toMatchObject({
      timezone: 'Asia/Shanghai',
      days: [
        { date: '2026-03-10', progress: 1 },
        { date: '2026-03-11', progress: 1 },
      ],
      streak: { current: 2, longest: 2 },
    });
    // A plan starts today, Beijing's today.
    const plan = await send(user, 'Asia/Shanghai', 'PUT', '/api/learn/plans/', { tree: tree.uuid });
    expect(plan.json().start_date).toBe('2026-03-11');
  });

  it('keeps the zone a learner has, whatever a browser sends later', async () => {
    const user = await createUser(t.app);
    expect((await settingsOf(user, 'Asia/Tokyo')).timezone).toBe('Asia/Tokyo');
    expect((await settingsOf(user, 'Europe/Berlin')).timezone).toBe('Asia/Tokyo');
    const chosen = await send(user, 'Europe/Berlin', 'PATCH', '/api/learn/settings/', { timezone: 'UTC' });
    expect(chosen.json().timezone).toBe('UTC');
    expect((await settingsOf(user, 'Asia/Shanghai')).timezone).toBe('UTC');
  });

  it('ignores a zone that is not one, and stays in UTC without a header', async () => {
    const user = await createUser(t.app);
    expect((await settingsOf(user, 'Mars/Olympus')).timezone).toBe('UTC');
    expect((await settingsOf(user, 'x'.repeat(200))).timezone).toBe('UTC');
    const bare = await t.app.inject({ method: 'GET', url: '/api/learn/settings/', headers: user.headers });
    expect(bare.json().timezone).toBe('UTC');
    // A name in another case is stored as the runtime names it.
    expect((await settingsOf(user, 'asia/shanghai')).timezone).toBe('Asia/Shanghai');
  });
});
