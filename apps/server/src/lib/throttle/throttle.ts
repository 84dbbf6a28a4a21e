import type { DB } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';
import { throttled } from '../http-errors.ts';
import { deleteEvents, deleteEventsBefore, findRecentEvents, insertEvents } from './throttle.repository.ts';

/** What the throttle needs of the app: its database and its clock (`Deps` has both). */
export interface ThrottleDeps {
  db: DB;
  clock: Clock;
}

export interface Window {
  limit: number;
  seconds: number;
}

/** Seconds until a bucket has room again, or 0 when another event is allowed now. */
export async function retryAfter(deps: ThrottleDeps, bucket: string, window: Window): Promise<number> {
  const since = deps.clock.isoIn(-window.seconds * 1000);
  const rows = await findRecentEvents(deps.db, bucket, since, window.limit);
  if (rows.length < window.limit) return 0;
  const oldestCounted = Date.parse(rows[rows.length - 1]!.created_at);
  return Math.max(1, Math.ceil((oldestCounted + window.seconds * 1000 - deps.clock.nowMs()) / 1000));
}

/** Throws 429 with Retry-After when any of the windows is full. */
export async function assertNotThrottled(
  deps: ThrottleDeps,
  checks: Array<[bucket: string, window: Window]>,
  detail?: string,
): Promise<void> {
  for (const [bucket, window] of checks) {
    const wait = await retryAfter(deps, bucket, window);
    if (wait > 0) throw throttled(wait, detail);
  }
}

/**
 * Counts one event in each bucket first, then checks every window with that event in it, so
 * concurrent requests (in one process or in several) cannot all pass a check made before any of
 * them was counted. Over a limit, the events are taken back and 429 thrown. Returns `release`,
 * which takes them back later (a login that turned out right is not a failure).
 */
export async function reserveEvents(
  deps: ThrottleDeps,
  checks: Array<[bucket: string, window: Window]>,
  detail?: string,
): Promise<() => Promise<void>> {
  const buckets = [...new Set(checks.map(([bucket]) => bucket))];
  const ids = await insertEvents(deps.db, buckets, deps.clock.nowIso());
  const release = () => deleteEvents(deps.db, ids);
  for (const [bucket, window] of checks) {
    // Our own event is in the window now: the limit is passed when more than `limit` events are.
    const wait = await retryAfter(deps, bucket, { limit: window.limit + 1, seconds: window.seconds });
    if (wait > 0) {
      await release();
      throw throttled(wait, detail);
    }
  }
  await sweepNowAndThen(deps);
  return release;
}

async function sweepNowAndThen(deps: ThrottleDeps): Promise<void> {
  if (Math.random() < 0.02) {
    await deleteEventsBefore(deps.db, deps.clock.isoIn(-24 * 3600 * 1000));
  }
}

/** Counts one event in each bucket; old events are swept now and then. */
export async function recordEvent(deps: ThrottleDeps, ...buckets: string[]): Promise<void> {
  await insertEvents(deps.db, buckets, deps.clock.nowIso());
  await sweepNowAndThen(deps);
}
