import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { signToken } from '../lib/jwt.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database (SQLite, or PostgreSQL when ARBOR_TEST_DB=postgres), driven
 * with `app.inject`. `env` overrides any variable of API.md "Running"; `options.clock` is the time
 * its services read (`testClock(start)` of testing/test-clock.ts: fixed, moved by the test).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'extraRoutes' | 'onRoute' | 'clock' | 'jobs'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    ARBOR_SEED: '0',
    CAPTCHA_DEV_SOLVER: '1',
    MAIL_TRANSPORT: 'file',
    SMS_TRANSPORT: 'file',
    ...env,
  });
  const app = await buildApp(config, { database: database.handle, ...options });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

let userSeq = 0;

export interface TestUser {
  id: number;
  username: string;
  role: 'user' | 'admin';
  /** `{authorization: 'Bearer …'}` for `app.inject` */
  headers: { authorization: string };
  token: string;
}

/** Inserts a user directly and returns a valid access token for it. */
export async function createUser(
  app: FastifyInstance,
  fields: {
    username?: string;
    role?: 'user' | 'admin';
    email?: string | null;
    phone?: string | null;
    passwordHash?: string | null;
    /** the profile's UI language (notifications are written in it); no profile row when absent */
    locale?: string;
  } = {},
): Promise<TestUser> {
  userSeq += 1;
  const username = fields.username ?? `user${userSeq}_${Math.random().toString(36).slice(2, 8)}`;
  const role = fields.role ?? 'user';
  const now = app.deps.clock.nowIso();
  const row = await app.db
    .insertInto('users')
    .values({
      username,
      username_lower: username.toLowerCase(),
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      password_hash: fields.passwordHash ?? null,
      role,
      is_active: 1,
      date_joined: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fields.locale) {
    await app.db
      .insertInto('profiles')
      .values({ user_id: row.id, locale: fields.locale, avatar_key: null, created_at: now, updated_at: now })
      .execute();
  }
  const { token } = await signToken(app.config.jwtSecret, 'access', row.id, app.config.accessTokenTtlS);
  return { id: row.id, username, role, token, headers: { authorization: `Bearer ${token}` } };
}
