// The FSRS optimiser (issue 31, "Personal parameters"): 20,000 explicit reviews of 2,000 cards,
// generated from a learner whose memory follows known parameters, optimised as the background job
// does it (FSRSItems, training on the earlier 80 %, scoring current and new parameters on the rest).
// Target: ≤ 10 s per optimisation, off the request path (the job runs in the background). Times the
// optimiser itself; reading 20,000 rows from the database is not included.
import { generateHistory, loadBinding, optimize } from '../apps/server/src/modules/learning/testing.ts';
import { recordResults } from './support/record.ts';
import { machineLine } from './support/readme.ts';
import { round, stats, timed } from './support/timing.ts';

const REVIEWS = Number(process.env.BENCH_OPTIMIZER_REVIEWS ?? 20_000);
const RUNS = Number(process.env.BENCH_OPTIMIZER_RUNS ?? 3);
const TARGET_MS = 10_000;

const logs = generateHistory({ reviews: REVIEWS, cards: REVIEWS / 10, start: new Date('2026-01-01T08:00:00Z') });
await loadBinding();
const times: number[] = [];
const outcomes: Awaited<ReturnType<typeof optimize>>[] = [];
for (let run = 0; run < RUNS; run += 1) {
  times.push(await timed(async () => outcomes.push(await optimize(logs, 'UTC', null))));
}
const last = outcomes.at(-1);
const figures = stats(times);
const results = {
  date: new Date().toISOString(),
  machine: machineLine(),
  reviews: logs.length,
  ...figures,
  max_ms: round(Math.max(...times)),
  target_ms: TARGET_MS,
  met: Math.max(...times) <= TARGET_MS,
  log_loss: last ? { before: last.before.logLoss, after: last.after.logLoss } : null,
};
console.log(JSON.stringify(results, null, 2));
await recordResults('optimizer', results);
