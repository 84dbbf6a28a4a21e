// `npm test`: every check, in order of cost. Lint, typecheck, unit + API tests on SQLite, the API
// tests again on PostgreSQL, a production build, then e2e in real Chromium against `npm start`.
// Prints one closing line `tests: N passed, N failed` over every vitest run.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const reports = mkdtempSync(path.join(os.tmpdir(), 'arbor-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const only = process.argv.slice(2); // e.g. `npm test -- api-sqlite e2e`
let failed = false;

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${label} failed (${seconds}s)`);
    failed = true;
    return false;
  }
  console.log(`✓ ${label} (${seconds}s)`);
  return true;
}

function vitest(label, projects, env = {}, extraArgs = []) {
  const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', '--passWithNoTests', ...projects.flatMap((p) => ['--project', p]), ...extraArgs];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  run(label, 'npx', args, env);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  } else {
    totals.failed += 1;
  }
}

async function postgresAvailable() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs independent checks side by side (each is mostly one thread), printing each one's output as a
 * block once it ends, so that the log reads like the sequential one.
 */
async function runTogether(steps) {
  const started = Date.now();
  await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n━━ ${label} ━━`);
            process.stdout.write(Buffer.concat(output));
            if (code === 0) console.log(`✓ ${label} (${seconds}s)`);
            else {
              console.error(`✗ ${label} failed (${seconds}s)`);
              failed = true;
            }
            resolve();
          });
        }),
    ),
  );
}

const wants = (step) => only.length === 0 || only.includes(step);

// Lint: eslint (with the module-map walls of eslint/boundaries-plugin.js) and Prettier over the whole
// tree; the typecheck beside them.
await runTogether([
  ...(wants('lint')
    ? [
        ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
        ['formatting', 'npx', ['prettier', '--check', '.']],
      ]
    : []),
  ...(wants('typecheck') ? [['typecheck', 'npm', ['run', 'typecheck', '--silent']]] : []),
]);
// The API files wait on their databases and sockets much of the time: two workers even on two cores.
const API_WORKERS = ['--maxWorkers=2'];
if (wants('unit') || wants('api-sqlite'))
  vitest(
    'unit, web and API tests on SQLite',
    ['packages', 'web', 'server', 'server-isolated'],
    { ARBOR_TEST_DB: 'sqlite' },
    API_WORKERS,
  );

if (wants('api-postgres')) {
  if (await postgresAvailable()) {
    vitest('API tests on PostgreSQL', ['server', 'server-isolated'], { ARBOR_TEST_DB: 'postgres' }, API_WORKERS);
  } else if (inCi) {
    console.error('✗ PostgreSQL is not reachable, and CI requires the PostgreSQL pass.');
    failed = true;
    totals.failed += 1;
  } else {
    console.log(
      '\n! PostgreSQL is not reachable at TEST_DATABASE_URL: skipping the PostgreSQL pass (it is required in CI).',
    );
  }
}

if (wants('e2e')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    if (inCi) {
      console.error(`✗ Chromium is missing at ${chromium}; CI requires the e2e pass (apt-get install -y chromium).`);
      failed = true;
      totals.failed += 1;
    } else {
      console.log(
        `\n! Chromium is missing at ${chromium}: skipping e2e (install it with apt-get install -y chromium).`,
      );
    }
  } else if (run('build the web app and the server', 'npm', ['run', 'build', '--silent'], { NODE_ENV: 'production' })) {
    // The first page's JS within budget, the editor and admin code out of it (one test).
    totals[run('bundle budget', 'node', ['scripts/check-bundle.mjs']) ? 'passed' : 'failed'] += 1;
    vitest('e2e in Chromium', ['e2e']);
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failed || totals.failed > 0 ? 1 : 0);
