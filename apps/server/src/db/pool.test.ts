// PostgreSQL's connection pool under load (API.md "Running"): sized by DATABASE_POOL_SIZE, requests
// beyond it wait in line for up to DATABASE_POOL_WAIT_MS instead of failing, and a wait that runs out
// answers 503 with Retry-After. PostgreSQL only: SQLite has one connection and no pool.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createUser } from '../testing/test-app.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../testing/test-database.ts';
import { insertBareTemplate } from '../modules/shares/testing.ts';
import { openDatabase, type DatabaseHandle } from './connection.ts';

describe.skipIf(TEST_DB_KIND !== 'postgres')('the PostgreSQL pool', () => {
  let database: TestDatabase;
  const opened: Array<{ app: FastifyInstance; handle: DatabaseHandle }> = [];

  /** An app on the test database with a pool of its own, as DATABASE_POOL_SIZE / _WAIT_MS say. */
  async function appWithPool(size: number, waitMs: number) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      ARBOR_SEED: '0',
      DATABASE_POOL_SIZE: String(size),
      DATABASE_POOL_WAIT_MS: String(waitMs),
    });
    const handle = openDatabase(config.databaseUrl, config.databasePool);
    const app = await buildApp(config, { database: handle });
    await app.ready();
    opened.push({ app, handle });
    return { app, handle };
  }

  /** Holds one pool connection in an open transaction until `release` is called. */
  function holdConnection(handle: DatabaseHandle) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const done = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await released;
    });
    return { held, release, done };
  }

  /** Resolves once a request waits in line for a connection (checked on every turn of the event loop). */
  async function someoneWaits(handle: DatabaseHandle) {
    for (let turn = 0; turn < 100_000 && handle.waitingForConnection!() === 0; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(handle.waitingForConnection!()).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const { app, handle } of opened) {
      await app.close();
      await handle.close();
    }
    await database?.destroy();
  });

  it('is as large as DATABASE_POOL_SIZE, and a request beyond it waits its turn instead of failing', async () => {
    const { app, handle } = await appWithPool(1, 30_000);
    const hold = holdConnection(handle);
    await hold.held;
    let answered = false;
    const request = app.inject({ method: 'GET', url: '/api/community/trees-shared/' }).then((res) => {
      answered = true;
      return res;
    });
    await someoneWaits(handle);
    expect(answered).toBe(false);
    hold.release();
    await hold.done;
    expect((await request).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After (not a crash, not a hang) when no connection comes free in time', async () => {
    const { app, handle } = await appWithPool(1, 200);
    const hold = holdConnection(handle);
    await hold.held;
    const res = await app.inject({ method: 'GET', url: '/api/community/trees-shared/' });
    hold.release();
    await hold.done;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'service_unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/community/trees-shared/' })).statusCode).toBe(200);
  });

  it('queues a burst of like toggles on one template behind two connections, and unrelated reads with them', async () => {
    const { app } = await appWithPool(2, 30_000);
    const author = await createUser(app);
    const fan = await createUser(app);
    const shareId = await insertBareTemplate(app, {
      authorId: author.id,
      title: 'Liked a lot',
      createdAt: new Date().toISOString(),
    });
    const toggles = Array.from({ length: 200 }, () =>
      app.inject({
        method: 'POST',
        url: `/api/community/trees-shared/${shareId}/like/`,
        headers: fan.headers,
        payload: {},
      }),
    );
    const reads = Array.from({ length: 20 }, () =>
      app.inject({ method: 'GET', url: '/api/tree/skills_tree/', headers: author.headers }),
    );
    const answers = await Promise.all([...toggles, ...reads]);
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.statusCode)).toEqual([]);
    // 200 toggles: liked an even number of times, so not liked in the end
    const share = await app.inject({
      method: 'GET',
      url: `/api/community/trees-shared/${shareId}/`,
      headers: fan.headers,
    });
    expect(share.json()).toMatchObject({ liked: false, likes_count: 0 });
  });
});
