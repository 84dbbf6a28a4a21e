// The tutor's streaming (issue 34, "Done when"): time to the first streamed token of a tutor answer
// through Arbor (`POST /api/llm/tutor/` with `Accept: text/event-stream`: auth, validation, the
// subject and the learner's grounding read from the database, the prompt, the quota, the upstream
// call) against asking the same fake OpenAI-compatible provider directly, with 50 streams going on at
// once. Target: Arbor's p95 at most 50 ms above the provider's own.
//
// Arbor runs as the real server in a process of its own on SQLite (as `npm start` runs it); the fake
// provider and the 50 clients share this process, for both paths alike. Three measures:
// - 50 concurrent streams (the target): 50 learners each ask, read the whole answer, and ask again,
//   their first questions spread over one answer's length; the fake streams at a model's pace (one
//   piece every PACE_MS), so about 50 answers are streaming at any moment;
// - a burst: the 50 questions sent in the same instant (the fake answering at once), for the record;
// - one at a time: Arbor's own added latency per question.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { startFakeLlm, type FakeLlm } from '../apps/server/src/testing/fake-llm.ts';
import { randomSecret, seedUsers, throwawayDatabase, type SeededUser } from './support/arbor-db.ts';
import { machineLine, writeReadmeSection } from './support/readme.ts';
import { recordResults } from './support/record.ts';
import { ROOT, startProcess } from './support/server-process.ts';
import { median, p95, round, stats as summary } from './support/timing.ts';

const CONCURRENT = Number(process.env.BENCH_TUTOR_STREAMS ?? 50);
const ROUNDS = Number(process.env.BENCH_TUTOR_ROUNDS ?? 4);
const TARGET_EXTRA_MS = 50;
/** Questions each of the concurrent learners asks in turn. */
const ASKS_PER_LEARNER = Number(process.env.BENCH_TUTOR_ASKS ?? 6);
/** The fake's pace while streaming: one piece of 12 characters every this many ms (~400 characters a second). */
const PACE_MS = Number(process.env.BENCH_TUTOR_PACE_MS ?? 30);
/** Streams asked one at a time: Arbor's own added latency, less at the mercy of the machine's load. */
const SEQUENTIAL = Number(process.env.BENCH_TUTOR_SEQUENTIAL ?? 30);

const document = {
  nodes: [
    { id: 'root', parent_id: null, title: 'Rust' },
    { id: 'basics', parent_id: 'root', title: 'Basics', summary: 'Syntax and tools.' },
    {
      id: 'own',
      parent_id: 'root',
      title: 'Ownership',
      content: `# Moves and borrows\n${'Each value has one owner. '.repeat(200)}`,
    },
  ],
  links: [{ source: 'basics', target: 'own', kind: 'prerequisite' }],
};

/** Milliseconds from sending `init` to the first chunk of the body that matches `marker`; the body is read to its end. */
async function timeToFirst(url: string, init: RequestInit, marker: RegExp): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let first: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (first === null && marker.test(seen)) first = performance.now() - started;
  }
  if (first === null) throw new Error(`${url}: no ${marker}`);
  return first;
}

/** Each learner asks `asks` questions in turn, the first ones spread over `spreadMs`; every question's time. */
async function concurrentAsks(
  learners: readonly SeededUser[],
  asks: number,
  spreadMs: number,
  ask: (learner: SeededUser) => Promise<number>,
): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    learners.map(async (learner, i) => {
      await new Promise((resolve) => setTimeout(resolve, (spreadMs * i) / learners.length));
      for (let n = 0; n < asks; n++) times.push(await ask(learner));
    }),
  );
  return times;
}

async function main() {
  const fake: FakeLlm = await startFakeLlm();
  const db = await throwawayDatabase('sqlite', 'tutor_bench');
  const secret = randomSecret();
  const [admin, ...learners] = await seedUsers(db.url, CONCURRENT + 1, 'tutor', secret);
  const handle = openDatabase(db.url);
  await handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin!.id).execute();
  await handle.close();
  const server = await startProcess(path.join(ROOT, 'apps/server/src/main.ts'), {
    DATA_DIR: db.dir,
    DATABASE_URL: db.url,
    ARBOR_SEED: '0',
    JWT_SECRET: secret,
    AI_ALLOW_PRIVATE_BASE_URL: 'true',
    AI_DAILY_QUOTA: '100000',
  });
  try {
    const call = async (token: string, method: string, url: string, body: object) => {
      const res = await fetch(server.url + url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const provider = await call(admin!.token, 'POST', '/api/llm/deepseek-config/', {
      name: 'Fake',
      base_url: fake.url,
      api_key: 'sk-bench-0123456789',
      is_active: true,
    });
    await call(admin!.token, 'POST', '/api/llm/deepseek-models/', {
      config: provider.id,
      name: 'fake-chat',
      kind: 'chat',
      is_default: true,
    });
    const tree = await call(admin!.token, 'POST', '/api/tree/skills_tree/', {
      title: 'Rust',
      visibility: 'public',
      data: document,
    });
    const treeUuid = tree.uuid as string;
    // One learner per stream (the daily quota is per learner), each with a note on the node.
    for (const learner of learners) {
      await call(learner.token, 'PUT', '/api/learn/notes/', {
        tree: treeUuid,
        node_id: 'own',
        content: 'My note on ownership.',
      });
    }
    const viaArbor = (learner: SeededUser) =>
      timeToFirst(
        `${server.url}/api/llm/tutor/`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${learner.token}`,
            'content-type': 'application/json',
            accept: 'text/event-stream',
          },
          body: JSON.stringify({ tree: treeUuid, node_id: 'own', message: 'Explain this node.', mode: 'explain' }),
        },
        /event: delta/,
      );
    // The same prompt Arbor sends, straight to the provider; its first piece of text is the first token.
    await viaArbor(learners[0]!);
    const sent = fake.requests.at(-1)!.body as object;
    const direct = () =>
      timeToFirst(
        `${fake.url}/chat/completions`,
        {
          method: 'POST',
          headers: { authorization: 'Bearer sk-bench-0123456789', 'content-type': 'application/json' },
          body: JSON.stringify({ ...sent, stream: true }),
        },
        /"content":"[^"]/,
      );

    // 50 streams going on at once, at a model's pace.
    fake.setMode('slow', { delayMs: PACE_MS });
    // The first questions are spread over one answer's length, so the streams overlap from the start.
    const started = performance.now();
    await direct();
    const answerMs = performance.now() - started;
    const steadyDirect = await concurrentAsks(learners, ASKS_PER_LEARNER, answerMs, () => direct());
    const steadyArbor = await concurrentAsks(learners, ASKS_PER_LEARNER, answerMs, viaArbor);
    fake.setMode('normal');

    // The burst: every question of a round in the same instant.
    const burstArbor: number[] = [];
    const burstDirect: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      burstDirect.push(...(await Promise.all(learners.map(() => direct()))));
      burstArbor.push(...(await Promise.all(learners.map(viaArbor))));
    }
    // One at a time, alternating: each Arbor stream's first token against the provider's own.
    const aloneArbor: number[] = [];
    const aloneDirect: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      aloneDirect.push(await direct());
      aloneArbor.push(await viaArbor(learners[i % learners.length]!));
    }
    const results = {
      concurrent: CONCURRENT,
      streaming: {
        asks_per_learner: ASKS_PER_LEARNER,
        pace_ms: PACE_MS,
        answer_ms: round(answerMs),
        direct: summary(steadyDirect),
        arbor: summary(steadyArbor),
        extra_p95_ms: round(p95(steadyArbor) - p95(steadyDirect)),
      },
      target_extra_p95_ms: TARGET_EXTRA_MS,
      burst: {
        rounds: ROUNDS,
        direct: summary(burstDirect),
        arbor: summary(burstArbor),
        extra_p95_ms: round(p95(burstArbor) - p95(burstDirect)),
      },
      sequential: {
        runs: SEQUENTIAL,
        direct: summary(aloneDirect),
        arbor: summary(aloneArbor),
        extra_median_ms: round(median(aloneArbor) - median(aloneDirect)),
      },
      machine: machineLine(),
    };
    console.log(JSON.stringify(results, null, 2));
    await recordResults('tutor', results);
    const row = (label: string, r: { median_ms: number; p95_ms: number }) =>
      `| ${label} | ${r.median_ms} ms | ${r.p95_ms} ms |`;
    writeReadmeSection(
      'tutor',
      [
        '## Tutor: time to the first streamed token (issue 34)',
        '',
        `Arbor as the real server in its own process on SQLite; the fake provider and the clients in the benchmark's process, for both paths (\`bench/tutor.bench.ts\`). ${results.machine}.`,
        '',
        `**${CONCURRENT} streams at once** (the target): ${CONCURRENT} learners each ask ${ASKS_PER_LEARNER} questions in turn, reading each answer to its end; the fake streams at a model's pace (12 characters every ${PACE_MS} ms), an answer takes ${Math.round(answerMs)} ms to stream, so about ${CONCURRENT} answers stream at any moment.`,
        '',
        '| path | median | p95 |',
        '|---|---|---|',
        row('fake provider directly', results.streaming.direct),
        row('through Arbor (`POST /api/llm/tutor/`, SSE)', results.streaming.arbor),
        `| Arbor's extra (p95) | | ${results.streaming.extra_p95_ms} ms (target ≤ ${TARGET_EXTRA_MS} ms) |`,
        '',
        `**A burst**, for the record: the ${CONCURRENT} questions of a round sent in the same instant, the fake answering at once (${ROUNDS} rounds). Each question's work before its first token queues behind the others' on the server's one event loop.`,
        '',
        '| path | median | p95 |',
        '|---|---|---|',
        row('fake provider directly', results.burst.direct),
        row('through Arbor', results.burst.arbor),
        `| Arbor's extra (p95) | | ${results.burst.extra_p95_ms} ms |`,
        '',
        `**One at a time** (${SEQUENTIAL} each, alternating; Arbor's own added latency):`,
        '',
        '| path | median | p95 |',
        '|---|---|---|',
        row('fake provider directly', results.sequential.direct),
        row('through Arbor', results.sequential.arbor),
        `| Arbor's extra (median) | ${results.sequential.extra_median_ms} ms | |`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
    await fake.close();
    await db.cleanup();
  }
}

await main();
