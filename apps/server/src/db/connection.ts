import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { isConnectionError, PoolBusyError } from './errors.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;
/** The database or an open transaction: what every repository function takes. */
export type Executor = DB | Transaction<Database>;
/** An open transaction. */
export type Trx = Transaction<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL: how many requests wait in line for a pool connection now */
  waitingForConnection?(): number;
}

// PostgreSQL returns BIGINT (count(*), sums) as strings; every number we count fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

function sqlitePath(url: string): string {
  const rest = url.replace(/^sqlite:\/\//, '');
  return rest === ':memory:' ? rest : path.resolve(rest);
}

/** How many distinct prepared statements a SQLite connection keeps (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query it runs; preparing cost as much as running the
 * community list's queries (issue 18's profile). Statements are kept by their SQL text and reused:
 * Kysely runs them synchronously to the end (`all`/`run`; nothing here streams), and SQLite
 * recompiles a kept statement by itself after a schema change. The oldest is dropped past the limit.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let stmt = kept.get(source);
    if (!stmt) {
      stmt = sqlite.prepare(source);
      if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      kept.set(source, stmt);
    }
    return stmt;
  };
  return {
    prepare,
    close: () => {
      kept.clear();
      sqlite.close();
    },
  };
}

/** PostgreSQL's pool when the configuration says nothing (API.md "Running": DATABASE_POOL_*). */
const DEFAULT_POOL = { size: 10, waitMs: 30_000 };

/**
 * Opens the database named by a `sqlite://` or `postgres://` URL. On PostgreSQL, requests beyond
 * `pool.size` connections queue for one for up to `pool.waitMs` (a burst waits its turn instead of
 * failing), then fail with `PoolBusyError` (503 with Retry-After).
 */
export function openDatabase(
  url: string,
  poolOptions: { size: number; waitMs: number } = DEFAULT_POOL,
): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = sqlitePath(url);
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolOptions.size,
    // Opening a connection (and each turn in the queue, see connectInTurn) gives up after this.
    connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, poolOptions.waitMs),
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // The server cancels a statement after STATEMENT_TIMEOUT_MS itself; no answer well after that
    // means it is not answering at all (a partition, a frozen connection): fail instead of hanging.
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client losing its server (a restart) must not crash the process.
  pool.on('error', () => {});
  // Nor a checked-out one: pg-pool listens only to idle clients, and a client with no 'error'
  // listener turns a reset connection into an uncaught exception. The query in flight gets the
  // error anyway (and answers 503); the broken client is dropped when released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingBrokenClients(pool, poolOptions.waitMs) }),
  });
  return { db, dialect: 'postgres', close: () => db.destroy(), waitingForConnection: () => pool.waitingCount };
}

const STATEMENT_TIMEOUT_MS = 15_000;
/** An unreachable server must not hold a request for long: opening a connection gives up after this. */
const CONNECT_TIMEOUT_MS = 3_000;

const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;

/**
 * A pool connection, waiting in line while every connection is in use for up to `waitMs` in all:
 * a burst of requests queues instead of failing. A connection that cannot be opened fails after
 * CONNECT_TIMEOUT_MS as before (the database unreachable); a wait that runs out is `PoolBusyError`.
 */
async function connectInTurn(pool: pg.Pool, waitMs: number): Promise<pg.PoolClient> {
  const started = Date.now();
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      const full = pool.totalCount >= (pool.options.max ?? 10);
      if (!full || !/timeout exceeded when trying to connect/i.test(String(error))) throw error;
      if (Date.now() - started >= waitMs) throw new PoolBusyError();
    }
  }
}

/**
 * The pool as Kysely sees it, except that a client whose query failed for a connection reason
 * (reset, timed out with no answer) refuses further queries at once and is released with that
 * error, so pg-pool discards it instead of handing the dead connection to the next request.
 */
function discardingBrokenClients(pool: pg.Pool, waitMs: number): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await connectInTurn(pool, waitMs);
      let broken: Error | undefined;
      const query = (...args: unknown[]) => {
        // Nothing more on a connection known dead (e.g. the rollback after a timed-out statement,
        // which would otherwise wait out a second timeout behind the first).
        if (broken) return Promise.reject(broken);
        const result = (client.query as (...a: unknown[]) => unknown)(...namedStatement(client, args));
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            if (isConnectionError(error)) broken = error as Error;
            throw error;
          });
        }
        return result;
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release(broken) };
    },
    end: () => pool.end(),
  };
}

/** How many distinct statements one PostgreSQL connection keeps prepared (the app has a few hundred). */
const PREPARED_PER_CONNECTION = 1000;
const preparedBy = new WeakMap<object, Set<string>>();
/** Statement names by SQL text, so that a statement's text is hashed once, not on every run. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= PREPARED_PER_CONNECTION) statementNames.delete(statementNames.keys().next().value!);
    statementNames.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL parses an unnamed statement again on every execution. Kysely's statements are given a
 * name made from their SQL text, so that each connection parses one once and then only binds and
 * runs it (pg sends `Parse` once per connection and name), as `withStatementCache` does for SQLite.
 * A connection names at most `PREPARED_PER_CONNECTION` statements (bulk inserts and `in` lists of
 * every length would otherwise grow the server's memory without end); later ones run unnamed.
 */
function namedStatement(client: object, args: unknown[]): unknown[] {
  const [text, values] = args;
  if (typeof text !== 'string' || args.length > 2) return args;
  let prepared = preparedBy.get(client);
  if (!prepared) preparedBy.set(client, (prepared = new Set()));
  const name = statementName(text);
  if (!prepared.has(name)) {
    if (prepared.size >= PREPARED_PER_CONNECTION) return args;
    prepared.add(name);
  }
  return [{ name, text, values }];
}
