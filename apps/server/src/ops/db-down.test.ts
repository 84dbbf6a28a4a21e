import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createUser, type TestUser } from '../testing/test-app.ts';
import { createTestDatabase, PG_ADMIN_URL, TEST_DB_KIND, type TestDatabase } from '../testing/test-database.ts';

// The database going away and coming back, without touching the machine's PostgreSQL: the server
// talks to it through a TCP proxy this test controls. "Cut" refuses new connections and resets the
// open ones (the database restarting, a firewall reset); "blackhole" accepts and never answers and
// freezes the open connections (a network partition). In both, `/api/health/` and DB-backed
// endpoints must answer 503 with the error shape — not hang — and the service must resume on its
// own when the proxy forwards again. PostgreSQL only (ARBOR_TEST_DB=postgres): SQLite is a file.

class CuttableProxy {
  private server = net.createServer((socket) => this.accept(socket));
  private pairs = new Set<[net.Socket, net.Socket | null]>();
  private mode: 'up' | 'blackhole' = 'up';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(port = 0): Promise<void> {
    this.server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket) {
    client.on('error', () => {});
    if (this.mode === 'blackhole') {
      this.pairs.add([client, null]); // accepted, never answered
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    this.pairs.add([client, upstream]);
  }

  /** Refuses new connections and resets the open ones. */
  async cut(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const [client, upstream] of this.pairs) {
        client.resetAndDestroy();
        upstream?.destroy();
      }
      this.pairs.clear();
    });
  }

  /** Keeps accepting but answers nothing, and freezes the open connections where they are. */
  blackhole(): void {
    this.mode = 'blackhole';
    for (const [client, upstream] of this.pairs) {
      if (!upstream) continue;
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Forwards new connections again (frozen ones stay frozen, as after a real partition). */
  async restore(): Promise<void> {
    this.mode = 'up';
    if (!this.server.listening) await this.listen(this.port);
  }

  async close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream?.destroy();
    }
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Fails instead of waiting forever: a hang is the bug this file is about. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]);
}

const ANSWER_WITHIN_MS = 30_000;

describe.runIf(TEST_DB_KIND === 'postgres')('database down', () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  let app: FastifyInstance;
  let alice: TestUser;
  let treeId: number;
  let revision: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(PG_ADMIN_URL);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      DATABASE_URL: viaProxy.toString(),
      ARBOR_SEED: '0',
    });
    app = await buildApp(config); // its own pool, through the proxy
    await app.ready();
    alice = await createUser(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: alice.headers,
      payload: { title: 'Survives outages' },
    });
    treeId = created.json().id;
    revision = created.json().revision;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.destroy();
  });

  const health = () => within(ANSWER_WITHIN_MS, app.inject({ method: 'GET', url: '/api/health/' }), 'GET /api/health/');
  const list = () =>
    within(
      ANSWER_WITHIN_MS,
      app.inject({ method: 'GET', url: '/api/community/trees-shared/' }),
      'GET /api/community/trees-shared/',
    );
  const ownTrees = () =>
    within(
      ANSWER_WITHIN_MS,
      app.inject({ method: 'GET', url: '/api/tree/skills_tree/', headers: alice.headers }),
      'GET /api/tree/skills_tree/',
    );
  const save = (title: string) =>
    within(
      ANSWER_WITHIN_MS,
      app.inject({
        method: 'PATCH',
        url: `/api/tree/skills_tree/${treeId}/`,
        headers: { ...alice.headers, 'if-match': `"${revision}"` },
        payload: { data: { nodes: [{ id: 'root', parent_id: null, title }] } },
      }),
      'PATCH tree',
    );

  const saveVersion = (message: string) =>
    within(
      ANSWER_WITHIN_MS,
      app.inject({
        method: 'POST',
        url: '/api/tree/skills_tree_version/',
        headers: alice.headers,
        payload: { tree: treeId, message },
      }),
      'POST version',
    );

  async function expectDown() {
    const h = await health();
    expect(h.statusCode).toBe(503);
    expect(h.json()).toEqual({ status: 'error', db: 'error' });
    for (const res of [await list(), await ownTrees(), await save('while down'), await saveVersion('while down')]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'service_unavailable' });
      expect(res.body).not.toMatch(/select|update|insert|ECONN|at .*\.ts/i);
    }
  }

  async function expectResumed() {
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    while ((await health()).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the service did not come back by itself');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await health()).json()).toEqual({ status: 'ok', db: 'ok' });
    expect((await list()).statusCode).toBe(200);
    expect((await ownTrees()).statusCode).toBe(200);
    const saved = await save(`after ${revision}`);
    expect(saved.statusCode).toBe(200);
    revision = saved.json().revision;
    expect((await saveVersion('after the outage')).statusCode).toBe(201);
  }

  it('answers normally while the database is reachable', async () => {
    expect((await health()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    const saved = await save('before');
    expect(saved.statusCode).toBe(200);
    revision = saved.json().revision;
  });

  it('answers 503 with the error shape when connections are refused and reset, and resumes without a restart', async () => {
    await proxy.cut();
    await expectDown();
    await proxy.restore();
    await expectResumed();
  }, 120_000);

  it('answers 503 instead of hanging when the database stops answering, and resumes without a restart', async () => {
    proxy.blackhole();
    await expectDown();
    await proxy.restore();
    await expectResumed();
  }, 180_000);
});
