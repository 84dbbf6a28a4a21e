// Groups (issue 32, "Done when"), on SQLite and on PostgreSQL:
// - the dashboard `GET /api/groups/{uuid}/assignments/{id}/progress/` of 200 members × 300 nodes, target p95 ≤ 300 ms;
// - the same as CSV (`?format=csv`), target p95 ≤ 1 s;
// - `POST /api/groups/join/` into a group of 500 members, target p95 ≤ 50 ms.
// Through the real app in-process (`buildApp` + `app.inject`: auth, validation, SQL, serialisation).
// Members, their progress and their cards are inserted straight into the tables (as use would have left
// them): the benchmark is about reading them, not about the calls that wrote them.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { TreeDocument, TreeNode } from '@arbor/tree-core';
import { sql } from 'kysely';
import { createUser } from '../apps/server/src/testing/test-app.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';
import { openInProcessApp, type InProcessApp } from './support/in-process-app.ts';
import { judged, timed, timingCell } from './support/timing.ts';

const RUNS = Number(process.env.BENCH_GROUPS_RUNS ?? 30);
const WARMUPS = 3;
const MEMBERS = 200;
const NODES = 300;
const FULL_GROUP = 500;
const BATCH = 500;
const DAY_MS = 86_400_000;
const TARGETS = { dashboardP95Ms: 300, csvP95Ms: 1000, joinP95Ms: 50 };
/** With BENCH_PROFILE_DIR, a node:inspector CPU profile of each series is written there. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/**
 * Runs `fn` RUNS times after WARMUPS (and `after`, untimed, after each), answering each run's wall
 * time and this process's CPU per run (process.cpuUsage: the app's own work, whatever else loads the
 * machine; a PostgreSQL backend's work is not in it).
 */
async function series(name: string, fn: (run: number) => Promise<unknown>, after?: (run: number) => Promise<unknown>) {
  const times: number[] = [];
  let cpuMicros = 0;
  const session = PROFILE_DIR ? new Session() : null;
  for (let run = 0; run < RUNS + WARMUPS; run++) {
    if (session && run === WARMUPS) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpu = process.cpuUsage();
    const ms = await timed(() => fn(run));
    const used = process.cpuUsage(cpu);
    if (run >= WARMUPS) {
      times.push(ms);
      cpuMicros += used.user + used.system;
    }
    await after?.(run);
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR!, `groups-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
  return { times, cpu_ms: Math.round(cpuMicros / RUNS / 10) / 100 };
}

/** A small deterministic generator, so every run benchmarks the same rows. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const nodeId = (i: number) => (i === 0 ? 'root' : `node-${i}`);

/** A root and NODES nodes under it (4-ary), each fifth waiting for the one before: paths matter. */
function makeDocument(): TreeDocument {
  const nodes: TreeNode[] = [];
  for (let i = 0; i <= NODES; i++) {
    nodes.push({
      id: nodeId(i),
      parent_id: i === 0 ? null : nodeId(Math.floor((i - 1) / 4)),
      title: `技能 ${i}`,
      summary: '',
      content: '',
      icon: null,
      color: null,
      image_id: null,
      resources: [],
      collapsed: false,
      position: null,
      estimate_minutes: null,
    });
  }
  const links = [];
  for (let i = 5; i <= NODES; i += 5) links.push({ source: nodeId(i - 1), target: nodeId(i), kind: 'prerequisite' });
  return { format: 1, layout: { direction: 'TB' }, nodes, links } as TreeDocument;
}

type App = InProcessApp['app'];

async function insertInBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let from = 0; from < rows.length; from += BATCH) await write(rows.slice(from, from + BATCH));
}

/** `count` users as members of the group (ids answered). */
async function addMembers(app: App, groupId: number, count: number, tag: string): Promise<number[]> {
  const db = app.deps.db;
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    username: `${tag}${i}`,
    username_lower: `${tag}${i}`,
    role: 'user' as const,
    is_active: 1,
    date_joined: now,
    updated_at: now,
  }));
  const ids: number[] = [];
  await insertInBatches(users, async (batch) => {
    ids.push(...(await db.insertInto('users').values(batch).returning('id').execute()).map((r) => r.id));
  });
  await insertInBatches(ids, (batch) =>
    db
      .insertInto('group_members')
      .values(
        batch.map((user_id) => ({
          group_id: groupId,
          user_id,
          role: 'member' as const,
          consented_at: now,
          joined_at: now,
        })),
      )
      .execute(),
  );
  return ids;
}

/** Each member's progress (about 60 % of nodes not todo) and cards on a third of the nodes, reviewed. */
async function seedLearning(app: App, treeId: number, members: number[]) {
  const db = app.deps.db;
  const next = random(32);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const progress = [];
  const cards = [];
  const subjects = [];
  for (const userId of members) {
    subjects.push({
      user_id: userId,
      subject_kind: 'tree' as const,
      subject_id: treeId,
      created_at: iso(now),
      last_activity_at: iso(now - next() * 30 * DAY_MS),
    });
    for (let i = 1; i <= NODES; i++) {
      const roll = next();
      if (roll < 0.6) {
        progress.push({
          user_id: userId,
          subject_kind: 'tree' as const,
          subject_id: treeId,
          node_id: nodeId(i),
          status: roll < 0.4 ? ('done' as const) : roll < 0.5 ? ('learning' as const) : ('skipped' as const),
          mastery: 0,
          updated_at: iso(now),
        });
      }
      if (i % 3 === 0) {
        cards.push({
          user_id: userId,
          subject_kind: 'tree' as const,
          subject_id: treeId,
          node_id: nodeId(i),
          front: `Q ${i}`,
          back: `A ${i}`,
          state: 'review' as const,
          due: iso(now + next() * 30 * DAY_MS),
          stability: 1 + next() * 60,
          difficulty: 5,
          elapsed_days: 0,
          scheduled_days: 10,
          learning_steps: 0,
          reps: 3,
          lapses: 0,
          last_review: iso(now - (1 + Math.floor(next() * 30)) * DAY_MS),
          created_at: iso(now),
          updated_at: iso(now),
        });
      }
    }
  }
  await insertInBatches(subjects, (batch) => db.insertInto('learning_subjects').values(batch).execute());
  await insertInBatches(progress, (batch) => db.insertInto('learning_progress').values(batch).execute());
  await insertInBatches(cards, (batch) => db.insertInto('learning_cards').values(batch).execute());
  return { progressRows: progress.length, cards: cards.length };
}

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_groups');
  const { app, call } = opened;
  try {
    const tree = (
      await call('POST', '/api/tree/skills_tree/', {
        title: 'Groups bench',
        visibility: 'public',
        data: makeDocument(),
      })
    ).json();
    const group = (await call('POST', '/api/groups/', { name: '基准班', kind: 'class' })).json();
    const members = await addMembers(app, group.id as number, MEMBERS, 'learner');
    const seeded = await seedLearning(app, tree.id as number, members);
    const assignment = (
      await call('POST', `/api/groups/${group.uuid}/assignments/`, { tree: tree.uuid, due_date: '2030-01-01' })
    ).json();
    // A full group to join: the owner, 498 members, and the joiners below one after another.
    const full = (await call('POST', '/api/groups/', { name: 'Full', kind: 'team' })).json();
    await addMembers(app, full.id as number, FULL_GROUP - 2, 'full'); // with the owner: 499
    if (kind === 'postgres') await sql`VACUUM ANALYZE`.execute(app.deps.db);
    else await sql`ANALYZE`.execute(app.deps.db);

    const url = `/api/groups/${group.uuid}/assignments/${assignment.id}/progress/`;
    // The answer is checked once, outside the timing (parsing it is the client's cost, not the server's).
    const first = await call('GET', url);
    if ((first.json() as { members: unknown[] }).members.length !== MEMBERS)
      throw new Error('dashboard: members missing');
    const dashboardBytes = first.body.length;
    const dashboard = await series(`${kind}-dashboard`, () => call('GET', url));
    let csvBytes = 0;
    const csv = await series(`${kind}-csv`, async () => {
      csvBytes = (await call('GET', `${url}?format=csv`)).rawPayload.length;
    });
    // Each join is a new user into a group of 499 members (it then has 500, the limit); the member
    // leaves again, untimed, so that the next one joins the same group. Joiners are signed up first.
    const joiners: Array<Awaited<ReturnType<typeof createUser>>> = [];
    for (let run = 0; run < RUNS + WARMUPS; run++) joiners.push(await createUser(app));
    const join = await series(
      `${kind}-join`,
      async (run) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/groups/join/',
          headers: joiners[run]!.headers,
          payload: { code: full.join_code, share_progress: true },
        });
        if (res.statusCode !== 201) throw new Error(`join: ${res.statusCode} ${res.body.slice(0, 200)}`);
      },
      (run) =>
        app.inject({
          method: 'DELETE',
          url: `/api/groups/${full.uuid}/members/${joiners[run]!.id}/`,
          headers: joiners[run]!.headers,
        }),
    );
    const withCpu = ({ times, cpu_ms }: { times: number[]; cpu_ms: number }, target: number) => ({
      ...judged(times, target),
      cpu_ms,
    });
    return {
      ...seeded,
      dashboard_bytes: dashboardBytes,
      csv_bytes: csvBytes,
      dashboard: withCpu(dashboard, TARGETS.dashboardP95Ms),
      csv: withCpu(csv, TARGETS.csvP95Ms),
      join: withCpu(join, TARGETS.joinP95Ms),
    };
  } finally {
    await opened.close();
  }
}

await benchBothDatabases(
  'groups',
  { members: MEMBERS, nodes: NODES, full_group: FULL_GROUP, runs: RUNS },
  benchDatabase,
  readmeSection,
);

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Recorded = BothDatabasesRun<Measured>;

function readmeSection(r: Recorded): string {
  const row = (label: string, key: 'dashboard' | 'csv' | 'join') => {
    const ok = r.sqlite[key].meets_target && r.postgres[key].meets_target;
    return `| ${label} | ${timingCell(r.sqlite[key])} | ${timingCell(r.postgres[key])} | ${r.sqlite[key].cpu_ms} / ${r.postgres[key].cpu_ms} ms | p95 ≤ ${r.sqlite[key].target_p95_ms} ms | ${ok ? 'met' : '**not met**'} |`;
  };
  return `## Groups (\`groups.bench.ts\`, issue 32)

A class of ${MEMBERS} members assigned a public tree of ${NODES} nodes (a fifth of them waiting for the node before),
each member with about 60 % of the nodes learnt or skipped and a reviewed card on every third node
(${r.sqlite.progressRows.toLocaleString('en')} progress rows, ${r.sqlite.cards.toLocaleString('en')} cards); the dashboard answer is ${Math.round(r.sqlite.dashboard_bytes / 1024)} KB, the CSV ${Math.round(r.sqlite.csv_bytes / 1024)} KB.
Joining: a new user joins a group of ${FULL_GROUP - 1} members (which then has the limit, ${FULL_GROUP}) (the code look-up, the throttle, the consent,
the limit check, the insert and the owner's \`group_joined\` notification). Through the real app in-process, on
SQLite and on PostgreSQL, ${r.sqlite.dashboard.runs} runs after ${WARMUPS} warm-ups. "CPU per request" is this process's
CPU time (\`process.cpuUsage\`) over the timed runs divided by their number: the app's own work whatever else loads
the machine (a PostgreSQL backend's work is not in it).

${resultsLine(r)}:

| median (p95) | SQLite | PostgreSQL | CPU per request (SQLite / PostgreSQL) | target | |
|---|---|---|---|---|---|
${row('dashboard, 200 members × 300 nodes', 'dashboard')}
${row('the same as CSV', 'csv')}
${row('join a group of 500 members', 'join')}
`;
}
