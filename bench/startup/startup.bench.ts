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
  rssAtReadyMb: number;
  rssSettledMb: number;
  peakRssMb: number;
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
    const atReady = memory(child.pid!);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = memory(child.pid!);
    return { readyMs, rssAtReadyMb: atReady.rss, rssSettledMb: settled.rss, peakRssMb: settled.peak };
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
      `run ${run + 1} ${variant.key}: empty data ${round(last.fresh.at(-1)!.readyMs)} ms, ` +
        `restart ${round(last.restart.at(-1)!.readyMs)} ms, RSS ${round(last.restart.at(-1)!.rssSettledMb, 1)} MB`,
    );
  }
}

const summary = (xs: Sample[]) => ({
  readyMs: round(median(xs.map((s) => s.readyMs))),
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
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
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
const ratio = (a: number, b: number) => `${Math.round((1 - b / a) * 100)} %`;
writeReadmeSection(
  'startup',
  `
## Server start-up (\`bench/startup/startup.bench.ts\`, issue 13)

\`npm start\` runs the compiled server (\`apps/server/dist/main.js\`, bundled by \`scripts/build-server.mjs\`)
instead of the TypeScript sources through tsx. Each start is the server process alone (\`NODE_ENV=production\`,
SQLite in a temporary \`DATA_DIR\`), timed from spawn to the first 200 of \`GET /api/health/\` (polled every
10 ms); resident memory is \`VmRSS\` from \`/proc/<pid>/status\` at that moment and ${SETTLE_MS / 1000} s later, peak
is \`VmHWM\`. "Empty data" is a first start (migrations, generated secrets, sample templates seeded), "restart"
a second start on the same folder. Medians of ${RUNS} runs per cell, the two variants alternating; tsx's
transform cache warm. Run: \`npx tsx bench/startup/startup.bench.ts\` (\`STARTUP_RUNS\` to change the count).

Recorded ${recordedAt} UTC at ${commit} (${machine.replace(/load average .*/, '')}load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}):

|  | tsx, empty data | compiled, empty data | tsx, restart | compiled, restart |
| --- | --- | --- | --- | --- |
${row('spawn → healthy', (s) => `${s.readyMs} ms`)}
${row('RSS when healthy', (s) => `${s.rssAtReadyMb} MB`)}
${row(`RSS ${SETTLE_MS / 1000} s later`, (s) => `${s.rssSettledMb} MB`)}
${row('peak RSS', (s) => `${s.peakRssMb} MB`)}

Compiled against tsx: start-up ${ratio(results.tsx.restart.readyMs, results.compiled.restart.readyMs)} shorter on a restart
(${ratio(results.tsx.fresh.readyMs, results.compiled.fresh.readyMs)} on empty data), resident memory
${ratio(results.tsx.restart.rssSettledMb, results.compiled.restart.rssSettledMb)} lower once settled. Building the bundle took ${round(buildMs)} ms
(\`npm start\` rebuilds it when it is missing or older than \`apps/server/src\` or \`packages\`).
`,
);
