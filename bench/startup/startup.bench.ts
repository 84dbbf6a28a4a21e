// Server start-up, TypeScript through tsx (what `npm start` ran before issue 13) against the compiled
// bundle (what it runs now, built by scripts/build-server.mjs): time from spawn to the first 200 of
// `GET /api/health/`, and resident memory (VmRSS from /proc) once it answers and 2 s later, on SQLite
// with a temporary DATA_DIR. Each variant starts on an empty data folder (migrations, generated secrets,
// sample templates seeded) and again on that same folder (the everyday restart). The two variants
// alternate run by run, so a busy moment on the machine does not land on one only.
// Run: `npx tsx bench/startup/startup.bench.ts` (STARTUP_RUNS=5 by default).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordResults } from '../support/record.ts';
import { machineLine, writeReadmeSection } from '../support/readme.ts';
import { ROOT, freePort } from '../support/server-process.ts';

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const SETTLE_MS = 2000;

interface Variant {
  key: 'tsx' | 'compiled';
  label: string;
  args: string[];
}
const VARIANTS: Variant[] = [
  {
    key: 'tsx',
    label: '`node --import tsx apps/server/src/main.ts` (before)',
    args: ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
  },
  {
    key: 'compiled',
    label: '`node --enable-source-maps apps/server/dist/main.js` (now)',
    args: ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')],
  },
];

interface Sample {
  readyMs: number;
  cpuMs: number;
  rssAtReadyMb: number;
  rssSettledMb: number;
  peakRssMb: number;
}

const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** CPU time the process has used so far, all threads, user + system (/proc/<pid>/stat). */
function cpuTime(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3, "state"
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // fields 14 and 15: utime, stime
}

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One start of the server process; `dataDir` empty or already used. */
async function startOnce(variant: Variant, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health/`;
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.key} exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error(`${variant.key} did not start in 60 s`);
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    const cpuMs = cpuTime(child.pid!);
    const atReady = memory(child.pid!);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = memory(child.pid!);
    return { readyMs, cpuMs, rssAtReadyMb: atReady.rss, rssSettledMb: settled.rss, peakRssMb: settled.peak };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (x: number, digits = 0) => Number(x.toFixed(digits));

const loadBefore = os.loadavg()[0]!;
const machine = machineLine();

// The bundle as `npm start` would build it (and its build time, for the record).
const buildStarted = performance.now();
const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const buildMs = performance.now() - buildStarted;

// One untimed start of each, so tsx's transform cache (in the temp folder) is warm as it is on a
// machine that started the server before; the very first start after a change is slower still.
for (const variant of VARIANTS) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-startup-'));
  await startOnce(variant, dir);
  rmSync(dir, { recursive: true, force: true });
}

const samples: Record<Variant['key'], { fresh: Sample[]; restart: Sample[] }> = {
  tsx: { fresh: [], restart: [] },
  compiled: { fresh: [], restart: [] },
};
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
  for (const variant of order) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-startup-'));
    try {
      samples[variant.key].fresh.push(await startOnce(variant, dir));
      samples[variant.key].restart.push(await startOnce(variant, dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const last = samples[variant.key];
    console.log(
      `run ${run + 1} ${variant.key}: empty data ${round(last.fresh.at(-1)!.readyMs)} ms (CPU ${round(last.fresh.at(-1)!.cpuMs)}), ` +
        `restart ${round(last.restart.at(-1)!.readyMs)} ms (CPU ${round(last.restart.at(-1)!.cpuMs)}), RSS ${round(last.restart.at(-1)!.rssSettledMb, 1)} MB`,
    );
  }
}

const summary = (xs: Sample[]) => ({
  readyMs: round(median(xs.map((s) => s.readyMs))),
  cpuMs: round(median(xs.map((s) => s.cpuMs))),
  rssAtReadyMb: round(median(xs.map((s) => s.rssAtReadyMb)), 1),
  rssSettledMb: round(median(xs.map((s) => s.rssSettledMb)), 1),
  peakRssMb: round(median(xs.map((s) => s.peakRssMb)), 1),
});
const outcome = (key: Variant['key']) => ({
  fresh: summary(samples[key].fresh),
  restart: summary(samples[key].restart),
  runs: samples[key],
});
const results = { tsx: outcome('tsx'), compiled: outcome('compiled') };

const loadAfter = os.loadavg()[0]!;
const recordedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
// BENCH_COMMIT: when run in an export of a commit (\`git archive\`) rather than in the work tree.
const commit =
  process.env.BENCH_COMMIT ??
  spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
await recordResults('startup', {
  recordedAt,
  commit,
  machine,
  loadBefore,
  loadAfter,
  runs: RUNS,
  buildMs: round(buildMs),
  ...results,
});

const row = (what: string, pick: (s: ReturnType<typeof summary>) => string) =>
  `| ${what} | ${pick(results.tsx.fresh)} | ${pick(results.compiled.fresh)} | ${pick(results.tsx.restart)} | ${pick(results.compiled.restart)} |`;
const less = (a: number, b: number) => `${Math.round((1 - b / a) * 100)} %`;
const { tsx, compiled } = results;
writeReadmeSection(
  'startup',
  `
## Server start-up (\`bench/startup/startup.bench.ts\`, issue 13)

\`npm start\` runs the compiled server (\`apps/server/dist/main.js\`, bundled by \`scripts/build-server.mjs\`)
instead of the TypeScript sources through tsx. Each start is the server process alone (\`NODE_ENV=production\`,
SQLite in a temporary \`DATA_DIR\`), timed from spawn to the first 200 of \`GET /api/health/\` (polled every
10 ms). Beside that time, the CPU time the process used until then (user + system, all threads, from
\`/proc/<pid>/stat\`), which is what a start costs whatever else the machine runs, and its memory: \`VmRSS\`
from \`/proc/<pid>/status\` ${SETTLE_MS / 1000} s after the first answer, and the peak (\`VmHWM\`). "Empty data" is a
first start (migrations, generated secrets, sample templates seeded), "restart" a second start on the same
folder. Medians of ${RUNS} runs per cell, the two variants taking turns, tsx's transform cache warm.
Run: \`npx tsx bench/startup/startup.bench.ts\` (\`STARTUP_RUNS\` to change the count).

Recorded ${recordedAt} UTC, working tree at ${commit} (${machine.replace(/load average .*/, '')}load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}):

|  | tsx, empty data | compiled, empty data | tsx, restart | compiled, restart |
| --- | --- | --- | --- | --- |
${row('spawn → healthy', (s) => `${s.readyMs} ms`)}
${row('CPU time until healthy', (s) => `${s.cpuMs} ms`)}
${row(`RSS ${SETTLE_MS / 1000} s after`, (s) => `${s.rssSettledMb} MB`)}
${row('peak RSS', (s) => `${s.peakRssMb} MB`)}

Compiled against tsx, on a restart (and on empty data): start-up ${less(tsx.restart.readyMs, compiled.restart.readyMs)} (${less(tsx.fresh.readyMs, compiled.fresh.readyMs)}) shorter,
${less(tsx.restart.cpuMs, compiled.restart.cpuMs)} (${less(tsx.fresh.cpuMs, compiled.fresh.cpuMs)}) less CPU time, resident memory ${less(tsx.restart.rssSettledMb, compiled.restart.rssSettledMb)} (${less(tsx.fresh.rssSettledMb, compiled.fresh.rssSettledMb)}) lower.
Building the bundle took ${round(buildMs)} ms; \`npm start\` rebuilds it when it is missing or older than
\`apps/server/src\` or \`packages\`.

Reading: tsx transforms every server and package module on load (from its cache once warm, but each file is
still resolved, read and mapped through its loader hooks, which Node 20 runs on a thread of their own: the
extra memory). The bundle is one file of our code; most of what remains of the start-up is loading the npm
dependencies (measured apart on a busy machine: fastify ~150 ms, @aws-sdk/client-s3 ~175 ms even with S3
off, kysely, zod, openai, sharp ~50–80 ms each), then migrations and the listen. The times move with the
machine's load (the variants are measured in turns for that reason); CPU time and memory hardly do.
`,
);
// The section as Prettier formats it (tables aligned), so that the lint step's `prettier --check` passes.
spawnSync('npx', ['prettier', '--write', path.join(ROOT, 'bench/README.md')], { cwd: ROOT, stdio: 'ignore' });
