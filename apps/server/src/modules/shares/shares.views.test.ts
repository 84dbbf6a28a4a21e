// Anonymous views of templates (issue #18): one per client network per template per day, whatever
// the user agent says, and a bounded number per network per hour across all templates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { ANONYMOUS_VIEWS_PER_NETWORK_HOUR, viewerOf } from './shares.service.ts';
import { insertBareTemplate } from './templates.testing.ts';

let t: TestApp;
let author: TestUser;
let seq = 0;

/** A new template of the author's, as the seed inserts one. */
function insertShare(): Promise<number> {
  seq += 1;
  return insertBareTemplate(t.app, { authorId: author.id, title: `Template ${seq}`, createdAt: nowIso() });
}

const view = async (id: number, options: { ip: string; agent?: string; user?: TestUser }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/community/trees-shared/${id}/view/`,
    remoteAddress: options.ip,
    headers: { 'user-agent': options.agent ?? 'Mozilla/5.0', ...options.user?.headers },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { views_count: number }).views_count;
};

const viewsOf = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${id}/` })).json().views_count as number;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app);
});
afterAll(async () => t?.close());

describe('anonymous template views', () => {
  it('counts one view per address however often the user agent changes', async () => {
    const id = await insertShare();
    for (let i = 0; i < 40; i += 1) await view(id, { ip: '198.51.100.7', agent: `Agent/${i}` });
    await view(id, { ip: '198.51.100.7' });
    expect(await viewsOf(id)).toBe(1);
  });

  it('counts different addresses as different viewers', async () => {
    const id = await insertShare();
    expect(await view(id, { ip: '198.51.100.8' })).toBe(1);
    expect(await view(id, { ip: '198.51.100.9' })).toBe(2);
    expect(await view(id, { ip: '::ffff:198.51.100.9' })).toBe(2);
  });

  it('counts the addresses of one IPv6 /64 as one viewer', async () => {
    const id = await insertShare();
    expect(await view(id, { ip: '2001:db8:7:1::1' })).toBe(1);
    expect(await view(id, { ip: '2001:db8:7:1:aaaa:bbbb:cccc:dddd' })).toBe(1);
    expect(await view(id, { ip: '2001:db8:7:2::1' })).toBe(2);
  });

  it('counts at most the hourly cap of views from one address across all templates', async () => {
    const ids: number[] = [];
    for (let i = 0; i < ANONYMOUS_VIEWS_PER_NETWORK_HOUR + 5; i += 1) ids.push(await insertShare());
    const ip = '203.0.113.77';
    const answers: number[] = [];
    for (const id of ids) answers.push(await view(id, { ip, agent: `Bot/${id}` }));
    expect(answers.filter((n) => n === 1)).toHaveLength(ANONYMOUS_VIEWS_PER_NETWORK_HOUR);
    expect(answers.slice(ANONYMOUS_VIEWS_PER_NETWORK_HOUR)).toEqual([0, 0, 0, 0, 0]);
    let total = 0;
    for (const id of ids) total += await viewsOf(id);
    expect(total).toBe(ANONYMOUS_VIEWS_PER_NETWORK_HOUR);

    // The cap is per address: another client and a signed-in user still count.
    const last = ids[ids.length - 1]!;
    expect(await view(last, { ip: '203.0.113.78' })).toBe(1);
    const reader = await createUser(t.app);
    expect(await view(last, { ip, user: reader })).toBe(2);
  });

  it('takes nothing from the cap for a repeat view of a template already counted', async () => {
    const ip = '203.0.113.90';
    const first = await insertShare();
    expect(await view(first, { ip })).toBe(1);
    for (let i = 0; i < ANONYMOUS_VIEWS_PER_NETWORK_HOUR; i += 1) await view(first, { ip, agent: `Again/${i}` });
    const ids: number[] = [];
    for (let i = 0; i < ANONYMOUS_VIEWS_PER_NETWORK_HOUR - 1; i += 1) ids.push(await insertShare());
    for (const id of ids) expect(await view(id, { ip })).toBe(1);
    expect(await view(await insertShare(), { ip })).toBe(0);
  });

  it('counts each concurrent view from one address once', async () => {
    const id = await insertShare();
    const ip = '203.0.113.120';
    await Promise.all(Array.from({ length: 12 }, (_, i) => view(id, { ip, agent: `Burst/${i}` })));
    expect(await viewsOf(id)).toBe(1);
    // The requests that lost the race gave their reservation back: one counted view, one taken.
    const { key } = viewerOf(t.config.secretKey, null, ip);
    const taken = await t.app.db
      .selectFrom('throttle_events')
      .select('id')
      .where('bucket', '=', `anon-views:${key}`)
      .execute();
    expect(taken).toHaveLength(1);
  });

  it("does not count the author's own views", async () => {
    const id = await insertShare();
    expect(await view(id, { ip: '198.51.100.90', user: author })).toBe(0);
    const reader = await createUser(t.app);
    expect(await view(id, { ip: '198.51.100.90', user: reader })).toBe(1);
    expect(await viewsOf(id)).toBe(1);
  });
});
