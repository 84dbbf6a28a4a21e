import os from 'node:os';
import { recordResults } from './record.ts';
import { writeReadmeSection } from './readme.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** What a benchmark that measures the same thing on both databases records. */
export interface BothDatabasesRun<M> {
  date: string;
  node: string;
  cpus: number;
  /** how busy the machine was: these 2-core machines are often shared */
  load_average_1m_at_start: number;
  load_average_1m_at_end: number;
  sqlite: M;
  postgres: M;
}

/** `BENCH_ONLY=sqlite|postgres`: measure one database and record nothing. */
function benchOnly(): DatabaseKind | null {
  const only = process.env.BENCH_ONLY;
  if (only === undefined || only === '') return null;
  if (only !== 'sqlite' && only !== 'postgres') throw new Error('BENCH_ONLY must be sqlite or postgres');
  return only;
}

/**
 * Measures on SQLite, then on PostgreSQL, and records the run: `bench/results/<name>.json` (with
 * `params`, the run's settings) and the `<name>` section of bench/README.md, written by `section`.
 */
export async function benchBothDatabases<M, P extends Record<string, unknown>>(
  name: string,
  params: P,
  measure: (kind: DatabaseKind) => Promise<M>,
  section: (run: BothDatabasesRun<M> & P) => string,
): Promise<BothDatabasesRun<M> & P> {
  const started = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    load_average_1m_at_start: os.loadavg()[0] ?? 0,
    ...params,
  };
  const measured: Partial<Record<DatabaseKind, M>> = {};
  const only = benchOnly();
  for (const kind of only ? [only] : (['sqlite', 'postgres'] as const)) {
    console.log(`  ${kind}…`);
    measured[kind] = await measure(kind);
    console.log(JSON.stringify(measured[kind], null, 2));
  }
  // A look at one database while working on a figure: printed, never recorded.
  if (only) return { ...started, ...measured, load_average_1m_at_end: os.loadavg()[0] ?? 0 } as BothDatabasesRun<M> & P;
  const run = {
    ...started,
    sqlite: measured.sqlite!,
    postgres: measured.postgres!,
    load_average_1m_at_end: os.loadavg()[0] ?? 0,
  };
  await recordResults(name, run);
  writeReadmeSection(name, section(run));
  return run;
}

/** "Results of 2026-11-26 12:48 UTC (Node 20.20.2, 2 cores, load average 1.8 → 1.6)" for a section. */
export function resultsLine(
  run: Pick<BothDatabasesRun<unknown>, 'date' | 'load_average_1m_at_start' | 'load_average_1m_at_end'>,
): string {
  const load = `${run.load_average_1m_at_start.toFixed(1)} → ${run.load_average_1m_at_end.toFixed(1)}`;
  return `Results of ${run.date.slice(0, 16).replace('T', ' ')} UTC (Node ${process.versions.node}, ${os.cpus().length} cores, load average ${load})`;
}
