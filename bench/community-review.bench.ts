// Community review (issue 16, "Performance and reliability"), on SQLite and on PostgreSQL: one template
// with 10,000 reviews (each by another user, some hidden, some answered by the author, helpful votes
// spread) and 50,000 comments (10,000 threads, a fifth pinned to nodes, 40,000 replies). Through the
// real app in-process (`buildApp` + `app.inject`: auth, validation, SQL, serialisation), the first page
// of each list, target p95 ≤ 20 ms:
// - reviews, newest first and most helpful first, anonymous and signed in;
// - comments (the threads), and the replies of the busiest thread.
// Reviews and comments are inserted straight into the tables, as years of use would have left them.
import { sql } from 'kysely';
import type { TreeDocument, TreeNode } from '@arbor/tree-core';
import { openInProcessApp, type InProcessApp } from './support/in-process-app.ts';
import { p95, stats, timed, timingCell } from './support/timing.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';

const RUNS = Number(process.env.BENCH_REVIEW_RUNS ?? 50);
const WARMUPS = 5;
const REVIEWS = 10_000;
const THREADS = 10_000;
const REPLIES = 40_000;
const NODES = 200;
const BATCH = 500;
const TARGET_P95_MS = 20;
const MINUTE_MS = 60_000;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function makeDocument(): TreeDocument {
  const nodes: TreeNode[] = Array.from({ length: NODES }, (_, i) => ({
    id: i === 0 ? 'root' : `node-${i}`,
    parent_id: i === 0 ? null : i < 10 ? 'root' : `node-${1 + ((i - 10) % 9)}`,
    title: `Skill ${i}`,
    summary: '',
    content: `Step ${i}.`,
    icon: null,
    color: null,
    image_id: null,
    resources: [],
    collapsed: false,
    position: null,
    estimate_minutes: null,
  }));
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
}

async function inBatches<T>(count: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let from = 0; from < count; from += BATCH) {
    const rows: T[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) rows.push(make(i));
    await insert(rows);
  }
}

/** `REVIEWS` reviewers, their reviews of `shareId`, and the threads and replies of its discussion. */
async function seed(app: InProcessApp['app'], shareId: number, authorId: number) {
  const db = app.deps.db;
  const next = random(16);
  const start = Date.now() - (REVIEWS + THREADS + REPLIES) * MINUTE_MS;
  const at = (minute: number) => new Date(start + minute * MINUTE_MS).toISOString();
  const userIds: number[] = [];
  await inBatches(
    REVIEWS,
    (i) => ({
      username: `reviewer${i}`,
      username_lower: `reviewer${i}`,
      email: null,
      phone: null,
      password_hash: null,
      role: 'user' as const,
      is_active: 1,
      date_joined: at(0),
      updated_at: at(0),
    }),
    async (rows) => {
      const ids = await db.insertInto('users').values(rows).returning('id').execute();
      userIds.push(...ids.map((row) => row.id));
    },
  );
  let scoreSum = 0;
  let visible = 0;
  await inBatches(
    REVIEWS,
    (i) => {
      const score = 1 + Math.floor(next() * 5);
      const hidden = i % 97 === 0 ? 1 : 0;
      if (!hidden) {
        scoreSum += score;
        visible++;
      }
      const answered = i % 7 === 0;
      return {
        share_id: shareId,
        user_id: userIds[i]!,
        score,
        body: `Review ${i}: **useful** for the first steps, thin on the advanced ones. `.repeat(1 + (i % 4)),
        helpful_count: Math.floor(next() ** 3 * 200),
        reply_body: answered ? `Thanks, reviewer ${i}.` : null,
        reply_created_at: answered ? at(i + 1) : null,
        reply_updated_at: answered ? at(i + 1) : null,
        hidden,
        created_at: at(i),
        updated_at: at(i),
      };
    },
    (rows) => db.insertInto('share_ratings').values(rows).execute(),
  );
  await db
    .updateTable('shares')
    .set({ rating_sum: scoreSum, rating_count: visible, rating_avg: scoreSum / visible })
    .where('id', '=', shareId)
    .execute();
  const threadIds: number[] = [];
  await inBatches(
    THREADS,
    (i) => ({
      share_id: shareId,
      node_id: i % 5 === 0 ? `node-${1 + (i % (NODES - 1))}` : null,
      parent_id: null,
      author_id: userIds[i % userIds.length]!,
      body: `Thread ${i}: how do you practise this step?`,
      created_at: at(REVIEWS + i),
      edited_at: null,
      deleted: i % 211 === 0 ? 1 : 0,
      hidden: i % 101 === 0 ? 1 : 0,
    }),
    async (rows) => {
      const ids = await db.insertInto('share_comments').values(rows).returning('id').execute();
      threadIds.push(...ids.map((row) => row.id));
    },
  );
  // Replies cluster on a few threads, as discussions do; one visible thread near the end is the busiest.
  const busiest = THREADS - 2;
  const replies = new Map<number, number>();
  await inBatches(
    REPLIES,
    (i) => {
      const thread = i % 10 === 0 ? busiest : Math.floor(next() ** 2 * threadIds.length);
      replies.set(thread, (replies.get(thread) ?? 0) + 1);
      return {
        share_id: shareId,
        node_id: thread % 5 === 0 ? `node-${1 + (thread % (NODES - 1))}` : null,
        parent_id: threadIds[thread]!,
        author_id: i % 9 === 0 ? authorId : userIds[(i * 7) % userIds.length]!,
        body: `Reply ${i}: with a small project.`,
        created_at: at(REVIEWS + THREADS + i),
        edited_at: null,
        hidden: i % 103 === 0 ? 1 : 0,
      };
    },
    (rows) => db.insertInto('share_comments').values(rows).execute(),
  );
  for (const [thread, count] of replies) {
    await db.updateTable('share_comments').set({ replies_count: count }).where('id', '=', threadIds[thread]!).execute();
  }
  return { busiestThread: threadIds[busiest]! };
}

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_review');
  const { app, user, call } = opened;
  try {
    const tree = (await call('POST', '/api/tree/skills_tree/', { title: 'Review bench', data: makeDocument() })).json();
    const share = (
      await call('POST', '/api/community/trees-shared/share_tree/', { tree: tree.id, title: 'Review bench' })
    ).json() as { id: number };
    const seeded = await seed(app, share.id, user.id);
    // What autovacuum and the planner's statistics would have done after years of use.
    if (kind === 'postgres') await sql`VACUUM ANALYZE share_ratings, share_comments, users`.execute(app.deps.db);
    else await sql`ANALYZE`.execute(app.deps.db);

    const base = `/api/community/trees-shared/${share.id}`;
    const repeat = async (url: string, signedIn: boolean) => {
      const times: number[] = [];
      let count = 0;
      for (let run = 0; run < RUNS + WARMUPS; run++) {
        let body = '';
        const ms = await timed(async () => {
          const res = signedIn ? await call('GET', url) : await app.inject({ method: 'GET', url });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
          body = res.body;
        });
        if (run >= WARMUPS) times.push(ms);
        count = (JSON.parse(body) as { count: number }).count;
      }
      return { ...stats(times), count, target_p95_ms: TARGET_P95_MS, meets_target: p95(times) <= TARGET_P95_MS };
    };
    return {
      reviews_newest_anonymous: await repeat(`${base}/reviews/?ordering=-created_at`, false),
      reviews_helpful_signed_in: await repeat(`${base}/reviews/?ordering=-helpful_count`, true),
      reviews_five_stars: await repeat(`${base}/reviews/?rating=5`, false),
      threads_anonymous: await repeat(`${base}/comments/`, false),
      threads_signed_in: await repeat(`${base}/comments/`, true),
      busiest_thread_replies: await repeat(`${base}/comments/?parent=${seeded.busiestThread}`, false),
    };
  } finally {
    await opened.close();
  }
}

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Figure = keyof Measured;
type Recorded = BothDatabasesRun<Measured>;

await benchBothDatabases(
  'community-review',
  {
    reviews: REVIEWS,
    comments: THREADS + REPLIES,
    runs: RUNS,
  },
  benchDatabase,
  readmeSection,
);

function readmeSection(r: Recorded): string {
  const row = (label: string, key: Figure) => {
    const met = r.sqlite[key].meets_target && r.postgres[key].meets_target;
    return `| ${label} | ${r.sqlite[key].count.toLocaleString('en')} | ${timingCell(r.sqlite[key])} | ${timingCell(r.postgres[key])} | ${met ? 'met' : '**not met**'} |`;
  };
  return `## Reviews and discussion (\`community-review.bench.ts\`, issue 16)

One template with ${REVIEWS.toLocaleString('en')} reviews (each by another user; one in 97 hidden, one in 7 answered by the
author) and ${(THREADS + REPLIES).toLocaleString('en')} comments (${THREADS.toLocaleString('en')} threads, a fifth pinned to nodes;
${REPLIES.toLocaleString('en')} replies, a tenth of them in one thread; one in about 100 hidden). Rows are inserted into the
tables; each figure is the first page (20) through the real app in-process (\`buildApp\` + \`app.inject\`), ${r.sqlite.threads_anonymous.runs}
runs after ${WARMUPS} warm-ups, on SQLite and PostgreSQL. Target: p95 ≤ ${TARGET_P95_MS} ms.

${resultsLine(r)}:

| first page, median (p95) | listed | SQLite | PostgreSQL | target |
|---|---|---|---|---|
${row('reviews, newest first, anonymous', 'reviews_newest_anonymous')}
${row('reviews, most helpful first, signed in', 'reviews_helpful_signed_in')}
${row('reviews with 5 stars', 'reviews_five_stars')}
${row('threads, anonymous', 'threads_anonymous')}
${row('threads, signed in', 'threads_signed_in')}
${row('replies of the busiest thread', 'busiest_thread_replies')}
`;
}
