// Live notifications (issue 16, "Performance and reliability"): 1,000 open Server-Sent Event streams on one
// server process (its own Node process, real HTTP, PostgreSQL), one per user. Each round, another
// process writes one notification for every one of the 1,000 users in a transaction and announces them
// with `pg_notify`, exactly as a server process does; the figure is the time from that commit until the
// last stream has its event (target: within 1 s). The server's memory is recorded with the streams open.
// Then 100 clients drop their streams, a round is written while they are away, and they reconnect with
// `Last-Event-ID`: each must be sent what it missed.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { randomSecret, seedUsers, throwawayDatabase, type SeededUser } from './support/arbor-db.ts';
import { writeReadmeSection } from './support/readme.ts';
import { recordResults } from './support/record.ts';
import { ROOT, startProcess } from './support/server-process.ts';
import { median, round } from './support/timing.ts';

const STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 1000);
const ROUNDS = 10;
const DROPPED = 100;
const TARGET_MS = 1000;
const CHANNEL = 'arbor_notifications';

/** One open stream: the notification ids it received and when (performance.now()). */
interface Listener {
  user: SeededUser;
  arrivals: Map<number, number>;
  lastId: number;
  close(): void;
}

function listen(baseUrl: string, user: SeededUser, lastEventId?: number): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const req = http.get(`${baseUrl}/api/notifications/stream/`, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream of ${user.username}: ${res.statusCode}`));
        res.resume();
        return;
      }
      const listener: Listener = { user, arrivals: new Map(), lastId: lastEventId ?? 0, close: () => req.destroy() };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const match = /^id: (\d+)$/m.exec(buffer.slice(0, end));
          if (match) {
            const id = Number(match[1]);
            listener.arrivals.set(id, now);
            listener.lastId = Math.max(listener.lastId, id);
          }
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('error', () => undefined);
      resolve(listener);
    });
    req.on('error', (error) => reject(error));
  });
}

/** The server process's resident memory in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
}

const waitUntil = async (done: () => boolean, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  return done();
};

const database = await throwawayDatabase('postgres', 'arbor_bench_sse');
const jwtSecret = randomSecret();
const handle = openDatabase(database.url);
const db = handle.db;
const server = await startProcess(path.join(ROOT, 'apps/server/src/main.ts'), {
  DATA_DIR: database.dir,
  DATABASE_URL: database.url,
  JWT_SECRET: jwtSecret,
  ARBOR_SEED: '0',
});
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  load_average_1m_at_start: os.loadavg()[0],
  streams: STREAMS,
  rounds: ROUNDS,
};
try {
  const [actor, ...users] = await seedUsers(database.url, STREAMS + 1, 'sse', jwtSecret);
  const pid = server.process.pid!;
  // A few calls first, so the memory before is that of a warm server, not of one that has served nothing.
  for (let i = 0; i < 20; i++) await fetch(`${server.url}/api/health/`);
  const rssBefore = await rssMb(pid);
  const openStarted = performance.now();
  const listeners: Listener[] = [];
  for (let from = 0; from < users.length; from += 100)
    listeners.push(...(await Promise.all(users.slice(from, from + 100).map((u) => listen(server.url, u)))));
  const openMs = round(performance.now() - openStarted);
  // Let every stream finish opening (the hub reads each user's latest id before it delivers).
  await new Promise((r) => setTimeout(r, 1000));
  const rssOpen = await rssMb(pid);

  /** Writes one notification for each of `recipients` and announces it, as a server process does. */
  const writeRound = async (recipients: SeededUser[], round: number) => {
    const now = new Date().toISOString();
    const ids = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('notifications')
        .values(
          recipients.map((u) => ({
            recipient_id: u.id,
            kind: 'follow',
            actor_id: actor!.id,
            target_kind: 'user',
            target_id: actor!.id,
            target_uuid: null,
            target_title: `round ${round}`,
            created_at: now,
          })),
        )
        .returning(['id', 'recipient_id'])
        .execute();
      for (const row of rows)
        await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ id: row.id, recipient: row.recipient_id })})`.execute(
          trx,
        );
      return rows;
    });
    return { ids: new Map(ids.map((r) => [r.recipient_id, r.id])), committedAt: performance.now() };
  };

  const rounds: Array<{ last_ms: number; median_ms: number; delivered: number }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    const { ids, committedAt } = await writeRound(users, r);
    const arrived = () => listeners.every((l) => l.arrivals.has(ids.get(l.user.id)!));
    await waitUntil(arrived, 10_000);
    const latencies = listeners
      .map((l) => l.arrivals.get(ids.get(l.user.id)!))
      .filter((t): t is number => t !== undefined)
      .map((t) => t - committedAt);
    rounds.push({
      last_ms: round(Math.max(...latencies)),
      median_ms: round(median(latencies)),
      delivered: latencies.length,
    });
    console.log(`  round ${r}: ${latencies.length} delivered, last after ${round(Math.max(...latencies))} ms`);
    await new Promise((res) => setTimeout(res, 200));
  }
  const rssAfter = await rssMb(pid);

  // Reconnection: 100 clients drop, miss a round, and come back with Last-Event-ID.
  const dropped = listeners.slice(0, DROPPED);
  for (const l of dropped) l.close();
  await new Promise((r) => setTimeout(r, 300));
  const missed = await writeRound(
    dropped.map((l) => l.user),
    ROUNDS,
  );
  const back = await Promise.all(dropped.map((l) => listen(server.url, l.user, l.lastId)));
  const caughtUp = () => back.every((l) => l.arrivals.has(missed.ids.get(l.user.id)!));
  await waitUntil(caughtUp, 10_000);
  const replayed = back.filter((l) => l.arrivals.has(missed.ids.get(l.user.id)!)).length;
  const duplicates = back.filter((l) => [...l.arrivals.keys()].some((id) => id !== missed.ids.get(l.user.id))).length;
  for (const l of [...listeners.slice(DROPPED), ...back]) l.close();

  const worst = Math.max(...rounds.map((r) => r.last_ms));
  Object.assign(results, {
    open_all_ms: openMs,
    rss_mb: { before: rssBefore, streams_open: rssOpen, after_rounds: rssAfter },
    per_stream_kb: round(((rssOpen - rssBefore) * 1024) / STREAMS),
    rounds,
    all_delivered: rounds.every((r) => r.delivered === STREAMS),
    worst_last_delivery_ms: worst,
    median_last_delivery_ms: round(median(rounds.map((r) => r.last_ms))),
    target_ms: TARGET_MS,
    meets_target: worst <= TARGET_MS && rounds.every((r) => r.delivered === STREAMS),
    reconnect: { dropped: DROPPED, replayed, with_other_events: duplicates },
    load_average_1m_at_end: os.loadavg()[0],
  });
} finally {
  await server.stop();
  await handle.close();
  await database.cleanup();
}
console.log(JSON.stringify(results, null, 2));
await recordResults('notifications-sse', results);
writeReadmeSection('notifications-sse', readmeSection(results as unknown as Recorded));

interface Recorded {
  date: string;
  load_average_1m_at_start: number;
  load_average_1m_at_end: number;
  open_all_ms: number;
  rss_mb: { before: number; streams_open: number; after_rounds: number };
  per_stream_kb: number;
  rounds: Array<{ last_ms: number; median_ms: number; delivered: number }>;
  all_delivered: boolean;
  worst_last_delivery_ms: number;
  median_last_delivery_ms: number;
  meets_target: boolean;
  reconnect: { dropped: number; replayed: number; with_other_events: number };
}

function readmeSection(r: Recorded): string {
  return `## Live notifications (\`notifications-sse.bench.ts\`, issue 16)

${STREAMS.toLocaleString('en')} Server-Sent Event streams open on one server process (its own Node process, real HTTP, PostgreSQL),
one per user. In each of ${ROUNDS} rounds another process writes a notification for every one of them in one transaction
and announces it with \`pg_notify\`, as a server process does; the server's LISTEN connection hands each to its
hub, which reads it and writes it to the user's stream. Measured: from the commit to the arrival at the last
of the ${STREAMS.toLocaleString('en')} clients. Target: within ${TARGET_MS} ms.

Results of ${r.date.slice(0, 16).replace('T', ' ')} UTC (Node ${process.versions.node}, ${os.cpus().length} cores, load average ${r.load_average_1m_at_start.toFixed(1)} → ${r.load_average_1m_at_end.toFixed(1)}):

| figure | value |
|---|---|
| every notification delivered, every round | ${r.all_delivered ? 'yes' : '**no**'} |
| last of ${STREAMS.toLocaleString('en')} arrivals after the commit, median of ${ROUNDS} rounds | ${r.median_last_delivery_ms} ms |
| last arrival, worst round | ${r.worst_last_delivery_ms} ms (${r.meets_target ? 'met' : '**not met**'}) |
| median arrival, per round | ${r.rounds.map((x) => `${x.median_ms}`).join(', ')} ms |
| opening ${STREAMS.toLocaleString('en')} streams (100 at a time) | ${r.open_all_ms} ms |
| server memory (RSS): warm, streams open, after the rounds | ${r.rss_mb.before} MB, ${r.rss_mb.streams_open} MB, ${r.rss_mb.after_rounds} MB (≈ ${r.per_stream_kb} KB a stream) |
| reconnected with \`Last-Event-ID\` after missing a round | ${r.reconnect.replayed} of ${r.reconnect.dropped} got what they missed, ${r.reconnect.with_other_events} got anything else |
`;
}
