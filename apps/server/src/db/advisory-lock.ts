import { sql } from 'kysely';
import type { DB } from './connection.ts';

/**
 * Runs `work` while this process holds PostgreSQL's session advisory lock `id`: other processes asking for the
 * same lock wait until `work` is done. The lock is taken on one pooled connection; `work` may use the others.
 */
export async function withAdvisoryLock<T>(db: DB, id: number, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(id)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(id)})`.execute(connection);
    }
  });
}
