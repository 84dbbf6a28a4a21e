// Issue 29, item 1: one learner's heaviest learning requests must not freeze the server for others.
// The server runs as its own process (NODE_ENV=production, logger off) on SQLite and on PostgreSQL.
// Learner A owns a private 5,000-node chain (each node the child of the one before, `unlock:
// "parent"`, every node with a summary), auto_cards on. While A runs
//   - `PUT /api/learn/progress/` with `with_prerequisites` on the chain's last node (4,999 statuses
//     and 4,999 automatic cards, the cards beyond the request's share written by the job), and
//   - `POST /api/learn/progress/bulk/` with 500 items (500 statuses and 500 cards),
// learner B asks for their own small tree's progress and their card list, one request after the
// other without pause, from the heavy request's start until A's cards are all written. Each
// scenario runs BENCH_RUNS times (A's subject forgotten between runs). Target: every one of B's
// requests answered within 1 s.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwawayDatabase, randomSecret, seedUsers } from './support/arbor-db.ts';
import { recordResults } from './support/record.ts';
import { machineLine, writeReadmeSection } from './support/readme.ts';
import { ROOT, startProcess } from './support/server-process.ts';
import { median, p95, round } from './support/timing.ts';

const CHAIN = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KINDS = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
const TARGET_MS = 1_000;
/** another checkout's server (run with this folder's node_modules), e.g. the code before issue 29; its figures are printed and recorded under BENCH_LABEL, not written here */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
const LABEL = process.env.BENCH_LABEL;

const chain = {
  unlock: 'parent',
  nodes: Array.from({ length: CHAIN }, (_, i) => ({
    id: `n${i}`,
    parent_id: i === 0 ? null : `n${i - 1}`,
    title: `Step ${i}`,
    summary: `What step ${i} is about, in a sentence or two.`,
  })),
  links: [],
};

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 400) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

async function createTree(base: string, token: string, title: string, data: unknown) {
  return (await call(base, token, 'POST', '/api/tree/skills_tree/', { title, visibility: 'private', data })) as {
    uuid: string;
  };
}

/** Another learner's requests, back to back, until `stop()`; answers each one's time in ms. */
function probe(base: string, token: string, treeUuid: string) {
  const times: number[] = [];
  let running = true;
  const urls = [`/api/learn/progress/?tree=${treeUuid}`, `/api/learn/cards/?tree=${treeUuid}`];
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      await call(base, token, 'GET', urls[i % urls.length]!);
      times.push(performance.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return times;
    },
  };
}

async function cardCount(base: string, token: string, treeUuid: string) {
  return ((await call(base, token, 'GET', `/api/learn/cards/?tree=${treeUuid}&page_size=1`)) as { count: number })
    .count;
}

/** Runs `heavy` with B probing, until A has `cards` cards; answers the heavy request's and B's times. */
async function scenario(
  base: string,
  a: string,
  b: string,
  treeA: string,
  treeB: string,
  cards: number,
  heavy: () => Promise<unknown>,
) {
  const request: number[] = [];
  const untilCards: number[] = [];
  const others: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await call(base, a, 'DELETE', `/api/learn/subjects/?tree=${treeA}`);
    const watcher = probe(base, b, treeB);
    const started = performance.now();
    await heavy();
    request.push(performance.now() - started);
    while ((await cardCount(base, a, treeA)) < cards) await new Promise((resolve) => setImmediate(resolve));
    untilCards.push(performance.now() - started);
    others.push(...(await watcher.stop()));
  }
  return {
    request_ms: { median: round(median(request)), max: round(Math.max(...request)) },
    all_cards_ms: { median: round(median(untilCards)), max: round(Math.max(...untilCards)) },
    others: {
      requests: others.length,
      median_ms: round(median(others)),
      p95_ms: round(p95(others)),
      max_ms: round(Math.max(...others)),
      met: Math.max(...others) <= TARGET_MS,
    },
  };
}

const results: Record<string, unknown> = { date: new Date().toISOString(), machine: machineLine(), runs: RUNS };
for (const kind of KINDS) {
  console.log(`\n${kind}:`);
  const db = await throwawayDatabase(kind, 'arbor_freeze');
  const secret = randomSecret();
  const [userA, userB] = await seedUsers(db.url, 2, 'freeze', secret);
  const server = await startProcess(path.join(SERVER_ROOT, 'apps/server/src/main.ts'), {
    DATA_DIR: db.dir,
    DATABASE_URL: db.url,
    ARBOR_SEED: '0',
    JWT_SECRET: secret,
  });
  try {
    const base = server.url;
    const treeA = (await createTree(base, userA!.token, 'Chain', chain)).uuid;
    const small = {
      nodes: Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, parent_id: i === 0 ? null : 's0', title: `S ${i}` })),
      links: [],
    };
    const treeB = (await createTree(base, userB!.token, 'Small', small)).uuid;
    await call(base, userB!.token, 'PUT', '/api/learn/progress/', { tree: treeB, node_id: 's1', status: 'done' });
    const idle = probe(base, userB!.token, treeB);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const alone = await idle.stop();
    const withPrerequisites = await scenario(base, userA!.token, userB!.token, treeA, treeB, CHAIN - 1, () =>
      call(base, userA!.token, 'PUT', '/api/learn/progress/', {
        tree: treeA,
        node_id: `n${CHAIN - 1}`,
        status: 'done',
        with_prerequisites: true,
      }),
    );
    const items = Array.from({ length: 500 }, (_, i) => ({ node_id: `n${CHAIN - 500 + i}`, status: 'done' }));
    const bulk = await scenario(base, userA!.token, userB!.token, treeA, treeB, 500, () =>
      call(base, userA!.token, 'POST', '/api/learn/progress/bulk/', { tree: treeA, items }),
    );
    results[kind] = {
      others_alone: { requests: alone.length, median_ms: round(median(alone)), max_ms: round(Math.max(...alone)) },
      with_prerequisites: withPrerequisites,
      bulk_500: bulk,
    };
    console.log(JSON.stringify(results[kind], null, 2));
  } finally {
    await server.stop();
    await db.cleanup();
  }
}
results.machineAfter = machineLine();
await recordResults(LABEL ? `learning-freeze-${LABEL}` : 'learning-freeze', results);
if (LABEL) process.exit(0);

type Scenario = Awaited<ReturnType<typeof scenario>>;
const cell = (kind: string, pick: (r: { with_prerequisites: Scenario; bulk_500: Scenario }) => string) =>
  results[kind] ? pick(results[kind] as { with_prerequisites: Scenario; bulk_500: Scenario }) : 'not run';
const rows = (label: string, pick: (s: Scenario) => string) =>
  `| ${label} | ${cell('sqlite', (r) => pick(r.with_prerequisites))} | ${cell('postgres', (r) => pick(r.with_prerequisites))} | ${cell('sqlite', (r) => pick(r.bulk_500))} | ${cell('postgres', (r) => pick(r.bulk_500))} |`;
writeReadmeSection(
  'learning-freeze',
  `## One learner's heaviest requests, everyone else's wait (\`learning-freeze.bench.ts\`, issue 29)

Learner A's private 5,000-node chain (each node the child of the one before, \`unlock: "parent"\`), auto_cards on;
learner B asks for their own progress and cards back to back while A's request runs and until A's cards are all
written. The server as its own process (\`NODE_ENV=production\`), ${RUNS} runs per scenario. Target: each of B's
requests answered within ${TARGET_MS} ms. Run: \`npx tsx bench/learning-freeze.bench.ts\` (\`BENCH_DB\`, \`BENCH_RUNS\`).

Recorded ${String(results.date).slice(0, 16).replace('T', ' ')} UTC (${results.machine as string} → ${(results.machineAfter as string).replace(/.*load average /, '')}):

| | with prerequisites, SQLite | with prerequisites, PostgreSQL | bulk of 500, SQLite | bulk of 500, PostgreSQL |
| --- | --- | --- | --- | --- |
${rows("A's request, median (max)", (s) => `${s.request_ms.median} ms (${s.request_ms.max})`)}
${rows("A's cards all written, median (max)", (s) => `${s.all_cards_ms.median} ms (${s.all_cards_ms.max})`)}
${rows("B's requests meanwhile", (s) => String(s.others.requests))}
${rows("B's wait, median / p95 / max", (s) => `${s.others.median_ms} / ${s.others.p95_ms} / **${s.others.max_ms} ms**`)}
${rows('within 1 s', (s) => (s.others.met ? 'met' : '**not met**'))}

B alone (no heavy request): median ${cell('sqlite', () => String((results.sqlite as { others_alone: { median_ms: number } }).others_alone.median_ms))} ms on SQLite, ${cell('postgres', () => String((results.postgres as { others_alone: { median_ms: number } }).others_alone.median_ms))} ms on PostgreSQL.`,
);
