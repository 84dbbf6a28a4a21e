// The real server built in the benchmark's own process (no HTTP between them) on a throwaway database,
// for the benchmarks that time the API's own work rather than the network.
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/connection.ts';
import { createUser } from '../../apps/server/src/testing/test-app.ts';
import { throwawayDatabase, type ThrowawayDatabase } from './arbor-db.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface InProcessApp {
  app: App;
  handle: DatabaseHandle;
  database: ThrowawayDatabase;
  /** the signed-up user every `call` acts as */
  user: Awaited<ReturnType<typeof createUser>>;
  /** Calls the API as `user`; an answer of 300 or more throws with its status and the start of its body. */
  call(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** closes the app and the database, and drops the database */
  close(): Promise<void>;
}

/** Builds the app on a fresh database of `kind` (named after `prefix` on PostgreSQL) with one user. */
export async function openInProcessApp(kind: 'sqlite' | 'postgres', prefix: string): Promise<InProcessApp> {
  const database = await throwawayDatabase(kind, prefix);
  const handle = openDatabase(database.url);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dir,
    DATABASE_URL: database.url,
    ARBOR_SEED: '0',
  });
  const app = await buildApp(config, { database: handle });
  await app.ready();
  const user = await createUser(app);
  return {
    app,
    handle,
    database,
    user,
    async call(method, url, payload, headers = {}) {
      const res = await app.inject({
        method,
        url,
        headers: { ...user.headers, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    },
    async close() {
      await app.close();
      await handle.close();
      await database.cleanup();
    },
  };
}
