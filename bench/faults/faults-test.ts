// `npm run test:faults` (issue 8): crash safety of saves. FAULT_ROUNDS (30) rounds on one data
// folder: a few writers (one per tree, so every 412 would be a bug) send numbered saves as fast as
// they can — PATCH of the tree document with If-Match, every fifth a version save (POST with
// If-Match and data) — and at a random moment the server process gets SIGKILL. Then:
//   - SQLite: the database file is opened read-only (better-sqlite3) before the restart and
//     `PRAGMA integrity_check` must say ok;
//   - every stored tree document and every version (raw rows, read directly) parses and validates;
//   - the server restarts on the same DATA_DIR / database by itself (migrations, WAL recovery);
//   - per tree, through the API: revision ≥ the last acknowledged one; the document is the last
//     acknowledged one, or one sent later (a save in flight at the kill may have committed);
//     version numbers run 1…latest with no gap; every acknowledged version exists with its data.
// FAULT_DB=sqlite|postgres runs one database (default both; PostgreSQL is a throwaway database,
// and it is the Node server that is killed, never PostgreSQL). Exits 1 on any violation.
import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../apps/server/src/db/connection.ts';
import { checkTreeDocument, readVersionDocument } from '../../apps/server/src/modules/trees/testing.ts';
import { ApiClient, canonical, etagRevision } from '../support/api-client.ts';
import { randomSecret, seedUsers, throwawayDatabase, type SeededUser } from '../support/arbor-db.ts';
import { recordResults } from '../support/record.ts';
import { writeReadmeSection } from '../support/readme.ts';
import { ROOT, startProcess, type RunningServer } from '../support/server-process.ts';

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 30);
const KINDS = (process.env.FAULT_DB ? [process.env.FAULT_DB] : ['sqlite', 'postgres']) as Array<'sqlite' | 'postgres'>;
const WRITERS = Number(process.env.FAULT_WRITERS ?? 3);
const KILL_AFTER_MS: [number, number] = [150, 2500];
const TREE_NODES = 60;
const LIMITS = { maxNodes: 5000, maxBytes: 5 * 1024 * 1024 };

type Doc = {
  nodes: Array<Record<string, unknown> & { id: string; title: string; content: string }>;
  [k: string]: unknown;
};

function makeDocument(title: string) {
  return {
    nodes: Array.from({ length: TREE_NODES }, (_, i) => ({
      id: i === 0 ? 'root' : `n${i}`,
      parent_id: i === 0 ? null : i <= 5 ? 'root' : `n${1 + (i % 5)}`,
      title: i === 0 ? title : `Step ${i}`,
      content: `Notes for step ${i}. `.repeat(20),
    })),
  };
}

interface TreeState {
  id: number;
  /** last acknowledged save: its number, revision and document */
  acked: { n: number; revision: number; doc: string };
  /** every document sent, by save number (a save in flight at the kill may have committed) */
  sent: Map<number, string>;
  /** acknowledged versions: number → document */
  versions: Map<number, string>;
  versionIds: Map<number, number>;
  n: number;
}

async function runKind(kind: 'sqlite' | 'postgres') {
  console.log(`\n${kind}: ${ROUNDS} rounds, ${WRITERS} writers`);
  const db = await throwawayDatabase(kind, 'arbor_faults');
  const jwtSecret = randomSecret();
  const [user] = (await seedUsers(db.url, 1, 'faultuser', jwtSecret)) as [SeededUser];
  const env = { DATA_DIR: db.dir, DATABASE_URL: db.url, JWT_SECRET: jwtSecret, ARBOR_SEED: '0' };
  const entry = path.join(ROOT, 'apps/server/src/main.ts');
  const violations: string[] = [];
  const rounds: Array<Record<string, unknown>> = [];
  let server: RunningServer = await startProcess(entry, env);
  let api = new ApiClient(server.url, 16);
  const trees: TreeState[] = [];
  try {
    for (let w = 0; w < WRITERS; w++) {
      const res = await api.request('POST', '/api/tree/skills_tree/', {
        token: user.token,
        body: { title: `Crash ${w}`, data: makeDocument(`Crash ${w}`) },
      });
      if (res.status !== 201) throw new Error(`setup: ${res.status}`);
      const doc = canonical(res.body.data);
      trees.push({
        id: res.body.id,
        acked: { n: 0, revision: res.body.revision, doc },
        sent: new Map([[0, doc]]),
        versions: new Map([[1, doc]]),
        versionIds: new Map(),
        n: 0,
      });
    }

    for (let round = 1; round <= ROUNDS; round++) {
      const roundViolations: string[] = [];
      let acks = 0;
      let versionAcks = 0;
      let sentCount = 0;
      let unexpected = 0;
      // Writers: each starts from what its tree is now, and saves until the server dies.
      let dead = false;
      const writers = trees.map(async (tree) => {
        const current = await api.request('GET', `/api/tree/skills_tree/${tree.id}/`, { token: user.token });
        let revision = etagRevision(current.headers.etag);
        let doc = current.body.data as Doc;
        while (!dead) {
          const n = ++tree.n;
          const next = structuredClone(doc);
          next.nodes[0]!.title = `Crash ${tree.id} save ${n}`;
          next.nodes[1 + (n % (TREE_NODES - 1))]!.content = `Save ${n}: ${'edited text '.repeat(1 + (n % 30))}`;
          const asVersion = n % 5 === 0;
          const body = canonical(next);
          tree.sent.set(n, body);
          sentCount += 1;
          let res;
          try {
            res = await api.request(
              asVersion ? 'POST' : 'PATCH',
              asVersion ? '/api/tree/skills_tree_version/' : `/api/tree/skills_tree/${tree.id}/`,
              {
                token: user.token,
                headers: { 'if-match': `"${revision}"` },
                body: asVersion ? { tree: tree.id, message: `save ${n}`, data: next } : { data: next },
                timeoutMs: 30_000,
              },
            );
          } catch {
            return; // the server is gone: this save is unacknowledged
          }
          if (res.status !== (asVersion ? 201 : 200)) {
            unexpected += 1;
            roundViolations.push(
              `tree ${tree.id}: save ${n} answered ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
            );
            return;
          }
          revision = etagRevision(res.headers.etag);
          doc = next;
          tree.acked = { n, revision, doc: body };
          acks += 1;
          if (asVersion) {
            versionAcks += 1;
            tree.versions.set(res.body.number, body);
            tree.versionIds.set(res.body.number, res.body.id);
          }
        }
      });
      const killAfter = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
      await new Promise((r) => setTimeout(r, killAfter));
      const exited = new Promise((r) => server.process.once('exit', r));
      server.process.kill('SIGKILL');
      await exited;
      dead = true;
      await Promise.all(writers);
      api.close();

      // Before the restart: the file as the crash left it.
      let integrity = 'n/a';
      if (kind === 'sqlite') {
        const file = new SQLite(db.file!, { readonly: true, fileMustExist: true });
        integrity = (file.pragma('integrity_check', { simple: true }) as string) ?? 'no answer';
        file.close();
        if (integrity !== 'ok') roundViolations.push(`integrity_check: ${integrity}`);
      }
      // Raw rows: no document half-written, in the working copy or in any version.
      const handle = openDatabase(db.url);
      try {
        const rows = await handle.db.selectFrom('trees').select(['id', 'data']).execute();
        for (const row of rows) {
          try {
            checkTreeDocument(JSON.parse(row.data), LIMITS);
          } catch (error) {
            roundViolations.push(
              `tree ${row.id}: stored document does not parse/validate (${(error as Error).message.slice(0, 80)})`,
            );
          }
        }
        const versions = await handle.db.selectFrom('tree_versions').selectAll().execute();
        for (const v of versions) {
          try {
            checkTreeDocument(await readVersionDocument(handle.db, v as never), LIMITS);
          } catch (error) {
            roundViolations.push(
              `version ${v.id}: does not rebuild/validate (${(error as Error).message.slice(0, 80)})`,
            );
          }
        }
      } finally {
        await handle.close();
      }

      const restartStarted = performance.now();
      server = await startProcess(entry, env);
      const restartMs = Math.round(performance.now() - restartStarted);
      api = new ApiClient(server.url, 16);
      let landedUnacked = 0;
      for (const tree of trees) {
        const res = await api.request('GET', `/api/tree/skills_tree/${tree.id}/`, { token: user.token });
        if (res.status !== 200) {
          roundViolations.push(`tree ${tree.id}: GET after restart answered ${res.status}`);
          continue;
        }
        const got = canonical(res.body.data);
        if (res.body.revision < tree.acked.revision)
          roundViolations.push(
            `tree ${tree.id}: revision ${res.body.revision} < last acknowledged ${tree.acked.revision}`,
          );
        if (got !== tree.acked.doc) {
          const later = [...tree.sent].find(([n, d]) => n > tree.acked.n && d === got);
          if (!later)
            roundViolations.push(
              `tree ${tree.id}: document is neither the last acknowledged save (${tree.acked.n}) nor a later one sent`,
            );
          else {
            landedUnacked += 1;
            // The in-flight save committed: it is the new base (and a version, if it was one).
            tree.acked = { n: later[0], revision: res.body.revision, doc: got };
          }
        } else if (res.body.revision !== tree.acked.revision) {
          roundViolations.push(
            `tree ${tree.id}: revision ${res.body.revision} but the document of revision ${tree.acked.revision}`,
          );
        }
        // Versions: 1…latest without gaps; every acknowledged one present with its data.
        const numbers: Array<{ number: number; id: number }> = [];
        for (let page = 1; ; page++) {
          const list = await api.request(
            'GET',
            `/api/tree/skills_tree_version/?tree=${tree.id}&page=${page}&page_size=100`,
            { token: user.token },
          );
          numbers.push(
            ...list.body.results.map((v: { number: number; id: number }) => ({ number: v.number, id: v.id })),
          );
          if (!list.body.next) break;
        }
        const sorted = numbers.map((v) => v.number).sort((a, b) => a - b);
        if (sorted.some((x, i) => x !== i + 1) || sorted.length !== res.body.latest_version) {
          roundViolations.push(
            `tree ${tree.id}: version numbers not 1…${res.body.latest_version} without gaps (${sorted.length} stored)`,
          );
        }
        const ids = new Map(numbers.map((v) => [v.number, v.id]));
        for (const number of tree.versions.keys()) {
          if (!ids.has(number)) roundViolations.push(`tree ${tree.id}: acknowledged version ${number} missing`);
          else if (number > 1 && tree.versionIds.get(number) !== ids.get(number))
            roundViolations.push(`tree ${tree.id}: version ${number} has another id than acknowledged`);
        }
        // Data of this round's acknowledged versions (older ones were checked in their round).
        const recent = [...tree.versions.keys()].filter((x) => x > 1).slice(-3);
        for (const number of recent) {
          const v = await api.request('GET', `/api/tree/skills_tree_version/${ids.get(number)}/`, {
            token: user.token,
          });
          if (v.status !== 200 || canonical(v.body.data) !== tree.versions.get(number))
            roundViolations.push(`tree ${tree.id}: version ${number} data differs from what was acknowledged`);
        }
      }
      violations.push(...roundViolations.map((v) => `round ${round}: ${v}`));
      rounds.push({
        round,
        kill_after_ms: Math.round(killAfter),
        sent: sentCount,
        acked: acks,
        acked_versions: versionAcks,
        landed_unacked: landedUnacked,
        unexpected,
        integrity,
        restart_ms: restartMs,
        violations: roundViolations.length,
      });
      console.log(
        `  round ${String(round).padStart(2)}: kill after ${Math.round(killAfter)} ms, ${acks} acked (${versionAcks} versions), ${landedUnacked} in-flight landed, integrity ${integrity}, restart ${restartMs} ms${roundViolations.length ? `  VIOLATIONS: ${roundViolations.join('; ')}` : ''}`,
      );
    }
  } finally {
    api.close();
    if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
    await db.cleanup();
  }
  const sum = (k: string) => rounds.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  return {
    rounds: rounds.length,
    writers: WRITERS,
    acked_saves: sum('acked'),
    acked_versions: sum('acked_versions'),
    in_flight_landed: sum('landed_unacked'),
    integrity_ok: rounds.filter((r) => r.integrity === 'ok').length,
    restart_ms_median:
      [...rounds.map((r) => Number(r.restart_ms))].sort((a, b) => a - b)[Math.floor(rounds.length / 2)] ?? 0,
    violations: violations.length,
    violation_samples: violations.slice(0, 20),
    per_round: rounds,
  };
}

const loadStart = os.loadavg()[0]!;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
  machine: `Node ${process.versions.node}, ${os.cpus().length} cores`,
  rounds: ROUNDS,
};
let failed = false;
for (const kind of KINDS) {
  const r = await runKind(kind);
  results[kind] = r;
  if (r.violations > 0) failed = true;
}
results.load_average = { start: Math.round(loadStart * 100) / 100, end: Math.round(os.loadavg()[0]! * 100) / 100 };
await recordResults('faults', results);

type R = Awaited<ReturnType<typeof runKind>>;
const ran = KINDS.map((k) => [k, results[k] as R] as const);
const label = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const la = results.load_average as { start: number; end: number };
writeReadmeSection(
  'faults-test',
  `## Crash safety (\`npm run test:faults\`, \`bench/faults/faults-test.ts\`, issue 8)

${ROUNDS} rounds per database on one data folder / database: ${WRITERS} writers (one per tree) send numbered saves as
fast as they can (\`PATCH\` with \`If-Match\`; every fifth a version save with data), and after a random
${KILL_AFTER_MS[0]}–${KILL_AFTER_MS[1]} ms the server process gets \`kill -9\`. Before the restart (SQLite) the file is
opened read-only and \`PRAGMA integrity_check\` must answer ok; every stored document and every version (rebuilt
from its delta chain) must parse and validate. After the restart on the same data: revision ≥ last acknowledged,
document = last acknowledged or a later one that was sent (a save in flight may commit), versions numbered 1…latest
without gaps, every acknowledged version present with its data. PostgreSQL variant: the Node server is killed,
not PostgreSQL. \`FAULT_ROUNDS\`, \`FAULT_DB=sqlite|postgres\` to shorten. This is a crash of the server process, not of the
machine: the kernel keeps what was written, so power loss (what \`synchronous = FULL\` is for) is not simulated.

Recorded ${String(results.date).slice(0, 16).replace('T', ' ')} UTC, working tree at ${results.commit} (${results.machine}, load average ${la.start} → ${la.end}):

| | ${ran.map(([k]) => label[k]).join(' | ')} |
|---|${ran.map(() => '---|').join('')}
| rounds (kill -9 each) | ${ran.map(([, r]) => r.rounds).join(' | ')} |
| acknowledged saves (of which versions) | ${ran.map(([, r]) => `${r.acked_saves} (${r.acked_versions})`).join(' | ')} |
| acknowledged saves lost | ${ran.map(([, r]) => (r.violations ? `**${r.violations} violations**` : 0)).join(' | ')} |
| in-flight saves that committed without an answer | ${ran.map(([, r]) => r.in_flight_landed).join(' | ')} |
| \`integrity_check\` ok | ${ran.map(([k, r]) => (k === 'sqlite' ? `${r.integrity_ok} / ${r.rounds}` : 'n/a')).join(' | ')} |
| half-written documents, version gaps | ${ran.map(([, r]) => (r.violations ? 'see results/faults.json' : '0, 0')).join(' | ')} |
| restart after the kill, median | ${ran.map(([, r]) => `${r.restart_ms_median} ms`).join(' | ')} |`,
);
console.log(
  failed ? '\nFAILED: crash-safety violations (see above).' : '\nOK: every acknowledged save survived every kill.',
);
process.exit(failed ? 1 : 0);
