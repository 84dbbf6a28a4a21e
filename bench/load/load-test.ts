// `npm run test:load` (issue 8): LOAD_CLIENTS (200) concurrent clients on loopback for LOAD_SECONDS
// (60) against the real server process (NODE_ENV=production, logger off), on SQLite and on
// PostgreSQL (a throwaway database, dropped afterwards; LOAD_DB=sqlite|postgres runs one).
//
// Each client is one signed-in user with one tree of its own, open in two "tabs". In a closed loop
// (no think time: the next request leaves when the last one answered) it picks a weighted action:
// browse the community list (search / tag / ordering / page), open a template (retrieve + view),
// like, rate, use a template, hot tags, load its tree in a tab, autosave a tab (PATCH with If-Match,
// following the returned ETag) or save a version (POST with If-Match). The two tabs make stale
// saves happen naturally: a 412 is the expected answer for a stale tab, counted apart; the tab
// then reloads. Every acknowledged write is logged client-side and checked afterwards against what
// the server has (tree revision and document, every version number and its data, likes, ratings,
// views and uses counters). Exits 1 when any request failed (5xx, network error, unexpected status)
// or any acknowledged write is missing.
//
// Users are inserted straight into the database and given access tokens signed with the server's
// JWT_SECRET (bench/support/arbor-db.ts): the per-IP sign-up/login limits guard account creation,
// not the endpoints exercised here, so no rate-limit setting is changed.
import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, canonical, etagRevision, summarize, type ApiResponse } from '../support/api-client.ts';
import { randomSecret, seedUsers, throwawayDatabase, type SeededUser } from '../support/arbor-db.ts';
import { recordResults } from '../support/record.ts';
import { writeReadmeSection } from '../support/readme.ts';
import { ROOT, startProcess } from '../support/server-process.ts';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const KINDS = (process.env.LOAD_DB ? [process.env.LOAD_DB] : ['sqlite', 'postgres']) as Array<'sqlite' | 'postgres'>;
const AUTHORS = 10;
const TEMPLATES_PER_AUTHOR = 6;
const TREE_NODES = 30;

const TAGS = ['python', 'react', 'ml', 'design', 'cooking', 'music', 'rust', 'math', 'beginner', '入门'];
const WORDS = ['learning', 'basics', 'advanced', 'roadmap', 'guide', '学习', 'skills', 'path'];
const ORDERINGS = ['-created_at', '-likes_count', '-rating_avg', '-views_count', '-uses_count', '-hot'];

type Op =
  | 'browse'
  | 'hot_tags'
  | 'template.retrieve'
  | 'template.view'
  | 'like'
  | 'rate'
  | 'use_tree'
  | 'tree.load'
  | 'tree.autosave'
  | 'version.save';
const WEIGHTS: Array<[Op | 'template', number]> = [
  ['browse', 25],
  ['hot_tags', 2],
  ['template', 15],
  ['like', 7],
  ['rate', 6],
  ['use_tree', 1],
  ['tree.load', 8],
  ['tree.autosave', 28],
  ['version.save', 8],
];
const WEIGHT_TOTAL = WEIGHTS.reduce((s, [, w]) => s + w, 0);

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)]!;

type Doc = { nodes: Array<Record<string, unknown> & { id: string; title: string }>; [k: string]: unknown };

function makeDocument(title: string, nodes: number) {
  return {
    nodes: Array.from({ length: nodes }, (_, i) => ({
      id: i === 0 ? 'root' : `n${i}`,
      parent_id: i === 0 ? null : i <= 4 ? 'root' : `n${1 + (i % 4)}`,
      title: i === 0 ? title : `${title} step ${i}`,
      summary: `What to learn at step ${i}.`,
      content: `## Step ${i}\n\nRead, practise, and write down what you found. `.repeat(2),
    })),
  };
}

interface Stats {
  samples: Map<Op, number[]>;
  statuses: Map<Op, Map<number, number>>;
  errors: Array<{ op: Op; status: number | string; detail?: string }>;
  stale412: number;
}

const newStats = (): Stats => ({ samples: new Map(), statuses: new Map(), errors: [], stale412: 0 });

/** Sends one request, times it, and counts anything but the expected statuses as an error. */
async function call(
  stats: Stats,
  api: ApiClient,
  op: Op,
  expected: number[],
  method: string,
  url: string,
  opts: Parameters<ApiClient['request']>[2],
): Promise<ApiResponse | null> {
  let res: ApiResponse;
  try {
    res = await api.request(method, url, opts);
  } catch (error) {
    stats.errors.push({ op, status: 'network', detail: (error as Error).message });
    return null;
  }
  (stats.samples.get(op) ?? stats.samples.set(op, []).get(op)!).push(res.ms);
  const byStatus = stats.statuses.get(op) ?? stats.statuses.set(op, new Map()).get(op)!;
  byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
  if (!expected.includes(res.status)) {
    stats.errors.push({
      op,
      status: res.status,
      detail: typeof res.body === 'object' ? JSON.stringify(res.body).slice(0, 200) : String(res.body).slice(0, 200),
    });
    return null;
  }
  return res;
}

/** What the clients were told was stored: the ledger checked after the run. */
interface Ledger {
  trees: Map<number, { revision: number; doc: string }>;
  versions: Map<number, Array<{ id: number; number: number; doc: string }>>;
  likes: Map<string, boolean>; // `${share}:${user}` → liked
  ratings: Map<string, number>; // `${share}:${user}` → score
  views: Set<string>; // `${share}:${user}`
  uses: Map<number, number>; // share → count
}

interface Tab {
  revision: number;
  doc: Doc;
}

async function runOnce(kind: 'sqlite' | 'postgres') {
  console.log(`\n${kind}: preparing ${CLIENTS} clients, ${AUTHORS * TEMPLATES_PER_AUTHOR} templates`);
  const db = await throwawayDatabase(kind, 'arbor_load');
  const jwtSecret = randomSecret();
  const clients = await seedUsers(db.url, CLIENTS, 'loaduser', jwtSecret);
  const authors = await seedUsers(db.url, AUTHORS, 'loadauthor', jwtSecret);
  const server = await startProcess(path.join(ROOT, 'apps/server/src/main.ts'), {
    DATA_DIR: db.dir,
    DATABASE_URL: db.url,
    JWT_SECRET: jwtSecret,
    ARBOR_SEED: '0',
  });
  const api = new ApiClient(server.url, CLIENTS + 16);
  const setup = newStats();
  try {
    // Templates: each author creates public trees and shares them.
    const shareIds: number[] = [];
    await Promise.all(
      authors.map(async (author, a) => {
        for (let i = 0; i < TEMPLATES_PER_AUTHOR; i++) {
          const title = `${pick(WORDS)} ${TAGS[(a + i) % TAGS.length]} ${pick(WORDS)} ${a}-${i}`;
          const tags = [TAGS[(a + i) % TAGS.length]!, TAGS[(a * 3 + i + 1) % TAGS.length]!];
          const tree = await call(setup, api, 'tree.autosave', [201], 'POST', '/api/tree/skills_tree/', {
            token: author.token,
            body: {
              title,
              tags,
              visibility: 'public',
              description: `A ${pick(WORDS)} path`,
              data: makeDocument(title, TREE_NODES),
            },
          });
          const share =
            tree &&
            (await call(setup, api, 'tree.autosave', [201], 'POST', '/api/community/trees-shared/share_tree/', {
              token: author.token,
              body: { tree: tree.body.id },
            }));
          if (share) shareIds.push(share.body.id as number);
        }
      }),
    );
    // Own trees: one per client, opened in two tabs.
    const ledger: Ledger = {
      trees: new Map(),
      versions: new Map(),
      likes: new Map(),
      ratings: new Map(),
      views: new Set(),
      uses: new Map(),
    };
    const owned = new Map<number, number>(); // user id → tree id
    await Promise.all(
      clients.map(async (user) => {
        const tree = await call(setup, api, 'tree.autosave', [201], 'POST', '/api/tree/skills_tree/', {
          token: user.token,
          body: { title: `Tree of ${user.username}`, data: makeDocument(`Tree of ${user.username}`, TREE_NODES) },
        });
        if (!tree) return;
        owned.set(user.id, tree.body.id);
        ledger.trees.set(tree.body.id, { revision: tree.body.revision, doc: canonical(tree.body.data) });
        ledger.versions.set(tree.body.id, [{ id: 0, number: 1, doc: canonical(tree.body.data) }]);
      }),
    );
    if (setup.errors.length) throw new Error(`setup failed: ${JSON.stringify(setup.errors.slice(0, 3))}`);

    // The run.
    const stats = newStats();
    const loadStart = os.loadavg()[0]!;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    let seq = 0;
    await Promise.all(
      clients.map(async (user) => {
        const treeId = owned.get(user.id)!;
        const tabs: Tab[] = [];
        const loadTab = async (tab?: Tab) => {
          const res = await call(stats, api, 'tree.load', [200], 'GET', `/api/tree/skills_tree/${treeId}/`, {
            token: user.token,
          });
          if (!res) return;
          const fresh = { revision: etagRevision(res.headers.etag), doc: res.body.data as Doc };
          if (tab) Object.assign(tab, fresh);
          else tabs.push(fresh);
        };
        await loadTab();
        await loadTab();
        while (performance.now() < deadline) {
          let r = rand(WEIGHT_TOTAL);
          const action = WEIGHTS.find(([, w]) => (r -= w) < 0)![0];
          const share = pick(shareIds);
          const key = `${share}:${user.id}`;
          switch (action) {
            case 'browse': {
              const q = new URLSearchParams();
              const shape = rand(4);
              if (shape === 1 || shape === 3) q.set('search', pick(WORDS));
              if (shape === 2 || shape === 3) q.set('tags', pick(TAGS));
              if (rand(2)) q.set('ordering', pick(ORDERINGS));
              if (rand(4) === 0) q.set('page', String(1 + rand(3)));
              await call(stats, api, 'browse', [200], 'GET', `/api/community/trees-shared/?${q}`, {
                token: rand(2) ? user.token : undefined,
              });
              break;
            }
            case 'hot_tags':
              await call(stats, api, 'hot_tags', [200], 'GET', '/api/community/trees-shared/hot_tags/', {});
              break;
            case 'template': {
              const opened = await call(
                stats,
                api,
                'template.retrieve',
                [200],
                'GET',
                `/api/community/trees-shared/${share}/`,
                { token: user.token },
              );
              if (!opened) break;
              const viewed = await call(
                stats,
                api,
                'template.view',
                [200],
                'POST',
                `/api/community/trees-shared/${share}/view/`,
                { token: user.token },
              );
              if (viewed) ledger.views.add(key);
              break;
            }
            case 'like': {
              const liked = rand(3) > 0;
              const res = await call(stats, api, 'like', [200], 'POST', `/api/community/trees-shared/${share}/like/`, {
                token: user.token,
                body: { liked },
              });
              if (res) ledger.likes.set(key, res.body.liked);
              break;
            }
            case 'rate': {
              const score = 1 + rand(5);
              const res = await call(stats, api, 'rate', [200], 'POST', `/api/community/trees-shared/${share}/rate/`, {
                token: user.token,
                body: { score },
              });
              if (res) ledger.ratings.set(key, score);
              break;
            }
            case 'use_tree': {
              const res = await call(
                stats,
                api,
                'use_tree',
                [201],
                'POST',
                `/api/community/trees-shared/${share}/use_tree/`,
                { token: user.token, body: {} },
              );
              if (res) ledger.uses.set(share, (ledger.uses.get(share) ?? 0) + 1);
              break;
            }
            case 'tree.load':
              await loadTab(pick(tabs));
              break;
            case 'tree.autosave':
            case 'version.save': {
              const tab = pick(tabs);
              const doc = structuredClone(tab.doc);
              const node = pick(doc.nodes);
              node.title = `${user.username} edit ${++seq}`;
              const isVersion = action === 'version.save';
              const res = await call(
                stats,
                api,
                action,
                isVersion ? [201, 412] : [200, 412],
                isVersion ? 'POST' : 'PATCH',
                isVersion ? '/api/tree/skills_tree_version/' : `/api/tree/skills_tree/${treeId}/`,
                {
                  token: user.token,
                  headers: { 'if-match': `"${tab.revision}"` },
                  body: isVersion ? { tree: treeId, message: `save ${seq}`, data: doc } : { data: doc },
                },
              );
              if (!res) break;
              if (res.status === 412) {
                stats.stale412 += 1;
                await loadTab(tab);
                break;
              }
              const revision = etagRevision(res.headers.etag);
              tab.revision = revision;
              tab.doc = doc;
              ledger.trees.set(treeId, { revision, doc: canonical(doc) });
              if (isVersion)
                ledger.versions.get(treeId)!.push({ id: res.body.id, number: res.body.number, doc: canonical(doc) });
              break;
            }
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const loadEnd = os.loadavg()[0]!;

    // Verification: every acknowledged write must be what the server now has.
    const lost: string[] = [];
    const verify = newStats();
    const pool = async <T>(items: T[], width: number, fn: (item: T) => Promise<void>) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: width }, async () => {
          while (next < items.length) await fn(items[next++]!);
        }),
      );
    };
    const byTree = new Map(
      [...owned].map(([userId, treeId]) => [treeId, clients.find((c) => c.id === userId)!] as [number, SeededUser]),
    );
    await pool([...ledger.trees], 16, async ([treeId, acked]) => {
      const owner = byTree.get(treeId)!;
      const res = await call(verify, api, 'tree.load', [200], 'GET', `/api/tree/skills_tree/${treeId}/`, {
        token: owner.token,
      });
      if (!res) return void lost.push(`tree ${treeId}: not readable`);
      if (res.body.revision !== acked.revision)
        lost.push(`tree ${treeId}: revision ${res.body.revision}, last acknowledged ${acked.revision}`);
      else if (canonical(res.body.data) !== acked.doc)
        lost.push(`tree ${treeId}: document differs from the last acknowledged one`);
      const numbers: number[] = [];
      for (let page = 1; ; page++) {
        const list = await call(
          verify,
          api,
          'tree.load',
          [200],
          'GET',
          `/api/tree/skills_tree_version/?tree=${treeId}&page=${page}&page_size=100`,
          { token: owner.token },
        );
        if (!list) return void lost.push(`tree ${treeId}: versions not readable`);
        numbers.push(...list.body.results.map((v: { number: number }) => v.number));
        if (!list.body.next) break;
      }
      const have = new Set(numbers);
      const ackedVersions = ledger.versions.get(treeId)!;
      for (const v of ackedVersions)
        if (!have.has(v.number)) lost.push(`tree ${treeId}: acknowledged version ${v.number} missing`);
      const max = Math.max(...numbers);
      if (numbers.length !== max || have.size !== max)
        lost.push(`tree ${treeId}: version numbers have gaps (${numbers.length} versions, max ${max})`);
      if (max !== ackedVersions.length)
        lost.push(`tree ${treeId}: ${max} versions stored, ${ackedVersions.length} acknowledged`);
      for (const v of ackedVersions.filter((x) => x.id)) {
        const got = await call(verify, api, 'tree.load', [200], 'GET', `/api/tree/skills_tree_version/${v.id}/`, {
          token: owner.token,
        });
        if (!got || got.body.number !== v.number || canonical(got.body.data) !== v.doc)
          lost.push(`tree ${treeId}: version ${v.number} differs from what was acknowledged`);
      }
    });
    await pool(shareIds, 8, async (share) => {
      const res = await call(
        verify,
        api,
        'template.retrieve',
        [200],
        'GET',
        `/api/community/trees-shared/${share}/`,
        {},
      );
      if (!res) return void lost.push(`share ${share}: not readable`);
      const mine = (m: Map<string, unknown> | Set<string>) => [...m.keys()].filter((k) => k.startsWith(`${share}:`));
      const likes = mine(ledger.likes).filter((k) => ledger.likes.get(k)).length;
      const scores = mine(ledger.ratings).map((k) => ledger.ratings.get(k)!);
      const avg = scores.length ? Math.round((scores.reduce((s, x) => s + x, 0) / scores.length) * 100) / 100 : 0;
      const views = mine(ledger.views).length;
      const uses = ledger.uses.get(share) ?? 0;
      const s = res.body;
      if (s.likes_count !== likes) lost.push(`share ${share}: likes_count ${s.likes_count}, acknowledged ${likes}`);
      if (s.rating_count !== scores.length)
        lost.push(`share ${share}: rating_count ${s.rating_count}, acknowledged ${scores.length}`);
      if (Math.abs(s.rating_avg - avg) > 0.006)
        lost.push(`share ${share}: rating_avg ${s.rating_avg}, acknowledged ${avg}`);
      if (s.views_count !== views) lost.push(`share ${share}: views_count ${s.views_count}, acknowledged ${views}`);
      if (s.uses_count !== uses) lost.push(`share ${share}: uses_count ${s.uses_count}, acknowledged ${uses}`);
    });
    if (verify.errors.length)
      lost.push(...verify.errors.map((e) => `verification request failed: ${e.op} ${e.status}`));

    const operations = Object.fromEntries(
      [...stats.samples]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([op, samples]) => [
          op,
          { ...summarize(samples), statuses: Object.fromEntries(stats.statuses.get(op) ?? []) },
        ]),
    );
    const requests =
      [...stats.samples.values()].reduce((s, x) => s + x.length, 0) +
      stats.errors.filter((e) => e.status === 'network').length;
    const acknowledged = {
      tree_saves: [...(stats.statuses.get('tree.autosave') ?? [])]
        .filter(([s]) => s === 200)
        .reduce((n, [, c]) => n + c, 0),
      versions: [...ledger.versions.values()].reduce((n, v) => n + v.length - 1, 0),
      likes_pairs: ledger.likes.size,
      ratings_pairs: ledger.ratings.size,
      views_pairs: ledger.views.size,
      uses: [...ledger.uses.values()].reduce((s, x) => s + x, 0),
    };
    const result = {
      requests,
      rps: Math.round(requests / elapsed),
      seconds: Math.round(elapsed * 10) / 10,
      errors: stats.errors.length,
      error_samples: stats.errors.slice(0, 10),
      stale_412: stats.stale412,
      lost_writes: lost.length,
      lost_samples: lost.slice(0, 20),
      acknowledged,
      verified: {
        trees: ledger.trees.size,
        shares: shareIds.length,
        requests: [...verify.samples.values()].reduce((s, x) => s + x.length, 0),
      },
      load_average: { start: Math.round(loadStart * 100) / 100, end: Math.round(loadEnd * 100) / 100 },
      operations,
    };
    console.log(
      `  ${requests} requests in ${result.seconds} s (${result.rps} req/s), errors ${result.errors}, stale 412 ${result.stale_412}, lost writes ${result.lost_writes}; load ${result.load_average.start} → ${result.load_average.end}`,
    );
    for (const [op, o] of Object.entries(operations))
      console.log(
        `  ${op.padEnd(18)} ${String(o.count).padStart(7)}  p50 ${o.p50} ms  p95 ${o.p95} ms  p99 ${o.p99} ms`,
      );
    if (result.errors) console.log('  errors:', result.error_samples);
    if (result.lost_writes) console.log('  lost:', result.lost_samples);
    return result;
  } finally {
    api.close();
    await server.stop();
    await db.cleanup();
  }
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
  machine: `Node ${process.versions.node}, ${os.cpus().length} cores`,
  clients: CLIENTS,
  seconds: SECONDS,
  think_time_ms: 0,
  mix_percent: Object.fromEntries(WEIGHTS.map(([op, w]) => [op, Math.round((w / WEIGHT_TOTAL) * 1000) / 10])),
};
let failed = false;
for (const kind of KINDS) {
  const r = await runOnce(kind);
  results[kind] = r;
  if (r.errors > 0 || r.lost_writes > 0) failed = true;
}
await recordResults('load', results);

type R = Awaited<ReturnType<typeof runOnce>>;
const ran = KINDS.map((k) => [k, results[k] as R] as const);
const label = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const ops = [...new Set(ran.flatMap(([, r]) => Object.keys(r.operations)))].sort();
const opRows = ops
  .map(
    (op) =>
      `| ${op} | ${ran
        .map(([, r]) => {
          const o = r.operations[op];
          return o ? `${o.count} | ${o.p50} / ${o.p95} / ${o.p99}` : '– | –';
        })
        .join(' | ')} |`,
  )
  .join('\n');
writeReadmeSection(
  'load-test',
  `## Load (\`npm run test:load\`, \`bench/load/load-test.ts\`, issue 8)

${CLIENTS} concurrent clients on loopback for ${SECONDS} s against the real server process (\`NODE_ENV=production\`,
logger off), closed loop without think time. Each client is its own user (inserted in the database, token signed with the
server's \`JWT_SECRET\`, so no rate limit is involved or relaxed) with its own tree open in two tabs. Mix: browse the
community list (search / tag / ordering / page) 25 %, open a template (retrieve + view) 15 %, like 7 %, rate 6 %,
use a template 1 %, hot tags 2 %, load the tree in a tab 8 %, autosave a tab (\`PATCH\` with \`If-Match\`, following the
returned \`ETag\`) 28 %, save a version (\`POST\` with \`If-Match\`) 8 %. A 412 on a stale tab is expected and counted
apart; the tab then reloads. Every acknowledged write is checked afterwards: each tree's revision and document equal the
last acknowledged ones, every acknowledged version exists with its number and data and numbers have no gaps, likes /
ratings / views / uses counters equal the acknowledged sets. Errors = 5xx, network errors or any unexpected status.
Shorter runs: \`LOAD_SECONDS\`, \`LOAD_CLIENTS\`, \`LOAD_DB=sqlite|postgres\`.

Recorded ${String(results.date).slice(0, 16).replace('T', ' ')} UTC, working tree at ${results.commit} (${results.machine}; the machine is shared):

| | ${ran.map(([k]) => label[k]).join(' | ')} |
|---|${ran.map(() => '---|').join('')}
| requests (req/s) | ${ran.map(([, r]) => `${r.requests} (${r.rps})`).join(' | ')} |
| errors (5xx, network, unexpected) | ${ran.map(([, r]) => r.errors).join(' | ')} |
| stale-tab 412s (expected) | ${ran.map(([, r]) => r.stale_412).join(' | ')} |
| lost writes | ${ran.map(([, r]) => r.lost_writes).join(' | ')} |
| acknowledged: saves / versions / like, rating, view pairs / uses | ${ran.map(([, r]) => `${r.acknowledged.tree_saves} / ${r.acknowledged.versions} / ${r.acknowledged.likes_pairs}, ${r.acknowledged.ratings_pairs}, ${r.acknowledged.views_pairs} / ${r.acknowledged.uses}`).join(' | ')} |
| load average start → end | ${ran.map(([, r]) => `${r.load_average.start} → ${r.load_average.end}`).join(' | ')} |

Latency per operation, ms (count | p50 / p95 / p99):

| operation | ${ran.map(([k]) => `${label[k]} count | ${label[k]} p50 / p95 / p99`).join(' | ')} |
|---|${ran.map(() => '---|---|').join('')}
${opRows}

Reading: without think time every client waits for its previous answer, so the latencies are the queueing time of a
saturated server (requests per second × latency ≈ clients) on a machine shared with other jobs; what this test
establishes is that under that pressure nothing fails and nothing acknowledged is lost. Throughput depends a lot on
what else the machine runs (a run on 2026-11-22 at load average 11–14 made SQLite 153–263 req/s, PostgreSQL 227–250).
On SQLite each commit also waits for an fsync of the WAL (\`synchronous = FULL\`; 5.6 ms per commit on this disk,
measured apart on 2026-11-22) on the server's only thread, a cost PostgreSQL pays off the event loop.`,
);
console.log(failed ? '\nFAILED: errors or lost writes.' : '\nOK: no errors, no lost writes.');
process.exit(failed ? 1 : 0);
