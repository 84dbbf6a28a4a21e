// Issue 18: throughput of three public/hot reads at 50 connections, each next to a bare Fastify route
// measured in the same run (framework ceiling): the community list (`?ordering=-hot`, page of 20,
// against a static 20-item page), a 200-node tree GET and a template detail (each against the same bytes
// it answered, served as static text by the bare route: before 2026-11-29 both were held to a 200-node
// document a quarter of their answers' size). Runs of BENCH_SECONDS each, BENCH_RUNS times, the median recorded; SQLite and
// PostgreSQL. The community is smaller than community-list.bench.ts's (BENCH_SHARES, default 20,000):
// this measures the per-request cost, not the queries' scaling. With BENCH_BEFORE_ROOT, an older
// checkout's server runs beside this one on the same database, each route measured on both in turn.
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { throwawayDatabase } from './support/arbor-db.ts';
import { BENCH_ADMIN_ENV, createBenchTree, signInBenchUser } from './support/bench-user.ts';
import { seedCommunity } from './support/community-seed.ts';
import { throughput } from './support/load.ts';
import { recordResults } from './support/record.ts';
import { machineLine, writeReadmeSection } from './support/readme.ts';
import { ROOT, startProcess } from './support/server-process.ts';
import { throughputSection, type ThroughputResults } from './support/throughput-table.ts';

const SHARES = Number(process.env.BENCH_SHARES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KINDS = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
/**
 * Another checkout (its `apps/server`, run with this folder's node_modules) measured in the same run,
 * taking turns with this one: its code is "before", this checkout's "after".
 */
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratio = (rps: number, ceiling: number) => Math.round((rps / ceiling) * 1000) / 1000;

interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * Median req/s of RUNS runs per target, the targets (the same route on each server) and their
 * ceiling taking turns so that all see the same machine.
 */
async function sideBySide(targets: Target[], ceilingUrl: string) {
  const runs = new Map(targets.map((t) => [t.label, [] as number[]]));
  const ceiling: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const target of targets) {
      const r = await throughput(target.url, { connections: 50, seconds: SECONDS, headers: target.headers });
      if (r.non2xx || r.errors) throw new Error(`${target.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      runs.get(target.label)!.push(r.rps);
    }
    ceiling.push((await throughput(ceilingUrl, { connections: 50, seconds: SECONDS })).rps);
  }
  const ceil = median(ceiling);
  return Object.fromEntries(
    targets.map((t) => {
      const route = runs.get(t.label)!;
      return [t.label, { rps: median(route), ceiling: ceil, ratio: ratio(median(route), ceil), runs: route }];
    }),
  );
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machineLine(),
  shares: SHARES,
  seconds: SECONDS,
  runs: RUNS,
  ...(BEFORE_ROOT ? { before: BEFORE_ROOT } : {}),
};
const hello = await startProcess(path.join(ROOT, 'bench/support/hello-server.ts'), {});
const running: Array<{ stop(): Promise<void> }> = [hello];
process.on('exit', () => running.forEach((s) => (s as { process?: { kill(): void } }).process?.kill()));
process.on('uncaughtException', (err) => {
  console.error(err);
  process.exit(1);
});

/** Puts what `url` answers on the ceiling server as `/same/<name>`. */
async function copyAnswer(url: string, headers: Record<string, string>, name: string): Promise<void> {
  const answer = await fetch(url, { headers });
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  const text = await answer.text();
  const put = await fetch(`${hello.url}/same/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: text,
  });
  if (put.status !== 204) throw new Error(`the ceiling server refused the ${name} answer (${put.status})`);
}

/** A server of `root` on the database, with the bench user's 200-node tree and its template. */
async function startServer(root: string, db: { url: string; dir: string }) {
  const server = await startProcess(path.join(root, 'apps/server/src/main.ts'), {
    DATA_DIR: db.dir,
    DATABASE_URL: db.url,
    ARBOR_SEED: '0',
    ...BENCH_ADMIN_ENV,
  });
  running.push(server);
  const session = await signInBenchUser(server.url);
  const treeUuid = await createBenchTree(server.url, session, 'Throughput bench', 200);
  const tree = (await (
    await fetch(`${server.url}/api/tree/skills_tree/get_data_by_uuid/?uuid=${treeUuid}`, { headers: session.headers })
  ).json()) as { id: number };
  const shared = await fetch(`${server.url}/api/community/trees-shared/`, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify({ tree: tree.id, title: 'Throughput bench', tags: ['bench'] }),
  });
  if (shared.status !== 201) throw new Error(`sharing answered ${shared.status}: ${await shared.text()}`);
  const share = (await shared.json()) as { uuid: string };
  return { server, auth: { authorization: session.headers.authorization! }, treeId: tree.id, shareUuid: share.uuid };
}

for (const kind of KINDS) {
  console.log(`\n${kind}:`);
  const db = await throwawayDatabase(kind, 'arbor_bench');
  const handle = openDatabase(db.url);
  await seedCommunity(handle, SHARES, SHARES * 10);
  await handle.close();
  const servers = [
    ...(BEFORE_ROOT ? [{ label: 'before', ...(await startServer(BEFORE_ROOT, db)) }] : []),
    { label: BEFORE_ROOT ? 'after' : 'this', ...(await startServer(ROOT, db)) },
  ];
  // The tree GET's and the template detail's ceilings answer the bytes those routes answer (the stored
  // 200-node document with its defaults is about four times `/doc`'s).
  const current = servers.at(-1)!;
  await copyAnswer(`${current.server.url}/api/tree/skills_tree/${current.treeId}/`, current.auth, 'tree');
  await copyAnswer(`${current.server.url}/api/community/trees-shared/${current.shareUuid}/`, {}, 'template');
  const routes = {
    list: await sideBySide(
      servers.map((s) => ({ label: s.label, url: `${s.server.url}/api/community/trees-shared/?ordering=-hot` })),
      `${hello.url}/hello`,
    ),
    tree: await sideBySide(
      servers.map((s) => ({
        label: s.label,
        url: `${s.server.url}/api/tree/skills_tree/${s.treeId}/`,
        headers: s.auth,
      })),
      `${hello.url}/same/tree`,
    ),
    template: await sideBySide(
      servers.map((s) => ({ label: s.label, url: `${s.server.url}/api/community/trees-shared/${s.shareUuid}/` })),
      `${hello.url}/same/template`,
    ),
  };
  for (const [name, byServer] of Object.entries(routes))
    for (const [label, r] of Object.entries(byServer))
      console.log(
        `  ${name.padEnd(9)} ${label.padEnd(6)} ${r.rps} req/s, ceiling ${r.ceiling} req/s: ${r.ratio}× (runs ${r.runs.join(', ')})`,
      );
  results[kind] = routes;
  for (const s of servers) await s.server.stop();
  await db.cleanup();
}
await hello.stop();
results.machineAfter = machineLine();
await recordResults(process.env.BENCH_LABEL ? `api-throughput-${process.env.BENCH_LABEL}` : 'api-throughput', results);
writeReadmeSection('api-throughput-latest', throughputSection(results as unknown as ThroughputResults));
