import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { batchedRead } from './batched-read.ts';
import type { Executor } from './connection.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A read that doubles its keys, recording each statement it was asked to run. */
function doubling() {
  const statements: number[][] = [];
  const read = batchedRead(async (_db: Executor, keys: number[]) => {
    statements.push(keys);
    return keys.map((key) => key * 2);
  });
  return { read, statements };
}

describe('batchedRead', () => {
  it('runs the reads of one turn as one statement and answers each its own row', async () => {
    const { read, statements } = doubling();
    const answers = await Promise.all([1, 2, 3, 4].map((key) => read(t.app.db, key)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(statements).toEqual([[1, 2, 3, 4]]);
    // A later turn makes a statement of its own.
    expect(await read(t.app.db, 5)).toBe(10);
    expect(statements).toEqual([[1, 2, 3, 4], [5]]);
  });

  it('caps a statement at 100 reads', async () => {
    const { read, statements } = doubling();
    const keys = Array.from({ length: 250 }, (_, i) => i);
    expect(await Promise.all(keys.map((key) => read(t.app.db, key)))).toEqual(keys.map((key) => key * 2));
    expect(statements.map((s) => s.length)).toEqual([100, 100, 50]);
  });

  it('runs a transaction’s reads at once, on their own', async () => {
    const { read, statements } = doubling();
    await t.app.db.transaction().execute(async (trx) => {
      expect(await Promise.all([read(trx, 1), read(trx, 2)])).toEqual([2, 4]);
    });
    expect(statements).toEqual([[1], [2]]);
  });

  it('fails every read of a statement that fails, and the next turn runs anew', async () => {
    let fail = true;
    const read = batchedRead(async (_db: Executor, keys: number[]) => {
      if (fail) throw new Error('connection reset');
      return keys;
    });
    const results = await Promise.allSettled([read(t.app.db, 1), read(t.app.db, 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(t.app.db, 3)).toBe(3);
  });
});
