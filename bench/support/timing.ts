import { performance } from 'node:perf_hooks';

/** Figures of a series of timings in milliseconds, as every in-process benchmark reports them. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
export const round = (x: number) => Math.round(x * 100) / 100;
export const stats = (xs: number[]) => ({ runs: xs.length, median_ms: round(median(xs)), p95_ms: round(p95(xs)) });

/** The figures of `xs`, judged against a p95 target when there is one. */
export function judged(xs: number[], target?: number) {
  return {
    ...stats(xs),
    ...(target === undefined ? {} : { target_p95_ms: target, meets_target: p95(xs) <= target }),
  };
}

/** How long `fn` took, in milliseconds. */
export async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** `median ms (p95)`: the cell format of the README tables. */
export const timingCell = (s: { median_ms: number; p95_ms: number }) => `${s.median_ms} ms (${s.p95_ms})`;

/**
 * Times `fn` `runs` times after `warmups` untimed calls, each in turn (one call's garbage is then collected
 * in its own loop, not in another call's time); `prepare` runs before each call, outside its time.
 */
export async function timeRuns(
  runs: number,
  warmups: number,
  fn: (run: number) => Promise<unknown>,
  prepare?: (run: number) => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs + warmups; run++) {
    await prepare?.(run);
    const ms = await timed(() => fn(run));
    if (run >= warmups) times.push(ms);
  }
  return times;
}
