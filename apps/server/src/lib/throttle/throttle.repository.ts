import type { DB } from '../../db/connection.ts';

/** When the newest `limit` events of a bucket after `since` happened, newest first. */
export function findRecentEvents(db: DB, bucket: string, since: string, limit: number) {
  return db
    .selectFrom('throttle_events')
    .select('created_at')
    .where('bucket', '=', bucket)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** One event in each bucket at `at`; the new rows' ids. */
export async function insertEvents(db: DB, buckets: readonly string[], at: string): Promise<number[]> {
  const rows = await db
    .insertInto('throttle_events')
    .values(buckets.map((bucket) => ({ bucket, created_at: at })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Takes events back by id. */
export async function deleteEvents(db: DB, ids: readonly number[]): Promise<void> {
  await db
    .deleteFrom('throttle_events')
    .where('id', 'in', [...ids])
    .execute();
}

/** Forgets every event older than `before`. */
export async function deleteEventsBefore(db: DB, before: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('created_at', '<', before).execute();
}
