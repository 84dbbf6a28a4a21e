import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.ts';

type Moment = string | number | Date;

/** A clock that stands still at `start` until the test sets or advances it: no sleeping in tests. */
export interface TestClock extends Clock {
  set(at: Moment): void;
  advance(ms: number): void;
}

/** Builds a `Clock` on whatever reads the current time in milliseconds. */
export function clockOn(nowMs: () => number): Clock {
  return {
    now: () => new Date(nowMs()),
    nowMs,
    nowIso: () => new Date(nowMs()).toISOString(),
    isoIn: (ms) => new Date(nowMs() + ms).toISOString(),
  };
}

/** A fixed clock at `start` (an ISO string, epoch milliseconds or a Date), moved only by the test. */
export function testClock(start: Moment): TestClock {
  let current = new Date(start).getTime();
  return {
    ...clockOn(() => current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** `base` shifted `offsetMs` ahead: it keeps running (or standing) as `base` does. */
export const offsetClock = (base: Clock, offsetMs: number): Clock => clockOn(() => base.nowMs() + offsetMs);

/**
 * Puts a fixed clock at `start` on an app already built (`createTestApp(env, { clock })` does it from
 * the start); `restore` gives the app its clock back.
 */
export function installClock(app: FastifyInstance, start: Moment) {
  const clock = testClock(start);
  const original = app.deps.clock;
  app.deps.clock = clock;
  return { set: clock.set, advance: clock.advance, restore: () => void (app.deps.clock = original) };
}
