import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http-errors.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testClock } from '../../testing/test-clock.ts';
import { reserveEvents, type ThrottleDeps } from './throttle.ts';

let database: TestDatabase;
let deps: ThrottleDeps;
const clock = testClock('2026-11-30T10:00:00.000Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
  deps = { db: database.handle.db, clock };
});
afterAll(async () => database?.destroy());

const window = { limit: 5, seconds: 60 };
const reserve = (bucket: string) => reserveEvents(deps, [[bucket, window]]);
const eventsIn = async (bucket: string) =>
  (await database.handle.db.selectFrom('throttle_events').select('id').where('bucket', '=', bucket).execute()).length;

describe('reserving throttle events', () => {
  it('lets at most the limit through when many requests arrive at once', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 25 }, () => reserve('burst')));
    const passed = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(passed).toBeLessThanOrEqual(window.limit);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as AppError).statusCode).toBe(429);
    // Refused requests took their events back: only the ones let through are counted.
    expect(await eventsIn('burst')).toBe(passed);
  });

  it('refuses the request after the limit with Retry-After, and counts nothing for it', async () => {
    for (let i = 0; i < window.limit; i += 1) await reserve('steady');
    const refused = await reserve('steady').then(
      () => null,
      (error: unknown) => error as AppError,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused!.code).toBe('throttled');
    expect(Number(refused!.headers!['retry-after'])).toBeGreaterThan(0);
    expect(await eventsIn('steady')).toBe(window.limit);
  });

  it('takes an event back on release, making room again', async () => {
    const releases = [];
    for (let i = 0; i < window.limit; i += 1) releases.push(await reserve('released'));
    await expect(reserve('released')).rejects.toThrow();
    await releases[0]!();
    expect(await eventsIn('released')).toBe(window.limit - 1);
    await expect(reserve('released')).resolves.toBeTypeOf('function');
  });

  it('checks every window of a bucket with one event', async () => {
    const checks: Array<[string, typeof window]> = [
      ['two-windows', { limit: 1, seconds: 60 }],
      ['two-windows', { limit: 10, seconds: 3600 }],
    ];
    await reserveEvents(deps, checks);
    expect(await eventsIn('two-windows')).toBe(1);
    await expect(reserveEvents(deps, checks)).rejects.toThrow(/throttled/);
    expect(await eventsIn('two-windows')).toBe(1);
  });
});

describe('the throttle on the app clock', () => {
  it('counts Retry-After down as the clock moves and lets the next event through once the window passed', async () => {
    const refusal = () =>
      reserve('clocked').then(
        () => null,
        (error: unknown) => Number((error as AppError).headers!['retry-after']),
      );
    for (let i = 0; i < window.limit; i += 1) await reserve('clocked');
    expect(await refusal()).toBe(window.seconds);
    clock.advance(45_000);
    expect(await refusal()).toBe(window.seconds - 45);
    clock.advance(15_000);
    await expect(reserve('clocked')).resolves.toBeTypeOf('function');
  });
});
