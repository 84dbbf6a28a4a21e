// The shares' generation is read from the database, so that no process serves a cached answer
// from before a change; under load one read serves every request that arrived while the last one ran.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { bumpGeneration, GenerationReader, readGeneration } from './generations.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(async () => database.destroy());

/** The database, counting the statements run through it and telling when each starts. */
function countingDb(onStatement: () => void = () => {}) {
  const counted = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counted.statements += 1;
      onStatement();
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: database.handle.db.withPlugin(plugin), counted };
}

describe('GenerationReader', () => {
  it('makes one read for the requests that arrive together', async () => {
    const reader = new GenerationReader('test-together');
    const { db, counted } = countingDb();
    await bumpGeneration(database.handle.db, 'test-together');
    const values = await Promise.all(Array.from({ length: 50 }, () => reader.read(db)));
    expect(new Set(values)).toEqual(new Set([1]));
    expect(counted.statements).toBe(1);
  });

  it('gives a request that arrives while a read runs a later read, which sees a change made meanwhile', async () => {
    const reader = new GenerationReader('test-later');
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const { db, counted } = countingDb(() => started());
    const first = reader.read(db);
    await firstStarted;
    // The first read is under way; a change is committed and only then does the next request arrive.
    await bumpGeneration(database.handle.db, 'test-later');
    const [second, third] = await Promise.all([reader.read(db), reader.read(db)]);
    expect(await first).toBeLessThanOrEqual(1);
    expect(second).toBe(await readGeneration(database.handle.db, 'test-later'));
    expect(second).toBe(1);
    expect(third).toBe(second);
    expect(counted.statements).toBe(2);
  });
});
