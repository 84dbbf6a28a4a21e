// The set-up most learning tests share: one app for the file, its clock standing at `now` until a test
// moves it, a caller, and the app closed after the file's tests.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { callerOf, type Caller } from './call.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { installClock } from './test-clock.ts';

export interface ClockedApp {
  /** the app (after the file's `beforeAll`) */
  readonly t: TestApp;
  readonly clock: ReturnType<typeof installClock>;
  /** calls the app as a user (usable once the app is built) */
  readonly call: Caller;
}

/** Builds the app in `beforeAll` with its clock at `now`; `resetEach` puts the clock back at `now` after each test. */
export function clockedTestApp(now: string, options: { resetEach?: boolean } = {}): ClockedApp {
  let app: TestApp | undefined;
  let clock: ReturnType<typeof installClock> | undefined;
  let caller: Caller | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    caller = callerOf(app.app);
    clock = installClock(app.app, now);
  });
  if (options.resetEach) afterEach(() => clock?.set(new Date(now)));
  afterAll(async () => {
    clock?.restore();
    await app?.close();
  });
  const built = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('clockedTestApp: the app is built in beforeAll');
    return value;
  };
  return {
    get t() {
      return built(app);
    },
    get clock() {
      return built(clock);
    },
    call: (...args) => built(caller)(...args),
  };
}
