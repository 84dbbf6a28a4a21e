// Issue 29: the per-request CPU of the API throughput bench's routes, measured in-process (no HTTP,
// no other process's load in the figure): N `app.inject` calls, 50 at a time, per route, anonymous
// and signed in, on SQLite and PostgreSQL, with a bare Fastify route beside them. process.cpuUsage()
// counts this process only (a PostgreSQL backend's work is not in it; the statements per request
// are counted instead). With BENCH_PROFILE_DIR, a node:inspector CPU profile per case is written there.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { benchTree } from './editor-tree.ts';
import { seedCommunity } from './support/community-seed.ts';
import { openInProcessApp } from './support/in-process-app.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 2000);
const SHARES = Number(process.env.BENCH_SHARES ?? 2000);
const KINDS = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const CONCURRENCY = 50;
/** only the cases whose name contains one of these (`BENCH_CASES=template,tree`) */
const CASES = process.env.BENCH_CASES?.split(',');

type Inject = (url: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;

/** CPU microseconds of this process per request over N requests, CONCURRENCY in flight. */
async function cpuPerRequest(name: string, inject: Inject, url: string, headers: Record<string, string>) {
  const batch = () => Promise.all(Array.from({ length: CONCURRENCY }, () => inject(url, headers)));
  for (let i = 0; i < 400 / CONCURRENCY; i++) {
    const answers = await batch();
    const bad = answers.find((a) => a.statusCode !== 200);
    if (bad) throw new Error(`${name}: ${url} answered ${bad.statusCode}`);
  }
  const session = PROFILE_DIR ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 50 });
    await session.post('Profiler.start');
  }
  const started = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < N / CONCURRENCY; i++) await batch();
  const cpu = process.cpuUsage(started);
  const ms = performance.now() - wall;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR!, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
  const us = (cpu.user + cpu.system) / N;
  console.log(
    `  ${name.padEnd(28)} ${us.toFixed(0).padStart(5)} µs CPU/request, ${((N / ms) * 1000).toFixed(0)} req/s`,
  );
  return us;
}

const bare = Fastify({ logger: false });
const page = { status: 'ok', items: Array.from({ length: 20 }, (_, i) => ({ id: i, title: `item ${i}` })) };
const doc = { id: 1, title: 'bench', data: benchTree(200) };
bare.get('/hello', async () => page);
bare.get('/doc', async () => doc);
await bare.ready();
const bareInject: Inject = (url) => bare.inject({ url });

const results: Record<string, Record<string, number>> = {};
for (const kind of KINDS) {
  console.log(`${kind}:`);
  const figures: Record<string, number> = {};
  figures['bare /hello'] = await cpuPerRequest(`${kind}-bare-hello`, bareInject, '/hello', {});
  figures['bare /doc'] = await cpuPerRequest(`${kind}-bare-doc`, bareInject, '/doc', {});
  const env = await openInProcessApp(kind, 'arbor_bench_profile');
  try {
    await seedCommunity(env.handle, SHARES, SHARES * 10);
    const created = await env.call('POST', '/api/tree/skills_tree/', { title: 'Profile', data: benchTree(200) });
    const treeId = (created.json() as { id: number }).id;
    const shared = await env.call('POST', '/api/community/trees-shared/', { tree: treeId, title: 'Profile' });
    const shareUuid = (shared.json() as { uuid: string }).uuid;
    const inject: Inject = (url, headers) => env.app.inject({ url, headers });
    const cases: Array<[string, string, boolean]> = [
      ['list', '/api/community/trees-shared/?ordering=-hot', false],
      ['list', '/api/community/trees-shared/?ordering=-hot', true],
      ['template', `/api/community/trees-shared/${shareUuid}/`, false],
      ['template', `/api/community/trees-shared/${shareUuid}/`, true],
      ['tree', `/api/tree/skills_tree/${treeId}/`, true],
    ];
    for (const [route, url, signedIn] of cases) {
      const name = `${route} ${signedIn ? 'signed-in' : 'anonymous'}`;
      if (CASES && !CASES.some((c) => name.includes(c))) continue;
      figures[name] = await cpuPerRequest(
        `${kind}-${route}-${signedIn ? 'signed-in' : 'anonymous'}`,
        inject,
        url,
        signedIn ? env.user.headers : {},
      );
    }
  } finally {
    await env.close();
  }
  results[kind] = figures;
}
console.log(JSON.stringify(results));
