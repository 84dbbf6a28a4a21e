// Recall and plans (issue 15, "Performance"), on SQLite and on PostgreSQL: a learner with 50,000
// cards over three trees of 1,000 nodes, a year of review logs (50,000), and an active plan on each tree.
// Through the real app in-process (`buildApp` + `app.inject`: auth, validation, SQL, serialisation):
// - `GET /api/learn/review/` (50 cards), target p95 ≤ 30 ms;
// - `POST /api/learn/cards/{id}/review/` of a due card (each run really schedules), target p95 ≤ 20 ms;
// - `GET /api/learn/review/stats/`, target p95 ≤ 50 ms;
// - the public calendar feed with 3 active plans, target p95 ≤ 100 ms.
// Cards and logs are inserted straight into the tables (as a year of use would have left them): the
// benchmark is about reading them, not about the API that wrote them.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TreeDocument, TreeNode } from '@arbor/tree-core';
import { openInProcessApp, type InProcessApp } from './support/in-process-app.ts';
import { p95, stats, timeRuns, timingCell } from './support/timing.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';

const RUNS = Number(process.env.BENCH_RECALL_RUNS ?? 50);
const WARMUPS = 5;
const CARDS = 50_000;
const LOGS = 50_000;
const TREES = 3;
const NODES_PER_TREE = 1000;
const BATCH = 500;
const DAY_MS = 86_400_000;
const TARGETS = { queueP95Ms: 30, reviewP95Ms: 20, statsP95Ms: 50, feedP95Ms: 100 };

/** A small deterministic generator, so every run benchmarks the same cards. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function makeDocument(index: number): TreeDocument {
  const nodes: TreeNode[] = [];
  const parents = ['root'];
  for (let i = 0; i < NODES_PER_TREE; i++) {
    const id = i === 0 ? 'root' : `node-${i}`;
    nodes.push({
      id,
      parent_id: i === 0 ? null : parents[Math.floor((i - 1) / 4)]!,
      title: `Tree ${index} skill ${i}`,
      summary: `What step ${i} teaches.`,
      content: `## Step ${i}\n\nRead, practise, build.`,
      icon: null,
      color: null,
      image_id: null,
      resources: [],
      collapsed: false,
      position: null,
      estimate_minutes: 20 + (i % 5) * 10,
    });
    if (i > 0) parents.push(id);
  }
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
}

const STATES = [
  'new',
  'learning',
  'review',
  'review',
  'review',
  'review',
  'review',
  'review',
  'review',
  'relearning',
] as const;

/** Inserts the learner's cards (states and due dates spread as a year of use leaves them) and review logs. */
async function seedCards(app: InProcessApp['app'], userId: number, treeIds: number[]) {
  const db = app.deps.db;
  const next = random(15);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const cardIds: number[] = [];
  for (let from = 0; from < CARDS; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(CARDS, from + BATCH); i++) {
      const state = STATES[i % STATES.length]!;
      const created = now - Math.floor(next() * 365) * DAY_MS;
      const due = state === 'new' ? created : now + Math.floor((next() * 90 - 20) * DAY_MS);
      rows.push({
        user_id: userId,
        subject_kind: 'tree' as const,
        subject_id: treeIds[i % TREES]!,
        node_id: `node-${1 + (i % (NODES_PER_TREE - 1))}`,
        front: `Question ${i}: what does this step teach?`,
        back: `Answer ${i}.`,
        state,
        due: iso(due),
        stability: state === 'new' ? 0 : 1 + next() * 60,
        difficulty: state === 'new' ? 0 : 1 + next() * 9,
        elapsed_days: 0,
        scheduled_days: state === 'review' ? 1 + Math.floor(next() * 60) : 0,
        learning_steps: 0,
        reps: state === 'new' ? 0 : 1 + Math.floor(next() * 10),
        lapses: state === 'relearning' ? 1 : 0,
        last_review: state === 'new' ? null : iso(now - Math.floor(next() * 30) * DAY_MS),
        created_at: iso(created),
        updated_at: iso(created),
      });
    }
    const inserted = await db.insertInto('learning_cards').values(rows).returning('id').execute();
    cardIds.push(...inserted.map((row) => row.id));
  }
  for (let from = 0; from < LOGS; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(LOGS, from + BATCH); i++) {
      const reviewed = now - Math.floor(next() * 365 * DAY_MS);
      rows.push({
        card_id: cardIds[Math.floor(next() * cardIds.length)]!,
        user_id: userId,
        review_id: randomUUID(),
        rating: 1 + Math.floor(next() * 4),
        state: (['new', 'learning', 'review', 'relearning'] as const)[Math.floor(next() * 4)]!,
        due: iso(reviewed + DAY_MS),
        stability: 3,
        difficulty: 5,
        elapsed_days: 1,
        last_elapsed_days: 1,
        scheduled_days: 1,
        learning_steps: 0,
        reviewed_at: iso(reviewed),
        duration_ms: 4000,
        card_before: '{}',
        answer: '{}',
      });
    }
    await db.insertInto('learning_review_logs').values(rows).execute();
  }
}

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_recall');
  const { app, user, call } = opened;
  try {
    const trees = [];
    for (let t = 0; t < TREES; t++) {
      trees.push(
        (await call('POST', '/api/tree/skills_tree/', { title: `Recall bench ${t}`, data: makeDocument(t) })).json(),
      );
    }
    await seedCards(
      app,
      user.id,
      trees.map((tree) => tree.id as number),
    );
    // What autovacuum and the query planner's statistics would have done over a year of use.
    if (kind === 'postgres') await sql`VACUUM ANALYZE learning_cards, learning_review_logs`.execute(app.deps.db);
    else await sql`ANALYZE`.execute(app.deps.db);
    await call('PATCH', '/api/learn/settings/', { timezone: 'Asia/Shanghai', weekly_minutes: 600, new_per_day: 20 });
    for (const tree of trees) await call('PUT', '/api/learn/plans/', { tree: tree.uuid });
    const feedUrl = new URL((await call('GET', '/api/learn/calendar/')).json().url as string).pathname;

    // Each call is measured in a loop of its own, so that one call's garbage is not collected in another's time.
    const repeat = (fn: (run: number) => Promise<unknown>) => timeRuns(RUNS, WARMUPS, fn);
    let queueBytes = 0;
    const queue = await repeat(async () => {
      queueBytes = (await call('GET', '/api/learn/review/?limit=50')).body.length;
    });
    // Grades for due cards of one queue: each review is a real FSRS step and write of another card.
    const due = (await call('GET', '/api/learn/review/?limit=200')).json().cards as { id: number }[];
    if (due.length < RUNS + WARMUPS) throw new Error('the review queue is too short');
    const reviews = await repeat((run) =>
      call('POST', `/api/learn/cards/${due[run]!.id}/review/`, { rating: 1 + (run % 4), review_id: randomUUID() }),
    );
    const statsRuns = await repeat(() => call('GET', '/api/learn/review/stats/'));
    let feedBytes = 0;
    let feedEvents = 0;
    const feeds = await repeat(async () => {
      const res = await app.inject({ method: 'GET', url: feedUrl });
      if (res.statusCode !== 200) throw new Error(`feed: ${res.statusCode}`);
      feedBytes = res.body.length;
      feedEvents = res.body.split('BEGIN:VEVENT').length - 1;
    });
    const judged = (xs: number[], target: number) => ({
      ...stats(xs),
      target_p95_ms: target,
      meets_target: p95(xs) <= target,
    });
    return {
      queue_response_bytes: queueBytes,
      feed_bytes: feedBytes,
      feed_events: feedEvents,
      review_queue: judged(queue, TARGETS.queueP95Ms),
      review: judged(reviews, TARGETS.reviewP95Ms),
      stats: judged(statsRuns, TARGETS.statsP95Ms),
      calendar_feed: judged(feeds, TARGETS.feedP95Ms),
    };
  } finally {
    await opened.close();
  }
}

await benchBothDatabases(
  'recall',
  {
    cards: CARDS,
    review_logs: LOGS,
    trees: TREES,
    nodes_per_tree: NODES_PER_TREE,
    runs: RUNS,
  },
  benchDatabase,
  readmeSection,
);

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Recorded = BothDatabasesRun<Measured>;

function readmeSection(r: Recorded): string {
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const row = (label: string, key: 'review_queue' | 'review' | 'stats' | 'calendar_feed') =>
    `| ${label} | ${timingCell(r.sqlite[key])} | ${timingCell(r.postgres[key])} | p95 ≤ ${r.sqlite[key].target_p95_ms} ms | ${met(r.sqlite[key].meets_target && r.postgres[key].meets_target)} |`;
  return `## Recall and plans (\`recall.bench.ts\`, issue 15)

A learner with ${CARDS.toLocaleString('en')} cards (10 % new, 10 % learning, 70 % review, 10 % relearning; due dates from 20 days
ago to 70 days ahead) on three trees of ${NODES_PER_TREE.toLocaleString('en')} nodes, ${LOGS.toLocaleString('en')} review logs over the past year, the
time zone Asia/Shanghai, and an active plan on each tree. Cards and logs are inserted into the tables;
everything measured goes through the real app in-process (\`buildApp\` + \`app.inject\`), on SQLite and on
PostgreSQL, ${r.sqlite.review.runs} runs after ${WARMUPS} warm-ups, each call in a loop of its own: the queue, a grade of
another due card per run (a real FSRS step and write), the stats, and the public feed (${r.sqlite.feed_events} events, ${Math.round(r.sqlite.feed_bytes / 1024)} KB).

${resultsLine(r)}:

| median (p95) | SQLite | PostgreSQL | target | |
|---|---|---|---|---|
${row('`GET /api/learn/review/` (50 cards)', 'review_queue')}
${row('`POST /api/learn/cards/{id}/review/`', 'review')}
${row('`GET /api/learn/review/stats/`', 'stats')}
${row('`GET /api/learn/calendar/<token>.ics`, 3 active plans', 'calendar_feed')}
`;
}
