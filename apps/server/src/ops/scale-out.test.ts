import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords/passwords.ts';
import { insertAccount, latestCode } from '../modules/accounts/testing.ts';
import { loadSeedTemplates } from '../modules/shares/testing.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../testing/test-database.ts';

/**
 * Scale-out (ARCHITECTURE "Shape"): two real server processes behind an imaginary load balancer,
 * sharing only the PostgreSQL database, the S3 bucket and the secrets given by environment, each
 * with its own DATA_DIR. Whatever one process does, the other must see and enforce. Runs on the
 * PostgreSQL pass only: a SQLite file is a single-process database by design.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const BUCKET = 'arbor-scale-out';
const ADMIN = { username: 'scaleadmin', password: 'scale-out-admin-pass-41' };

interface Instance {
  name: string;
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: string[];
}

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

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `arbor-scale-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { name, url: `http://127.0.0.1:${port}`, dataDir, process: child, output };
}

async function waitHealthy(instance: Instance, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) {
      throw new Error(`server ${instance.name} exited with ${instance.process.exitCode}:\n${instance.output.join('')}`);
    }
    try {
      if ((await fetch(`${instance.url}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server ${instance.name} did not become healthy:\n${instance.output.join('')}`);
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  const child = instance.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
}

async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${instance.url}${url}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (media)
  }
  return { status: res.status, headers: res.headers, body };
}

/** A solved captcha from one instance's dev solver. */
async function solvedCaptcha(instance: Instance): Promise<string> {
  const challenge = (await call(instance, 'GET', '/api/captcha/challenge/')).body;
  const solution = (
    await call(instance, 'POST', '/api/captcha/solve_challenge/', {
      json: { challenge: challenge.challenge, salt: challenge.salt, algorithm: challenge.algorithm },
    })
  ).body;
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const login = (instance: Instance, username: string, password: string) =>
  call(instance, 'POST', '/api/token/', { json: { username, password } });

describe.skipIf(TEST_DB_KIND !== 'postgres')(
  'two server processes on one PostgreSQL database and one S3 bucket',
  () => {
    let database: TestDatabase;
    let s3: S3rver;
    let s3Dir: string;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      database = await createTestDatabase();
      s3Dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-scale-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: BUCKET }],
      });
      const { port: s3Port } = await s3.run();
      const shared = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        SECRET_KEY: randomBytes(48).toString('base64url'),
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        CAPTCHA_DEV_SOLVER: '1',
        MAIL_TRANSPORT: 'file',
        SMS_TRANSPORT: 'file',
        // Both start at once on an empty database: migrations, admin bootstrap and seeding race.
        ARBOR_SEED: '1',
        ARBOR_ADMIN_USERNAME: ADMIN.username,
        ARBOR_ADMIN_PASSWORD: ADMIN.password,
        // Every request comes from 127.0.0.1: keep the per-IP login limit out of the per-account one.
        LOGIN_FAILURES_PER_IP: '1000',
        WEB_DIST_DIR: path.join(s3Dir, 'no-web-build'),
      };
      [a, b] = await Promise.all([startInstance('a', shared), startInstance('b', shared)]);
      await Promise.all([waitHealthy(a), waitHealthy(b)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([stopInstance(a), stopInstance(b)]);
      await s3?.close();
      if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
      await database?.destroy();
    }, 30_000);

    it('starts both processes at once on an empty database: one admin, one set of sample templates', async () => {
      const db = database.handle.db;
      const admins = await db.selectFrom('users').select('id').where('username_lower', '=', ADMIN.username).execute();
      expect(admins).toHaveLength(1);
      const shares = await db.selectFrom('shares').select('title').execute();
      expect(shares).toHaveLength((await loadSeedTemplates()).length);
    });

    it('accepts an access token from A on B, rotates the refresh token on B and refuses the old one on A', async () => {
      const session = await login(a, ADMIN.username, ADMIN.password);
      expect(session.status).toBe(200);
      const me = await call(b, 'GET', '/api/profile/users/me/', { token: session.body.access });
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(ADMIN.username);

      const rotated = await call(b, 'POST', '/api/token/refresh/', { json: { refresh: session.body.refresh } });
      expect(rotated.status).toBe(200);
      expect((await call(a, 'GET', '/api/profile/users/me/', { token: rotated.body.access })).status).toBe(200);

      const replay = await call(a, 'POST', '/api/token/refresh/', { json: { refresh: session.body.refresh } });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('token_not_valid');
      // The replay revoked the whole family, on every process.
      expect((await call(b, 'POST', '/api/token/refresh/', { json: { refresh: rotated.body.refresh } })).status).toBe(
        401,
      );
      expect((await call(a, 'POST', '/api/token/verify/', { json: { token: rotated.body.refresh } })).status).toBe(401);
    });

    it('counts failed logins of one account across both processes and locks it at the limit', async () => {
      const password = 'right-password-for-lockout';
      await database.handle.db.transaction().execute(async (trx) =>
        insertAccount(
          trx,
          {
            username: 'lockout_user',
            email: null,
            phone: null,
            passwordHash: await hashPassword(password),
          },
          new Date().toISOString(),
        ),
      );
      expect((await login(b, 'lockout_user', password)).status).toBe(200);

      // 10 failures per account per 15 minutes (API.md "Accounts"): 5 on A, 5 on B.
      for (const instance of [a, b, a, b, a, b, a, b, a, b]) {
        expect((await login(instance, 'lockout_user', 'wrong-password')).status).toBe(401);
      }
      for (const instance of [a, b]) {
        const locked = await login(instance, 'lockout_user', password);
        expect(locked.status).toBe(429);
        expect(locked.body.code).toBe('throttled');
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('holds the login limit against a burst of parallel guesses spread over both processes', async () => {
      const password = 'right-password-for-burst';
      await database.handle.db.transaction().execute(async (trx) =>
        insertAccount(
          trx,
          {
            username: 'burst_user',
            email: null,
            phone: null,
            passwordHash: await hashPassword(password),
          },
          new Date().toISOString(),
        ),
      );
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(i % 2 ? a : b, 'burst_user', 'wrong-password')),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      const checked = statuses.filter((s) => s === 401).length;
      expect(checked).toBeLessThanOrEqual(10);

      // One by one, the guesses fill the window exactly to the limit of 10 and no further.
      let more = 0;
      for (; more <= 10; more += 1) {
        const res = await login(more % 2 ? a : b, 'burst_user', 'wrong-password');
        if (res.status === 429) break;
        expect(res.status).toBe(401);
      }
      expect(checked + more).toBe(10);
      expect((await login(a, 'burst_user', password)).status).toBe(429);
    });

    it('shares one-time codes, their send throttle and used captchas between the processes', async () => {
      const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
      const altcha = await solvedCaptcha(a);
      const sent = await call(a, 'POST', '/api/ses/send/signup/', { json: { email, altcha } });
      expect(sent.status).toBe(200);

      // The solved captcha was used on A: B refuses it as a replay.
      const replay = await call(b, 'POST', '/api/ses/send/signup/', { json: { email: `other-${email}`, altcha } });
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('captcha_invalid');

      // One send per address per 60 s, wherever the second request lands.
      const again = await call(b, 'POST', '/api/ses/send/signup/', { json: { email, altcha: await solvedCaptcha(b) } });
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('throttled');

      // The code A sent (to A's outbox) is known to B.
      const code = await latestCode(a.dataDir, email, 'signup');
      expect(
        (await call(b, 'POST', '/api/ses/check_code/', { json: { email, code, purpose: 'signup' } })).body,
      ).toEqual({ valid: true });
      const signup = await call(b, 'POST', '/api/auth/ses/signup/', {
        json: { email, code, password: 'a-fine-new-password-7', altcha: await solvedCaptcha(b) },
      });
      expect(signup.body).toMatchObject({ user: { email } });
      expect(signup.status).toBe(201);
      // Single use: A cannot spend it again.
      const spent = await call(a, 'POST', '/api/auth/ses/signup/', {
        json: { email, code, password: 'a-fine-new-password-7', altcha: await solvedCaptcha(a) },
      });
      expect(spent.status).toBe(400);
      expect(spent.body.code).not.toMatch(/^captcha_/);
    });

    it('serves an image uploaded through A from B, from the shared bucket', async () => {
      const { access } = (await login(a, ADMIN.username, ADMIN.password)).body;
      const tree = await call(a, 'POST', '/api/tree/skills_tree/', { token: access, json: { title: 'Pictures' } });
      expect(tree.status).toBe(201);

      const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('tree', String(tree.body.id));
      form.append('node_id', 'root');
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
      const uploaded = await fetch(`${a.url}/api/tree/node_image/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const image = (await uploaded.json()) as { url: string; bytes: number };
      const mediaPath = new URL(image.url).pathname;
      expect(mediaPath).toMatch(/^\/media\/node-images\/[0-9a-f]+\.webp$/);

      const served = await fetch(`${b.url}${mediaPath}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await served.arrayBuffer()).byteLength).toBe(image.bytes);
      // Nothing went to either process's own disk.
      for (const instance of [a, b]) expect(readdirSync(instance.dataDir)).not.toContain('uploads');

      const listed = await call(b, 'GET', `/api/tree/node_image/?tree=${tree.body.id}`, { token: access });
      expect(listed.body.results.map((r: { url: string }) => new URL(r.url).pathname)).toEqual([mediaPath]);
    });

    it('counts a template shared on A in the community list of B at once', async () => {
      const { access } = (await login(a, ADMIN.username, ADMIN.password)).body;
      const list = (instance: Instance) =>
        call(instance, 'GET', '/api/community/trees-shared/?page_size=100', { token: access });
      // B has just counted the list (and may remember that count for a while).
      const before = (await list(b)).body;
      expect(before.count).toBe(before.results.length);

      const tree = await call(a, 'POST', '/api/tree/skills_tree/', {
        token: access,
        json: { title: 'Shared from A', tags: ['scale'] },
      });
      const shared = await call(a, 'POST', '/api/community/trees-shared/share_tree/', {
        token: access,
        json: { tree: tree.body.id },
      });
      expect(shared.status).toBe(201);

      const after = (await list(b)).body;
      expect(after.results.map((s: { id: number }) => s.id)).toContain(shared.body.id);
      expect(after.count).toBe(before.count + 1);
      expect(after.count).toBe(after.results.length);

      expect(
        (await call(b, 'DELETE', `/api/community/trees-shared/${shared.body.id}/`, { token: access })).status,
      ).toBe(204);
      expect((await list(a)).body.count).toBe(before.count);
    });

    it('shows B a tree saved on A at its revision, and refuses a stale If-Match on B with 412', async () => {
      const { access } = (await login(a, ADMIN.username, ADMIN.password)).body;
      const created = await call(a, 'POST', '/api/tree/skills_tree/', {
        token: access,
        json: { title: 'Shared work' },
      });
      const id = created.body.id as number;
      const data = {
        format: 1,
        nodes: [
          { id: 'root', parent_id: null, title: 'Root' },
          { id: 'child', parent_id: 'root', title: 'Saved on A' },
        ],
      };
      const saved = await call(a, 'PUT', `/api/tree/skills_tree/${id}/`, {
        token: access,
        json: { data },
        headers: { 'if-match': `"${created.body.revision}"` },
      });
      expect(saved.status).toBe(200);
      const revision = saved.body.revision as number;
      expect(revision).toBeGreaterThan(created.body.revision);

      const seen = await call(b, 'GET', `/api/tree/skills_tree/${id}/`, { token: access });
      expect(seen.status).toBe(200);
      expect(seen.body.revision).toBe(revision);
      expect(seen.headers.get('etag')).toBe(`"${revision}"`);
      expect(seen.body.data.nodes.map((n: { title: string }) => n.title)).toEqual(['Root', 'Saved on A']);

      const stale = await call(b, 'PATCH', `/api/tree/skills_tree/${id}/`, {
        token: access,
        json: { data: { ...data, nodes: [data.nodes[0]] }, title: 'Lost' },
        headers: { 'if-match': `"${created.body.revision}"` },
      });
      expect(stale.status).toBe(412);
      expect(stale.body).toMatchObject({ code: 'precondition_failed', revision });
      const after = await call(a, 'GET', `/api/tree/skills_tree/${id}/`, { token: access });
      expect(after.body).toMatchObject({ title: 'Shared work', revision });
      expect(after.body.data.nodes).toHaveLength(2);
    });
  },
);
