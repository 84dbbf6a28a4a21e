// Throwaway databases and users for the tests that run the real server as its own process.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { nowIso } from '../../apps/server/src/lib/clock.ts';
import { signToken } from '../../apps/server/src/lib/jwt.ts';

export const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  kind: 'sqlite' | 'postgres';
  /** DATABASE_URL for the server */
  url: string;
  /** DATA_DIR for the server (a fresh temp folder) */
  dir: string;
  /** the SQLite file (sqlite only) */
  file?: string;
  /** drops the PostgreSQL database and removes the data folder */
  cleanup(): Promise<void>;
}

/** A fresh, migrated database: a SQLite file in a temp folder, or a new PostgreSQL database. */
export async function throwawayDatabase(kind: 'sqlite' | 'postgres', prefix = 'arbor_ops'): Promise<ThrowawayDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const file = path.join(dir, 'arbor.db');
  let url = `sqlite://${file}`;
  let dropDb: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_ADMIN);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await handle.close();
  return {
    kind,
    url,
    dir,
    file: kind === 'sqlite' ? file : undefined,
    async cleanup() {
      await dropDb?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SeededUser {
  id: number;
  username: string;
  token: string;
}

/**
 * Inserts `count` active users straight into the database (as the server's own test helper does)
 * and signs each a long-lived access token with `jwtSecret`, which the server must be started with.
 * No sign-up flow, so the per-IP sign-up and login limits are not involved.
 */
export async function seedUsers(url: string, count: number, prefix: string, jwtSecret: string): Promise<SeededUser[]> {
  const handle = openDatabase(url);
  const users: SeededUser[] = [];
  try {
    const now = nowIso();
    for (let i = 0; i < count; i++) {
      const username = `${prefix}${i}`;
      const row = await handle.db
        .insertInto('users')
        .values({
          username,
          username_lower: username.toLowerCase(),
          email: null,
          phone: null,
          password_hash: null,
          role: 'user',
          is_active: 1,
          date_joined: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await signToken(jwtSecret, 'access', row.id, 6 * 3600);
      users.push({ id: row.id, username, token });
    }
  } finally {
    await handle.close();
  }
  return users;
}

export const randomSecret = () => randomBytes(36).toString('base64url');
