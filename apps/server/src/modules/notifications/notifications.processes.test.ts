import { call } from '../../testing/call.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { TEST_DB_KIND } from '../../testing/test-database.ts';
import { LISTEN_APPLICATION_NAME } from './notifications.relay.ts';
import { openStream } from './sse-client.testing.ts';

/**
 * Two server processes on one PostgreSQL database (like ops/scale-out.test.ts): this test's own
 * app, listening on a port, and a real `main.ts` child sharing its database and secrets. A
 * notification written by one reaches a stream held open on the other through LISTEN/NOTIFY.
 * PostgreSQL only: on SQLite the server is one process and notifications stay in it.
 */

const root = path.resolve(import.meta.dirname, '../../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('notifications across two server processes', () => {
  let t: TestApp;
  let here: string;
  let there: string;
  let child: ChildProcess;
  let childDir: string;
  const output: string[] = [];
  let ann: TestUser;
  let bob: TestUser;

  const inject = async (user: TestUser, method: 'POST', url: string, payload: object) => {
    const res = await call(t.app, user, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ id: number }>();
  };
  /** The same call made on the child process, over HTTP. */
  const remote = async (user: TestUser, url: string, payload: object) => {
    const res = await fetch(`${there}${url}`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = (await res.json()) as { id: number };
    expect(res.status, JSON.stringify(body)).toBeLessThan(300);
    return body;
  };
  const template = async (by: TestUser, title: string) => {
    const tree = await inject(by, 'POST', '/api/tree/skills_tree/', { title });
    return (await inject(by, 'POST', '/api/community/trees-shared/share_tree/', { tree: tree.id })).id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    here = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const port = await freePort();
    there = `http://127.0.0.1:${port}`;
    childDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-notify-b-'));
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: childDir,
        DATABASE_URL: t.config.databaseUrl,
        JWT_SECRET: t.config.jwtSecret,
        SECRET_KEY: t.config.secretKey,
        ARBOR_SEED: '0',
        CAPTCHA_DEV_SOLVER: '1',
        MAIL_TRANSPORT: 'file',
        SMS_TRANSPORT: 'file',
        WEB_DIST_DIR: path.join(childDir, 'no-web-build'),
      },
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the second server exited:\n${output.join('')}`);
      try {
        if ((await fetch(`${there}/api/health/`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the second server did not start:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    ann = await createUser(t.app);
    bob = await createUser(t.app);
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (childDir) rmSync(childDir, { recursive: true, force: true });
    await t?.close();
  }, 30_000);

  it('brings a review written in this process to a stream open on the other', async () => {
    const stream = await openStream(there, ann.token);
    expect(stream.status).toBe(200);
    const shareId = await template(ann, 'Across');
    await inject(bob, 'POST', `/api/community/trees-shared/${shareId}/reviews/`, { rating: 5, body: 'Very good.' });
    const event = await stream.next();
    expect(event.data).toMatchObject({ kind: 'review', actor: { id: bob.id }, target: { id: shareId } });
    expect(event.id).toBe(String(event.data.id));
    stream.close();
  });

  it('brings a comment written in the other process to a stream open in this one', async () => {
    const stream = await openStream(here, ann.token);
    const shareId = await template(ann, 'Back');
    await remote(bob, `/api/community/trees-shared/${shareId}/comments/`, { body: 'From the other side.' });
    const event = await stream.next();
    expect(event.data).toMatchObject({ kind: 'comment', actor: { id: bob.id }, target: { id: shareId } });
    stream.close();
  });

  it('catches a stream up on what was written while its LISTEN connection was down', async () => {
    const stream = await openStream(here, ann.token);
    const shareId = await template(ann, 'Outage');
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    try {
      // Every process's LISTEN connection goes; the comment is written before they are back.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTEN_APPLICATION_NAME],
      );
      await inject(bob, 'POST', `/api/community/trees-shared/${shareId}/comments/`, { body: 'During the outage.' });
    } finally {
      await admin.end();
    }
    const event = await stream.next(20_000);
    expect(event.data).toMatchObject({ kind: 'comment', target: { id: shareId } });
    stream.close();
  });
});
