import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';

export const TEST_DB_KIND = process.env.ARBOR_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  dataDir: string;
  /** closes the connection and removes the database and data folder */
  destroy(): Promise<void>;
}

/** A fresh, empty database for one test file: a SQLite file in a temp folder, or a throwaway PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-test-'));
  if (TEST_DB_KIND === 'sqlite') {
    const url = `sqlite://${path.join(dataDir, 'arbor.db')}`;
    const handle = openDatabase(url);
    return {
      url,
      handle,
      dataDir,
      async destroy() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `arbor_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  return {
    url: url.toString(),
    handle,
    dataDir,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
