import type { Executor } from './connection.ts';

/** The most reads one statement carries; more in one turn make another statement. */
const MAX_BATCH = 100;

interface Pending<Key, Row> {
  keys: Key[];
  settle: Array<{ resolve: (row: Row) => void; reject: (error: unknown) => void }>;
}

/**
 * Reads of one shape asked for in the same turn of the event loop, run as one statement: on PostgreSQL each
 * statement is a round trip, a pool turn and a bind-and-execute, which cost far more than one more row in it
 * (issue 29: a signed-in tree GET's read took ~180 µs of this process's CPU and ~125 µs of the database's on
 * its own, ~35 and ~18 µs in a statement of ten). Under load, requests that reach the read while the loop
 * handles the same batch of sockets share a statement; a lone request waits one `setImmediate`.
 *
 * `run(db, keys)` answers one row per key, in the keys' order. A transaction's reads are not batched (they see
 * its own writes and hold its connection): each runs at once as a statement of one. If the statement fails,
 * every read in it fails with its error.
 */
export function batchedRead<Key, Row>(
  run: (db: Executor, keys: Key[]) => Promise<Row[]>,
): (db: Executor, key: Key) => Promise<Row> {
  const pendingBy = new WeakMap<Executor, Pending<Key, Row>>();

  const flush = (db: Executor, pending: Pending<Key, Row>) => {
    if (pendingBy.get(db) === pending) pendingBy.delete(db);
    run(db, pending.keys).then(
      (rows) => pending.settle.forEach(({ resolve }, i) => resolve(rows[i]!)),
      (error: unknown) => pending.settle.forEach(({ reject }) => reject(error)),
    );
  };

  return (db, key) => {
    if (db.isTransaction) return run(db, [key]).then((rows) => rows[0]!);
    return new Promise<Row>((resolve, reject) => {
      let pending = pendingBy.get(db);
      if (!pending) {
        const created: Pending<Key, Row> = { keys: [], settle: [] };
        pendingBy.set(db, created);
        setImmediate(() => flush(db, created));
        pending = created;
      }
      pending.keys.push(key);
      pending.settle.push({ resolve, reject });
      // A full statement goes now; the next read starts another.
      if (pending.keys.length >= MAX_BATCH) pendingBy.delete(db);
    });
  };
}
