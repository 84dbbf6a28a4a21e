// Community list under a large community: 100,000 shares and about 1,000,000 likes, ratings and
// views, on SQLite and on PostgreSQL. For each query shape (search, tag, each ordering; page 1 and
// page 50) it measures exact p95 latency with a few keep-alive clients, and throughput at 50
// connections with autocannon next to a bare Fastify route measured in the same run.
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { throwawayDatabase } from './support/arbor-db.ts';
import { seedCommunity } from './support/community-seed.ts';
import { latency, throughput } from './support/load.ts';
import { recordResults } from './support/record.ts';
import { machineLine, writeReadmeSection } from './support/readme.ts';
import { ROOT, startProcess } from './support/server-process.ts';

const SHARES = Number(process.env.BENCH_SHARES ?? 100_000);
const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_P95_MS = 15;

const base = '/api/community/trees-shared/';
const SCENARIOS: Array<[string, string]> = [];
for (const ordering of ['-created_at', '-likes_count', '-rating_avg', '-views_count', '-uses_count', '-hot']) {
  SCENARIOS.push([`ordering ${ordering}, page 1`, `?ordering=${ordering}`]);
  SCENARIOS.push([`ordering ${ordering}, page 50`, `?ordering=${ordering}&page=50`]);
}
SCENARIOS.push(
  ['search "kubernetes", page 1', '?search=kubernetes'],
  ['search "beginners", page 50', '?search=beginners&page=50'],
  ['search "机器学习", page 1', `?search=${encodeURIComponent('机器学习')}`],
  ['search "学习" (2 chars), page 1', `?search=${encodeURIComponent('学习')}`],
  ['tag "react", page 1', '?tags=react'],
  ['tag "react", page 50', '?tags=react&page=50'],
  [
    'search + tag + -hot, page 1',
    `?search=${encodeURIComponent('数据')}&tags=${encodeURIComponent('入门')}&ordering=-hot`,
  ],
  ['search + tag + -likes_count, page 50', '?search=step&tags=beginner&ordering=-likes_count&page=50'],
);

/** A throwaway database (bench/support/arbor-db.ts) filled with the community. */
async function prepare(kind: 'sqlite' | 'postgres') {
  const db = await throwawayDatabase(kind, 'arbor_bench');
  const handle = openDatabase(db.url);
  const started = Date.now();
  await seedCommunity(handle, SHARES, INTERACTIONS);
  console.log(`  seeded ${kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
  return db;
}

/** One request on a fresh connection, timed to the end of its body. */
async function firstRequestMs(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return Math.round((performance.now() - started) * 100) / 100;
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machineLine(),
  shares: SHARES,
  interactions: INTERACTIONS,
  seconds: SECONDS,
};
const tables: Record<string, Array<Record<string, unknown>>> = {};
const loads: Record<string, { rps: number }> = {};

const hello = await startProcess(path.join(ROOT, 'bench/support/hello-server.ts'), {});
const ceiling = await throughput(`${hello.url}/hello`, { connections: 50, seconds: SECONDS });
await hello.stop();
results.ceiling = ceiling;
console.log(`bare Fastify route: ${ceiling.rps} req/s at 50 connections`);

let allMet = true;
for (const kind of ['sqlite', 'postgres'] as const) {
  console.log(`\n${kind}:`);
  const db = await prepare(kind);
  const server = await startProcess(path.join(ROOT, 'apps/server/src/main.ts'), {
    DATA_DIR: db.dir,
    DATABASE_URL: db.url,
    ARBOR_SEED: '0',
  });
  const rows: Array<Record<string, unknown>> = [];
  for (const [label, query] of SCENARIOS) {
    const url = `${server.url}${base}${query}`;
    // The first request of a shape finds no remembered count or order (the server's list caches).
    const first = await firstRequestMs(url);
    const lat = await latency(url, { concurrency: 4, seconds: SECONDS });
    const met = lat.p95 <= TARGET_P95_MS && lat.failures === 0;
    allMet &&= met;
    rows.push({ scenario: label, first_request_ms: first, ...lat, met });
    console.log(
      `  ${label.padEnd(40)} first ${first} ms  p50 ${lat.p50} ms  p95 ${lat.p95} ms  p99 ${lat.p99} ms  ${met ? 'ok' : 'OVER TARGET'}`,
    );
  }
  const load = await throughput(`${server.url}${base}?ordering=-hot`, { connections: 50, seconds: SECONDS });
  console.log(
    `  throughput (-hot, page 1, 50 connections): ${load.rps} req/s = ${((load.rps / ceiling.rps) * 100).toFixed(1)} % of the bare route`,
  );
  results[kind] = {
    scenarios: rows,
    throughput: load,
    ratioToCeiling: Math.round((load.rps / ceiling.rps) * 1000) / 1000,
  };
  tables[kind] = rows;
  loads[kind] = load;
  await server.stop();
  await db.cleanup();
}

await recordResults('community-list', results);

const scenarioRows = SCENARIOS.map(([label], i) => {
  const cell = (kind: string) => {
    const r = tables[kind]?.[i] as { first_request_ms: number; p50: number; p95: number; met: boolean } | undefined;
    return r ? `${r.p50} / ${r.p95} ms${r.met ? '' : ' **over**'} (${r.first_request_ms})` : '–';
  };
  return `| ${label} | ${cell('sqlite')} | ${cell('postgres')} |`;
}).join('\n');
const ratio = (kind: string) =>
  `${loads[kind]?.rps ?? 0} req/s (${(((loads[kind]?.rps ?? 0) / ceiling.rps) * 100).toFixed(1)} % of the bare route)`;
writeReadmeSection(
  'community-bench',
  `## Community list (\`community-list.bench.ts\`, issue 6)

${SHARES.toLocaleString('en')} shares and about ${INTERACTIONS.toLocaleString('en')} likes, ratings and views seeded in SQL, the server
started as its own process (\`NODE_ENV=production\`, logger off), requests over loopback. Latency: 4
keep-alive clients for ${SECONDS} s per query shape, every request timed (p50 / p95; target p95 ≤ ${TARGET_P95_MS} ms).
Throughput: autocannon, 50 connections, ${SECONDS} s, on \`?ordering=-hot\`, next to a bare Fastify route in the
same run. Run: \`npm run bench -- community\`.

Searches and tag filters sort their matches once and keep the first 1,000 ids in order for 10 s
(\`lib/cache/filter-cache.ts\`, one per app; any new, removed or retagged share clears it in every process), and
every page reads its cards' rows, counters included, fresh. The figure in brackets is the first
request of each shape, which finds nothing remembered: what a query nobody ran in the last 10 s costs.

Recorded ${String(results.date).slice(0, 16).replace('T', ' ')} UTC (${results.machine}):

| query | SQLite p50 / p95 (first request) | PostgreSQL p50 / p95 (first request) |
|---|---|---|
${scenarioRows}

Throughput at 50 connections: bare Fastify route ${ceiling.rps} req/s; SQLite ${ratio('sqlite')}; PostgreSQL ${ratio('postgres')}.`,
);
console.log(allMet ? '\nAll scenarios within the p95 target.' : '\nSome scenarios are over the p95 target.');
