import { call as callApi } from '../../testing/call.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { insertBareTemplate } from '../shares/testing.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

const newTemplate = (author: TestUser, title = 'Reviewed template') =>
  insertBareTemplate(t.app, { authorId: author.id, title, createdAt: nowIso() });

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser | null, payload?: unknown) =>
  callApi(t.app, user, method, `/api/community/${url}`, payload as object);

const post = (share: number | string, user: TestUser | null, payload: unknown) =>
  call('POST', `trees-shared/${share}/reviews/`, user, payload);
const list = async (share: number, query = '', user?: TestUser) => {
  const res = await call('GET', `trees-shared/${share}/reviews/?${query}`, user);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const shareOf = async (share: number, user?: TestUser) => (await call('GET', `trees-shared/${share}/`, user)).json();
const ids = (page: { results: Array<{ id: number }> }) => page.results.map((r) => r.id);

/** A review by `user` of `share`, answered 201. */
async function review(share: number, user: TestUser, rating: number, body = `Review by ${user.username}`) {
  const res = await post(share, user, { rating, body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app, { username: 'alice' });
  bob = await createUser(t.app, { username: 'bob' });
  carol = await createUser(t.app, { username: 'carol' });
  admin = await createUser(t.app, { username: 'root', role: 'admin' });
});
afterAll(async () => t?.close());
// The same few users write many reviews in this file: each test starts below the hourly limit.
beforeEach(async () => {
  await t.app.db.deleteFrom('throttle_events').where('bucket', 'like', 'reviews:%').execute();
});

describe('writing a review', () => {
  it('answers 201 with the Review and counts the rating once on the template', async () => {
    const share = await newTemplate(alice);
    const res = await post(share, bob, { rating: 4, body: '**Clear** and well ordered.' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      share,
      author: { id: bob.id, username: 'bob', avatar_url: expect.any(String) },
      rating: 4,
      body: '**Clear** and well ordered.',
      helpful_count: 0,
      my_helpful: false,
      reply: null,
      abilities: { update: true, delete: true, mark_helpful: false, reply: false, report: false },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await shareOf(share, bob)).toMatchObject({ rating_count: 1, rating_avg: 4, my_rating: 4 });
  });

  it("answers 200 when it replaces the caller's review: same id, one rating, new text", async () => {
    const share = await newTemplate(alice);
    const first = await review(share, bob, 2, 'First thoughts');
    const again = await post(share, bob, { rating: 5, body: 'Second thoughts' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.id,
      rating: 5,
      body: 'Second thoughts',
      created_at: first.created_at,
    });
    expect(await shareOf(share)).toMatchObject({ rating_count: 1, rating_avg: 5 });
    expect((await list(share)).count).toBe(1);
  });

  it('turns an earlier /rate/ into the review (201), and a later /rate/ keeps the text', async () => {
    const share = await newTemplate(alice);
    await call('POST', `trees-shared/${share}/rate/`, bob, { score: 3 });
    expect((await list(share)).count).toBe(0);
    const written = await review(share, bob, 4, 'Now with words');
    expect(await shareOf(share)).toMatchObject({ rating_count: 1, rating_avg: 4 });
    const rated = await call('POST', `trees-shared/${share}/rate/`, bob, { score: 1 });
    expect(rated.json()).toEqual({ my_rating: 1, rating_avg: 1, rating_count: 1 });
    const page = await list(share);
    expect(page.results).toEqual([expect.objectContaining({ id: written.id, rating: 1, body: 'Now with words' })]);
  });

  it('does not list ratings without a text, while rating_avg counts every user once', async () => {
    const share = await newTemplate(alice);
    await review(share, bob, 5);
    await call('POST', `trees-shared/${share}/rate/`, carol, { score: 2 });
    await call('POST', `trees-shared/${share}/rate/`, carol, { score: 3 });
    await post(share, bob, { rating: 5, body: 'Still five' });
    expect(await shareOf(share)).toMatchObject({ rating_count: 2, rating_avg: 4 });
    const page = await list(share);
    expect(page.count).toBe(1);
    expect(page.results[0].author.id).toBe(bob.id);
  });

  it("refuses a review of one's own template with 400", async () => {
    const share = await newTemplate(alice);
    const res = await post(share, alice, { rating: 5, body: 'Mine is great' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid', detail: 'You cannot review your own template.' });
    expect(await shareOf(share)).toMatchObject({ rating_count: 0 });
  });

  it('answers 404 for an unknown template, by id or uuid', async () => {
    expect((await post(999999, bob, { rating: 3, body: 'Nothing here' })).statusCode).toBe(404);
    expect((await post('00000000-0000-4000-8000-000000000000', bob, { rating: 3, body: 'x y' })).statusCode).toBe(404);
  });

  it('reviews a template addressed by its uuid', async () => {
    const share = await newTemplate(alice);
    const { uuid } = await shareOf(share);
    const res = await post(uuid, carol, { rating: 3, body: 'By uuid' });
    expect(res.statusCode).toBe(201);
    expect(res.json().share).toBe(share);
  });

  it.each([
    [{ body: 'no rating' }, 'rating'],
    [{ rating: 0, body: 'zero' }, 'rating'],
    [{ rating: 6, body: 'six' }, 'rating'],
    [{ rating: 3.5, body: 'half' }, 'rating'],
    [{ rating: 3 }, 'body'],
    [{ rating: 3, body: '' }, 'body'],
    [{ rating: 3, body: '   \n ' }, 'body'],
    [{ rating: 3, body: 'x'.repeat(5001) }, 'body'],
  ])('refuses %j with 400 naming the field %s', async (payload, field) => {
    const share = await newTemplate(alice);
    const res = await post(share, bob, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid');
    expect(typeof body.detail).toBe('string');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await shareOf(share)).toMatchObject({ rating_count: 0 });
  });

  it('accepts a body of exactly 5,000 characters, stored as written', async () => {
    const share = await newTemplate(alice);
    const text = `  # Title\n${'y'.repeat(4990)}`;
    expect(text.length).toBe(5000);
    expect((await review(share, bob, 3, text)).body).toBe(text);
  });

  it('answers validation errors in the language asked', async () => {
    const share = await newTemplate(alice);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${share}/reviews/`,
      headers: { ...bob.headers, 'accept-language': 'zh-CN' },
      payload: { rating: 9, body: 'nine' },
    });
    expect(res.json().fields.rating).toEqual(['评分必须是 1 到 5 的整数。']);
  });

  it('announces a new review (review.posted) after the commit, not a replacement', async () => {
    const seen: unknown[] = [];
    t.app.deps.events.on('review.posted', async (event) => void seen.push(event));
    const share = await newTemplate(alice);
    const { uuid } = await shareOf(share);
    const written = await review(share, carol, 4);
    expect(seen).toEqual([
      { reviewId: written.id, shareId: share, shareUuid: uuid, shareAuthorId: alice.id, reviewerId: carol.id },
    ]);
    await post(share, carol, { rating: 3, body: 'Edited by posting again' });
    await post(share, alice, { rating: 5, body: 'Refused' });
    expect(seen).toHaveLength(1);
  });
});

describe('listing reviews', () => {
  let share: number;
  const reviews: Record<string, { id: number }> = {};

  beforeAll(async () => {
    share = await newTemplate(alice, 'Listed');
    const dave = await createUser(t.app, { username: 'dave' });
    reviews.bob = await review(share, bob, 2, 'Meh');
    reviews.carol = await review(share, carol, 5, 'Great');
    reviews.dave = await review(share, dave, 4, 'Good');
    await call('POST', `trees-shared/${share}/rate/`, admin, { score: 1 });
    // dave's review is the most helpful, then bob's
    for (const voter of [bob, carol, admin])
      await call('POST', `reviews/${reviews.dave!.id}/helpful/`, voter, { helpful: true });
    await call('POST', `reviews/${reviews.bob!.id}/helpful/`, carol, { helpful: true });
  });

  it('is public, most helpful first by default, ratings without a text left out', async () => {
    const page = await list(share);
    expect(page.count).toBe(3);
    expect(page.next).toBeNull();
    expect(ids(page)).toEqual([reviews.dave!.id, reviews.bob!.id, reviews.carol!.id]);
    expect(page.results[0]).toMatchObject({ helpful_count: 3, my_helpful: false });
  });

  it.each([
    ['-helpful_count', ['dave', 'bob', 'carol']],
    ['-created_at', ['dave', 'carol', 'bob']],
    ['-rating', ['carol', 'dave', 'bob']],
    ['rating', ['bob', 'dave', 'carol']],
  ])('orders by %s', async (ordering, names) => {
    expect(ids(await list(share, `ordering=${ordering}`))).toEqual(names.map((n) => reviews[n]!.id));
  });

  it('filters by rating', async () => {
    expect(ids(await list(share, 'rating=5'))).toEqual([reviews.carol!.id]);
    expect((await list(share, 'rating=1')).count).toBe(0);
  });

  it("filters by author (username or id): one user's review, none for an unknown user", async () => {
    expect(ids(await list(share, 'author=Carol'))).toEqual([reviews.carol!.id]);
    expect(ids(await list(share, `author=${carol.id}`))).toEqual([reviews.carol!.id]);
    expect((await list(share, 'author=nobody-here')).count).toBe(0);
    // the admin only rated: a rating without a text is no review
    expect((await list(share, `author=${admin.id}`)).count).toBe(0);
  });

  it('pages with count, next and previous', async () => {
    const first = await list(share, 'ordering=-rating&page_size=2');
    expect(first.count).toBe(3);
    expect(ids(first)).toEqual([reviews.carol!.id, reviews.dave!.id]);
    expect(first.next).toContain('page=2');
    const second = await list(share, 'ordering=-rating&page_size=2&page=2');
    expect(ids(second)).toEqual([reviews.bob!.id]);
    expect(second.previous).not.toBeNull();
    expect(second.next).toBeNull();
  });

  it('marks the reviews the caller found helpful (my_helpful)', async () => {
    const page = await list(share, '', carol);
    const mine = Object.fromEntries(page.results.map((r: { id: number; my_helpful: boolean }) => [r.id, r.my_helpful]));
    expect(mine).toEqual({ [reviews.dave!.id]: true, [reviews.bob!.id]: true, [reviews.carol!.id]: false });
  });

  it.each(['ordering=-likes', 'rating=0', 'rating=6', 'rating=x', 'page=0'])('refuses ?%s with 400', async (query) => {
    const res = await call('GET', `trees-shared/${share}/reviews/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', fields: expect.any(Object) });
  });

  it('answers 404 for an unknown template', async () => {
    expect((await call('GET', 'trees-shared/999999/reviews/')).statusCode).toBe(404);
  });

  it('spreads every rating the average counts over the stars, star-only ratings included', async () => {
    const res = await call('GET', `trees-shared/${share}/ratings/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      buckets: [
        { stars: 5, count: 1 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 1 },
      ],
      rating_count: 4,
      written_count: 3,
    });
    expect(await shareOf(share)).toMatchObject({ rating_count: 4 });
    expect((await call('GET', 'trees-shared/999999/ratings/')).statusCode).toBe(404);
  });
});

describe('editing and deleting a review', () => {
  it('lets its author change the rating and the text; the counters follow', async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 2, 'Before');
    await review(share, carol, 4);
    const res = await call('PATCH', `reviews/${written.id}/`, bob, { rating: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: written.id, rating: 5, body: 'Before' });
    expect(await shareOf(share)).toMatchObject({ rating_count: 2, rating_avg: 4.5 });
    const text = await call('PATCH', `reviews/${written.id}/`, bob, { body: 'After' });
    expect(text.json()).toMatchObject({ rating: 5, body: 'After', created_at: written.created_at });
    expect(await shareOf(share)).toMatchObject({ rating_count: 2, rating_avg: 4.5 });
  });

  it("refuses someone else's edit with 403 and a bad edit with 400", async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 3);
    for (const user of [carol, alice, admin]) {
      const res = await call('PATCH', `reviews/${written.id}/`, user, { rating: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    const bad = await call('PATCH', `reviews/${written.id}/`, bob, { body: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['body']);
    expect((await call('PATCH', 'reviews/999999/', bob, { rating: 1 })).statusCode).toBe(404);
    expect(await shareOf(share)).toMatchObject({ rating_avg: 3 });
  });

  it('deletes its own review with 204, the rating with it', async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 1);
    await review(share, carol, 5);
    expect((await call('DELETE', `reviews/${written.id}/`, bob)).statusCode).toBe(204);
    expect(await shareOf(share, bob)).toMatchObject({ rating_count: 1, rating_avg: 5, my_rating: null });
    expect((await list(share)).count).toBe(1);
    expect((await call('DELETE', `reviews/${written.id}/`, bob)).statusCode).toBe(404);
  });

  it("lets an admin delete anyone's review; others get 403", async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 2);
    for (const user of [carol, alice])
      expect((await call('DELETE', `reviews/${written.id}/`, user)).statusCode).toBe(403);
    expect((await call('DELETE', `reviews/${written.id}/`, admin)).statusCode).toBe(204);
    expect(await shareOf(share)).toMatchObject({ rating_count: 0, rating_avg: 0 });
  });

  it('answers 404 for a rating without a text: it is no review', async () => {
    const share = await newTemplate(alice);
    await call('POST', `trees-shared/${share}/rate/`, bob, { score: 4 });
    const row = await t.app.db
      .selectFrom('share_ratings')
      .select('id')
      .where('share_id', '=', share)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `reviews/${row.id}/`, bob)).statusCode).toBe(404);
    expect((await call('POST', `reviews/${row.id}/helpful/`, carol, { helpful: true })).statusCode).toBe(404);
    expect(await shareOf(share)).toMatchObject({ rating_count: 1 });
  });
});

describe('helpful votes', () => {
  it("counts one vote per user, taken back with false; not on one's own review (400)", async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 4);
    const vote = (user: TestUser, helpful: unknown) =>
      call('POST', `reviews/${written.id}/helpful/`, user, { helpful });
    const own = await vote(bob, true);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ code: 'invalid', detail: 'You cannot mark your own review as helpful.' });
    expect((await vote(carol, true)).json()).toEqual({ helpful: true, helpful_count: 1 });
    expect((await vote(carol, true)).json()).toEqual({ helpful: true, helpful_count: 1 });
    expect((await vote(alice, true)).json()).toEqual({ helpful: true, helpful_count: 2 });
    expect((await vote(carol, false)).json()).toEqual({ helpful: false, helpful_count: 1 });
    expect((await vote(carol, false)).json()).toEqual({ helpful: false, helpful_count: 1 });
    const bad = await vote(carol, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['helpful']);
    expect((await call('POST', 'reviews/999999/helpful/', carol, { helpful: true })).statusCode).toBe(404);
  });

  it('keeps the helpful count exact under 50 concurrent votes by 50 users', async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 5);
    const voters = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const url = `reviews/${written.id}/helpful/`;
    const answers = await Promise.all(voters.map((u) => call('POST', url, u, { helpful: true })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await Promise.all(voters.slice(0, 5).map((u) => call('POST', url, u, { helpful: true })));
    expect((await list(share)).results[0].helpful_count).toBe(50);
    await Promise.all(voters.slice(0, 10).map((u) => call('POST', url, u, { helpful: false })));
    const votes = await t.app.db
      .selectFrom('review_helpful_votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('review_id', '=', written.id)
      .executeTakeFirstOrThrow();
    expect(Number(votes.n)).toBe(40);
    expect((await list(share)).results[0].helpful_count).toBe(40);
  });
});

describe('rating counters under load', () => {
  it('keeps rating_count and rating_avg exact under 50 concurrent reviews by 50 users', async () => {
    const share = await newTemplate(alice);
    const reviewers = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const answers = await Promise.all(
      reviewers.map((u, i) => post(share, u, { rating: 1 + (i % 5), body: `Review ${i}` })),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    // 10 of each score: the average is 3.
    expect(await shareOf(share)).toMatchObject({ rating_count: 50, rating_avg: 3 });
    expect((await list(share)).count).toBe(50);
  });
});

describe("the template author's reply", () => {
  it('is written, edited (first date kept) and removed with an empty body by the author only', async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 3);
    const reply = (user: TestUser, body: unknown) => call('POST', `reviews/${written.id}/reply/`, user, { body });
    for (const user of [bob, carol, admin]) {
      const res = await reply(user, 'Thanks!');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    const first = await reply(alice, 'Thanks for the review.');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: written.id,
      body: written.body,
      reply: { body: 'Thanks for the review.', created_at: expect.any(String), updated_at: expect.any(String) },
    });
    const edited = (await reply(alice, 'Fixed in the next revision.')).json();
    expect(edited.reply).toMatchObject({
      body: 'Fixed in the next revision.',
      created_at: first.json().reply.created_at,
    });
    expect((await list(share)).results[0].reply.body).toBe('Fixed in the next revision.');
    expect((await reply(alice, '  ')).json().reply).toBeNull();
    expect((await list(share)).results[0].reply).toBeNull();
    expect((await reply(alice, 'x'.repeat(5001))).statusCode).toBe(400);
    expect((await call('POST', `reviews/${written.id}/reply/`, alice, {})).statusCode).toBe(400);
    expect((await call('POST', 'reviews/999999/reply/', alice, { body: 'x' })).statusCode).toBe(404);
  });
});

describe('without an account', () => {
  it('reads reviews but gets 401 for every write, before any validation', async () => {
    const share = await newTemplate(alice);
    const written = await review(share, bob, 4);
    expect((await list(share)).results[0]).toMatchObject({ id: written.id, my_helpful: false });
    const writes: Array<[Parameters<typeof call>[0], string]> = [
      ['POST', `trees-shared/${share}/reviews/`],
      ['PATCH', `reviews/${written.id}/`],
      ['DELETE', `reviews/${written.id}/`],
      ['POST', `reviews/${written.id}/helpful/`],
      ['POST', `reviews/${written.id}/reply/`],
    ];
    for (const [method, url] of writes) {
      const res = await call(method, url, null, { nonsense: true });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
    }
  });
});

describe('the review limit', () => {
  it('allows 10 reviews an hour per user, then answers 429 throttled with Retry-After', async () => {
    const writer = await createUser(t.app);
    const shares = await Promise.all(Array.from({ length: 11 }, (_, i) => newTemplate(alice, `Limit ${i}`)));
    for (const share of shares.slice(0, 9)) await review(share, writer, 3);
    // A replacement counts too: that is the tenth.
    expect((await post(shares[0]!, writer, { rating: 4, body: 'Replaced' })).statusCode).toBe(200);
    const res = await post(shares[10]!, writer, { rating: 4, body: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('throttled');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await shareOf(shares[10]!)).toMatchObject({ rating_count: 0 });
    // Refused attempts take nothing, and other users are not limited.
    expect((await post(shares[10]!, carol, { rating: 4, body: 'Someone else' })).statusCode).toBe(201);
  });

  it('does not count a refused review against the limit', async () => {
    const writer = await createUser(t.app);
    const own = await newTemplate(writer);
    for (let i = 0; i < 12; i += 1) expect((await post(own, writer, { rating: 5, body: 'Mine' })).statusCode).toBe(400);
    expect((await post(await newTemplate(alice), writer, { rating: 4, body: 'Allowed' })).statusCode).toBe(201);
  });
});

describe('deleting an account', () => {
  it('withdraws its review (rating and all) and its helpful votes, keeping every counter exact', async () => {
    const leaving = await createUser(t.app, { username: 'leaving_reviewer' });
    const share = await newTemplate(alice);
    const theirs = await review(share, leaving, 1, 'Leaving soon');
    const bobs = await review(share, bob, 5);
    await call('POST', `reviews/${bobs.id}/helpful/`, leaving, { helpful: true });
    await call('POST', `reviews/${bobs.id}/helpful/`, carol, { helpful: true });
    await call('POST', `reviews/${theirs.id}/helpful/`, carol, { helpful: true });
    expect(await shareOf(share)).toMatchObject({ rating_count: 2, rating_avg: 3 });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/users/${leaving.id}/`,
      headers: leaving.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(204);
    expect(await shareOf(share)).toMatchObject({ rating_count: 1, rating_avg: 5 });
    const page = await list(share);
    expect(page.results).toEqual([expect.objectContaining({ id: bobs.id, helpful_count: 1 })]);
  });
});
