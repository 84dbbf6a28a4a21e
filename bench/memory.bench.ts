// Memory on the tree (issue 31, "Done when"), on SQLite and on PostgreSQL:
// - `GET /api/learn/memory/` of a 5,000-node tree on which the learner has 10,000 cards, target p95 ≤ 30 ms;
// - `POST /api/learn/cards/{id}/review/` rated Good on a node with 50 transitive prerequisites whose
//   nearest ones hold review cards due within 2 days (each run gives real implicit credit), target p95 ≤ 40 ms;
// - `GET /api/learn/memory/workload/` (30 days) over those 10,000 cards, recorded without a target.
// Through the real app in-process (`buildApp` + `app.inject`: auth, validation, SQL, serialisation).
// Cards are inserted straight into the table (as use would have left them): the benchmark is about
// reading and crediting them, not about the API that wrote them.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TreeDocument, TreeNode } from '@arbor/tree-core';
import { openInProcessApp, type InProcessApp } from './support/in-process-app.ts';
import { judged, timeRuns, timingCell } from './support/timing.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 50);
const WARMUPS = 5;
const NODES = 5000;
const CARDS = 10_000;
/** The last node of a chain of this many waits for all the others (transitively). */
const CHAIN = 51;
/** Review cards on each of the two nearest prerequisites, credited on every run. */
const CREDITED_PER_NODE = 5;
const BATCH = 500;
const DAY_MS = 86_400_000;
const TARGETS = { memoryP95Ms: 30, creditP95Ms: 40 };

/** A small deterministic generator, so every run benchmarks the same cards. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const nodeId = (i: number) => (i === 0 ? 'root' : `node-${i}`);

/** A 4-ary tree of NODES nodes; nodes 1 … CHAIN form a chain of prerequisite links. */
function makeDocument(): TreeDocument {
  const nodes: TreeNode[] = [];
  for (let i = 0; i < NODES; i++) {
    nodes.push({
      id: nodeId(i),
      parent_id: i === 0 ? null : nodeId(Math.floor((i - 1) / 4)),
      title: `Skill ${i}`,
      summary: `What step ${i} teaches.`,
      content: `## Step ${i}\n\nRead, practise, build.`,
      icon: null,
      color: null,
      image_id: null,
      resources: [],
      collapsed: false,
      position: null,
      estimate_minutes: 30,
    });
  }
  const links = [];
  for (let i = 1; i < CHAIN; i++) links.push({ source: nodeId(i), target: nodeId(i + 1), kind: 'prerequisite' });
  return { format: 1, layout: { direction: 'TB' }, nodes, links, unlock: 'links' } as TreeDocument;
}

/** Review cards on the chain's end (to grade) and its two nearest prerequisites (to credit), the rest spread. */
async function seedCards(app: InProcessApp['app'], userId: number, treeId: number) {
  const db = app.deps.db;
  const next = random(31);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const special = RUNS + WARMUPS + 2 * CREDITED_PER_NODE;
  const rows = [];
  for (let i = 0; i < CARDS; i++) {
    // First the cards to grade (on the chain's end, due now), then the credited ones (small stability,
    // so each credit leaves them due within 2 days again), then cards all over the tree.
    const toGrade = i < RUNS + WARMUPS;
    const credited = !toGrade && i < special;
    const node = toGrade
      ? nodeId(CHAIN)
      : credited
        ? nodeId(CHAIN - 1 - ((i - RUNS - WARMUPS) % 2))
        : nodeId(1 + Math.floor(next() * (NODES - 1)));
    const state = toGrade || credited ? 'review' : (['new', 'review', 'review', 'review', 'learning'] as const)[i % 5]!;
    const reviewed = state !== 'new';
    const created = now - Math.floor(next() * 365) * DAY_MS;
    rows.push({
      user_id: userId,
      subject_kind: 'tree' as const,
      subject_id: treeId,
      node_id: node,
      front: `Question ${i}`,
      back: `Answer ${i}.`,
      state,
      due: iso(
        toGrade ? now - DAY_MS : credited ? now + DAY_MS : reviewed ? now + (next() * 90 - 20) * DAY_MS : created,
      ),
      stability: credited ? 0.5 : reviewed ? 1 + next() * 60 : 0,
      difficulty: reviewed ? 1 + next() * 9 : 0,
      elapsed_days: 0,
      scheduled_days: reviewed ? 1 + Math.floor(next() * 30) : 0,
      learning_steps: 0,
      reps: reviewed ? 1 + Math.floor(next() * 10) : 0,
      lapses: 0,
      // The credited cards were last seen yesterday: a credit keeps them due within 2 days.
      last_review: credited ? iso(now - DAY_MS) : reviewed ? iso(now - (1 + Math.floor(next() * 30)) * DAY_MS) : null,
      created_at: iso(created),
      updated_at: iso(created),
    });
  }
  const ids: number[] = [];
  for (let from = 0; from < rows.length; from += BATCH) {
    const inserted = await db
      .insertInto('learning_cards')
      .values(rows.slice(from, from + BATCH))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids.slice(0, RUNS + WARMUPS);
}

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_memory');
  const { app, user, call } = opened;
  try {
    const tree = (await call('POST', '/api/tree/skills_tree/', { title: 'Memory bench', data: makeDocument() })).json();
    const toGrade = await seedCards(app, user.id, tree.id as number);
    if (kind === 'postgres') await sql`VACUUM ANALYZE learning_cards, learning_review_logs`.execute(app.deps.db);
    else await sql`ANALYZE`.execute(app.deps.db);
    await call('PATCH', '/api/learn/settings/', { timezone: 'Asia/Shanghai' });

    const repeat = (fn: (run: number) => Promise<unknown>, prepare?: (run: number) => Promise<unknown>) =>
      timeRuns(RUNS, WARMUPS, fn, prepare);
    // The answer is read once, outside the timed calls: parsing 500 KB of JSON is the client's time.
    let lastMemory = '';
    const memory = await repeat(async () => {
      const res = await call('GET', `/api/learn/memory/?tree=${tree.uuid}`);
      if (res.statusCode !== 200) throw new Error(`memory: ${res.statusCode}`);
      lastMemory = res.body;
    });
    // The same read right after the learner's cards changed (one card's stability, written straight into
    // the table as a review in another process would): the cards kept since the last read are stale.
    const memoryAfterWrite = await repeat(
      () => call('GET', `/api/learn/memory/?tree=${tree.uuid}`),
      (run) =>
        app.deps.db
          .updateTable('learning_cards')
          .set({ stability: 5 + run })
          .where('id', '=', toGrade[0]!)
          .execute(),
    );
    const memoryBytes = lastMemory.length;
    const memoryNodes = Object.keys((JSON.parse(lastMemory) as { nodes: object }).nodes).length;
    let strengthened = 0;
    const credit = await repeat(async (run) => {
      const res = await call('POST', `/api/learn/cards/${toGrade[run]!}/review/`, {
        rating: 3,
        review_id: randomUUID(),
      });
      if (res.statusCode !== 200) throw new Error(`review: ${res.statusCode}`);
      strengthened = Math.min(run === 0 ? Infinity : strengthened, res.json().strengthened.length);
    });
    if (strengthened < 2) throw new Error(`a review gave no implicit credit: ${strengthened}`);
    const workload = await repeat(() => call('GET', '/api/learn/memory/workload/'));
    return {
      memory_response_bytes: memoryBytes,
      memory_nodes: memoryNodes,
      memory: judged(memory, TARGETS.memoryP95Ms),
      memory_after_write: judged(memoryAfterWrite, TARGETS.memoryP95Ms),
      review_with_credit: judged(credit, TARGETS.creditP95Ms),
      workload_30_days: judged(workload),
    };
  } finally {
    await opened.close();
  }
}

await benchBothDatabases(
  'memory',
  { nodes: NODES, cards: CARDS, chain: CHAIN, runs: RUNS },
  benchDatabase,
  readmeSection,
);

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Recorded = BothDatabasesRun<Measured>;

function readmeSection(r: Recorded): string {
  const met = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? 'met' : '**not met**');
  const row = (label: string, key: 'memory' | 'memory_after_write' | 'review_with_credit' | 'workload_30_days') => {
    const target = r.sqlite[key].target_p95_ms;
    const ok = target === undefined ? undefined : r.sqlite[key].meets_target! && r.postgres[key].meets_target!;
    return `| ${label} | ${timingCell(r.sqlite[key])} | ${timingCell(r.postgres[key])} | ${target === undefined ? '—' : `p95 ≤ ${target} ms`} | ${met(ok)} |`;
  };
  return `## Memory on the tree (\`memory.bench.ts\`, issue 31)

A learner with ${CARDS.toLocaleString('en')} cards on one tree of ${NODES.toLocaleString('en')} nodes (${r.sqlite.memory_nodes.toLocaleString('en')} nodes with cards; 20 % new,
60 % review, 20 % learning), in the time zone Asia/Shanghai. The retention answer is ${Math.round(r.sqlite.memory_response_bytes / 1024)} KB. Each graded
card is on the last node of a chain of ${CHAIN} prerequisite links, and every grade gives implicit credit to
${2 * CREDITED_PER_NODE} review cards on its two nearest prerequisites. Through the real app in-process, on SQLite and on
PostgreSQL, ${r.sqlite.memory.runs} runs after ${WARMUPS} warm-ups, each call in a loop of its own. A process keeps the
cards it read for a memory answer under the subject's card version (raised by database triggers on every card
write), so a second read (the view's date slider asks once per day dragged to) skips reading them; the
second memory row writes one card before each read, so every read there reads all ${CARDS.toLocaleString('en')} cards.

${resultsLine(r)}:

| median (p95) | SQLite | PostgreSQL | target | |
|---|---|---|---|---|
${row('`GET /api/learn/memory/`, cards unchanged since the last read', 'memory')}
${row('`GET /api/learn/memory/` right after a card changed', 'memory_after_write')}
${row('`POST /api/learn/cards/{id}/review/` with implicit credit', 'review_with_credit')}
${row('`GET /api/learn/memory/workload/` (30 days)', 'workload_30_days')}
`;
}
